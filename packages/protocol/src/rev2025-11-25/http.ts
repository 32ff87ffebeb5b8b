import type { Authenticator } from '../auth/authenticate.js';
import { type Observation, answerOutcome } from '../context/observe.js';
import type { Exchange, RequestContext } from '../context/request-context.js';
import { FixedAnswer, jsonAnswer, type Reply } from '../http/fixed-answer.js';
import { noStore, retryAfterHeaders } from '../http/headers.js';
import { acceptsSse, answerText, reply } from '../http/reply.js';
import { streamedReply, wantsStream } from '../http/sse.js';
import type { Answer, RpcCall } from '../jsonrpc/message.js';
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
) => Promise<Reply>;

/** The 2025-11-25 wire's HTTP path: authentication, then each message, then one reply. */
export function createHttp2025(options: Http2025Options): Http2025 {
  const { wire, authenticate, observation, sseAllowed, logging, reportError } = options;

  const runWire = (call: RpcCall, exchange: Exchange) => wire.run(call, exchange);

  /** One message, observed; a fixed result comes back without a promise. */
  function run(call: RpcCall, exchange: Exchange): Answer | undefined | Promise<Answer | undefined> {
    if (observation === undefined) return wire.run(call, exchange);
    return observation.observed(call, exchange, runWire, answerOutcome);
  }

  /** Parameters refused at the boundary (NUL, lone surrogates, nesting) never reach a handler. */
  function runChecked(call: RpcCall, exchange: Exchange): Answer | undefined | Promise<Answer | undefined> {
    return paramsProblemAnswer(call) ?? run(call, exchange);
  }

  return async (parsed, request, context) => {
    const batch = Array.isArray(parsed);
    const calls = batch ? parsed : [parsed];
    let authenticated = authenticate(calls, batch, request, context);
    if (isPromise(authenticated)) authenticated = await authenticated;
    if (authenticated instanceof FixedAnswer) {
      observation?.refused(calls, request, authenticated.status);
      return authenticated;
    }
    const auth = authenticated.auth;
    const exchange: Exchange = { request, context, auth };
    const wantsSse = sseAllowed && acceptsSse(request);
    if (!batch) {
      const call = parsed;
      if (wantsSse && wantsStream(call, logging)) {
        return streamedReply(
          call.id ?? null,
          exchange,
          async (streamed) => run(call, streamed),
          answerText,
          reportError,
        );
      }
      let message = runChecked(call, exchange);
      if (isPromise(message)) message = await message;
      const retry = exchange.retry;
      if (retry !== undefined && typeof message === 'string') {
        const headers = retryAfterHeaders(retry.retryAfterSeconds);
        return jsonAnswer(retry.status, message, auth === undefined ? headers : noStore(headers));
      }
      return reply(message === undefined ? [] : [message], false, wantsSse, auth);
    }
    const answers = await Promise.all(
      calls.map((call) => (typeof call === 'string' ? call : runChecked(call, exchange))),
    );
    const messages: Answer[] = [];
    for (const answer of answers) if (answer !== undefined) messages.push(answer);
    return reply(messages, true, wantsSse, auth);
  };
}
