import type { Authenticated, Authenticator } from '../auth/authenticate.js';
import { type Observation, responseOutcome } from '../context/observe.js';
import type { Exchange, RequestContext } from '../context/request-context.js';
import { FixedResponse, fixedJsonResponse, type OutgoingResponse } from '../http/fixed-response.js';
import { noStore, retryAfterHeaders } from '../http/headers.js';
import { acceptsSse, responseMessageText, reply } from '../http/reply.js';
import { streamedReply, wantsStream } from '../http/sse.js';
import { streamedBatchReply, streamsBatch } from '../http/streamed-batch.js';
import type { ResponseMessage, RpcCall } from '../jsonrpc/message.js';
import { paramsProblemAnswer } from '../jsonrpc/params-problem.js';
import { isPromise } from '../util/is-promise.js';
import type { Wire2025 } from './wire.js';

/** What the 2025-11-25 wire's HTTP path needs of the server. */
export interface Http2025Options {
  wire: Wire2025;
  authenticate: Authenticator;
  observation: Observation | undefined;
  /** False when the server answers JSON only (`responseMode: 'json'`). */
  sseAllowed: boolean;
  /** Whether the server declares `logging` (then every handler's reply may stream its logs). */
  logging: boolean;
  reportError: (error: unknown, where: { method?: string }) => void;
}

/**
 * Answers one request of the 2025 revisions: one message or a batch (its refused members already
 * serialized), authenticated once for all of them.
 */
export type Http2025 = (
  parsed: RpcCall | Array<RpcCall | string>,
  request: Request,
  context: RequestContext | undefined,
) => OutgoingResponse | Promise<OutgoingResponse>;

/** The 2025-11-25 wire's HTTP path: authentication, then each message, then one reply. */
export function createHttp2025(options: Http2025Options): Http2025 {
  const { wire, authenticate, observation, sseAllowed, logging, reportError } = options;

  const runWire = (call: RpcCall, exchange: Exchange) => wire.run(call, exchange);

  /** One message, observed; a fixed result comes back without a promise. */
  function run(
    call: RpcCall,
    exchange: Exchange,
  ): ResponseMessage | undefined | Promise<ResponseMessage | undefined> {
    if (observation === undefined) return wire.run(call, exchange);
    return observation.observed(call, exchange, runWire, responseOutcome);
  }

  /** Parameters refused at the boundary (NUL, lone surrogates, nesting) never reach a handler. */
  function runChecked(
    call: RpcCall,
    exchange: Exchange,
  ): ResponseMessage | undefined | Promise<ResponseMessage | undefined> {
    return paramsProblemAnswer(call) ?? run(call, exchange);
  }

  /** A single message's reply; a retryable failure takes its status. */
  function single(
    message: ResponseMessage | undefined,
    exchange: Exchange,
    wantsSse: boolean,
  ): OutgoingResponse {
    const { auth, retry } = exchange;
    if (retry !== undefined && typeof message === 'string') {
      const headers = retryAfterHeaders(retry.retryAfterSeconds);
      return fixedJsonResponse(retry.status, message, auth === undefined ? headers : noStore(headers));
    }
    return reply(message === undefined ? [] : [message], false, wantsSse, auth);
  }

  /** The reply once the caller is known: a promise only when a handler runs (or for a batch). */
  function answer(
    parsed: RpcCall | Array<RpcCall | string>,
    calls: ReadonlyArray<RpcCall | string>,
    request: Request,
    context: RequestContext | undefined,
    authenticated: Authenticated,
  ): OutgoingResponse | Promise<OutgoingResponse> {
    if (authenticated instanceof FixedResponse) {
      observation?.refused(calls, request, authenticated.status);
      return authenticated;
    }
    const auth = authenticated.auth;
    const exchange: Exchange = { request, context, auth };
    const wantsSse = sseAllowed && acceptsSse(request);
    if (!Array.isArray(parsed)) {
      const call = parsed;
      if (wantsSse && wantsStream(call, logging)) {
        return streamedReply(
          call.id ?? null,
          exchange,
          async (streamed) => run(call, streamed),
          responseMessageText,
          reportError,
        );
      }
      const message = runChecked(call, exchange);
      if (isPromise(message)) return message.then((settled) => single(settled, exchange, wantsSse));
      return single(message, exchange, wantsSse);
    }
    // A large batch is streamed, a few members at a time, in order: its answers are not all held.
    if (streamsBatch(parsed)) {
      return streamedBatchReply(parsed, (call) => runChecked(call, exchange), {
        sse: wantsSse,
        auth,
        signal: request.signal,
        reportError,
      });
    }
    return Promise.all(
      parsed.map((call) => (typeof call === 'string' ? call : runChecked(call, exchange))),
    ).then((answers) => {
      const messages: ResponseMessage[] = [];
      for (const message of answers) if (message !== undefined) messages.push(message);
      return reply(messages, true, wantsSse, auth);
    });
  }

  // Not async: a message answered at once (a fixed result, no credential to look up) is replied
  // to without a promise, so the handler awaits nothing more for it.
  return (parsed, request, context) => {
    const batch = Array.isArray(parsed);
    const calls = batch ? parsed : [parsed];
    const authenticated = authenticate(calls, batch, request, context);
    if (isPromise(authenticated)) {
      return authenticated.then((settled) => answer(parsed, calls, request, context, settled));
    }
    return answer(parsed, calls, request, context, authenticated);
  };
}
