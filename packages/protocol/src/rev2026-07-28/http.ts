import type { Authenticated, Authenticator } from '../auth/authenticate.js';
import { FixedResponse, fixedJsonResponse, type OutgoingResponse } from '../http/fixed-response.js';
import { JSON_HEADERS, noStore, SSE_HEADERS } from '../http/headers.js';
import { acceptedResponse, acceptsSse, responseMessageText, reply } from '../http/reply.js';
import { streamedReply, wantsStream } from '../http/sse.js';
import type { RpcCall } from '../jsonrpc/message.js';
import { paramsProblemAnswer } from '../jsonrpc/params-problem.js';
import { encodeBody } from '../jsonrpc/response.js';
import { isPromise } from '../util/is-promise.js';
import type { ListenHub } from './listen.js';
import { responseOutcome, type McpMessageOutcome, type Observation } from '../context/observe.js';
import type { Exchange, RequestContext } from '../context/request-context.js';
import type { Validate2026 } from './validate.js';
import type { WireResponse2026, Wire2026 } from './wire.js';

/** What the 2026-07-28 wire's HTTP path needs of the server. */
export interface Http2026Options {
  wire: Wire2026;
  validate: Validate2026;
  authenticate: Authenticator;
  observation: Observation | undefined;
  listenHub: ListenHub | undefined;
  serverInfoMeta: Record<string, unknown>;
  /** False when the server answers JSON only (`responseMode: 'json'`). */
  sseAllowed: boolean;
  reportError: (error: unknown, where: { method?: string }) => void;
}

/** Answers one 2026-07-28 request: the validation ladder, authentication, then the method. */
export type Http2026 = (
  call: RpcCall,
  request: Request,
  context: RequestContext | undefined,
) => OutgoingResponse | Promise<OutgoingResponse>;

/** The 2026-07-28 wire's HTTP path. */
export function createHttp2026(options: Http2026Options): Http2026 {
  const { wire, validate, authenticate, observation, listenHub, serverInfoMeta, sseAllowed, reportError } =
    options;

  const runWire = (call: RpcCall, exchange: Exchange) => wire.run(call, exchange);

  /** Runs one validated 2026-07-28 request, observed; a fixed result comes back without a promise. */
  function run(call: RpcCall, exchange: Exchange): WireResponse2026 | Promise<WireResponse2026> {
    if (observation === undefined) return wire.run(call, exchange);
    return observation.observed(call, exchange, runWire, replyOutcome);
  }

  /** The reply to a finished answer. */
  function finish(answer: WireResponse2026, auth: Exchange['auth'], wantsSse: boolean): OutgoingResponse {
    if ('sse' in answer) {
      return new FixedResponse(
        200,
        encodeBody(answer.sse),
        auth === undefined ? SSE_HEADERS : noStore(SSE_HEADERS),
      );
    }
    if (answer.status !== 200) {
      const headers = auth === undefined ? JSON_HEADERS : noStore(JSON_HEADERS);
      return fixedJsonResponse(answer.status, responseMessageText(answer.message), headers);
    }
    return reply([answer.message], false, wantsSse, auth);
  }

  /** The reply once the caller is known: a promise only when a handler runs. */
  function answer(
    call: RpcCall,
    request: Request,
    context: RequestContext | undefined,
    capabilities: Record<string, unknown>,
    authenticated: Authenticated,
  ): OutgoingResponse | Promise<OutgoingResponse> {
    if (authenticated instanceof FixedResponse) {
      observation?.refused([call], request, authenticated.status);
      return authenticated;
    }
    const auth = authenticated.auth;
    const exchange: Exchange = {
      request,
      context,
      auth,
      era: '2026-07-28',
      clientCapabilities: capabilities,
    };
    if (listenHub !== undefined && call.method === 'subscriptions/listen') {
      return listenHub.listen(call, serverInfoMeta);
    }
    const wantsSse = sseAllowed && acceptsSse(request);
    if (wantsSse && wantsStream(call, false)) {
      // Progress or log notifications go out as they happen; an error is then answered in-band.
      return streamedReply(
        call.id ?? null,
        exchange,
        async (streamed) => {
          const answer = await run(call, streamed);
          return 'sse' in answer ? undefined : answer.message;
        },
        responseMessageText,
        reportError,
      );
    }
    const answered = run(call, exchange);
    if (isPromise(answered)) return answered.then((settled) => finish(settled, auth, wantsSse));
    return finish(answered, auth, wantsSse);
  }

  /** The 202 to a notification, once the caller is known. */
  const accepted = (authenticated: Authenticated): OutgoingResponse =>
    authenticated instanceof FixedResponse ? authenticated : acceptedResponse(authenticated.auth);

  // Not async: a request answered at once (a fixed result, no credential to look up) is replied
  // to without a promise, so the handler awaits nothing more for it.
  return (call, request, context) => {
    // 2026-07-28 defines no client-to-server notification over HTTP; accept and ignore it as the
    // 2025 wire does (challenged, like every message, when every method needs a credential).
    if (call.id === undefined) {
      const authenticated = authenticate([call], false, request, context);
      return isPromise(authenticated) ? authenticated.then(accepted) : accepted(authenticated);
    }
    const checked = validate(call, request.headers);
    if ('status' in checked) {
      observation?.refused([call], request, checked.status, checked.body);
      return fixedJsonResponse(checked.status, checked.body);
    }
    const refusedParams = paramsProblemAnswer(call);
    if (refusedParams !== undefined) return fixedJsonResponse(200, refusedParams);
    const authenticated = authenticate([call], false, request, context);
    if (isPromise(authenticated)) {
      return authenticated.then((settled) => answer(call, request, context, checked.capabilities, settled));
    }
    return answer(call, request, context, checked.capabilities, authenticated);
  };
}

/** The outcome of a 2026-07-28 answer: its message's, with the HTTP status when it is not 200. */
function replyOutcome(answer: WireResponse2026, call: RpcCall): McpMessageOutcome {
  if ('sse' in answer) return {};
  const outcome = responseOutcome(answer.message, call);
  return answer.status === 200 ? outcome : { ...outcome, httpStatus: answer.status };
}
