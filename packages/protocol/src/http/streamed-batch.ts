import type { AuthInfo } from '../context/auth-info.js';
import type { ResponseMessage, RpcCall } from '../jsonrpc/message.js';
import { encodeBody, errorMessage } from '../jsonrpc/response.js';
import { isPromise } from '../util/is-promise.js';
import { JSON_HEADERS, noStore, SSE_HEADERS } from './headers.js';
import { responseMessageText } from './reply.js';
import { sseFrame } from './sse.js';

/**
 * Messages of one batch that run at once, and answers of it held unwritten: a batch of more is
 * streamed ({@link streamedBatchReply}), so that a batch of a hundred large reads (a packet's
 * base64 each) holds this many bodies at a time rather than a hundred.
 */
export const BATCH_IN_FLIGHT = 8;

/**
 * Whether a batch is answered by {@link streamedBatchReply}: more members than
 * {@link BATCH_IN_FLIGHT}, at least one of them answered (a request with an id, or a member
 * refused already). A smaller batch, or one of notifications only (202), is answered whole.
 */
export function streamsBatch(members: ReadonlyArray<RpcCall | string>): boolean {
  return (
    members.length > BATCH_IN_FLIGHT &&
    members.some((member) => typeof member === 'string' || member.id !== undefined)
  );
}

type Run = (call: RpcCall) => ResponseMessage | undefined | Promise<ResponseMessage | undefined>;

/**
 * The reply to a large batch, streamed: its members run at most {@link BATCH_IN_FLIGHT} at a time,
 * ahead of the next one to write, and each answer is written in the batch's order as the socket
 * takes it (the body is pulled: the Node bridge waits for the socket to drain before it reads on).
 * The bytes are those of the whole reply (one JSON array, or one SSE frame per message). The
 * status is 200 whatever the members answer (in a batch a retryable failure is that message's
 * error alone). A member whose run fails answers -32603 for its id; the client's leaving stops
 * the members not yet started.
 */
export function streamedBatchReply(
  members: ReadonlyArray<RpcCall | string>,
  run: Run,
  options: {
    sse: boolean;
    auth: AuthInfo | undefined;
    signal: AbortSignal;
    reportError: (error: unknown, where: { method?: string }) => void;
  },
): Response {
  // The answers started and not yet written, in the batch's order.
  const pending: Array<Promise<ResponseMessage | undefined>> = [];
  let started = 0;
  let any = false;
  const start = (): void => {
    while (started < members.length && pending.length < BATCH_IN_FLIGHT && !options.signal.aborted) {
      const member = members[started++]!;
      if (typeof member === 'string') {
        pending.push(Promise.resolve(member));
        continue;
      }
      let answer: ResponseMessage | undefined | Promise<ResponseMessage | undefined>;
      try {
        answer = run(member);
      } catch (error) {
        answer = Promise.reject(error);
      }
      const settled = isPromise(answer) ? answer : Promise.resolve(answer);
      pending.push(
        settled.catch((error: unknown) => {
          options.reportError(error, { method: member.method });
          return member.id === undefined ? undefined : errorMessage(member.id, -32603, 'Internal error');
        }),
      );
    }
  };
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        for (;;) {
          start();
          const next = pending.shift();
          if (next === undefined) {
            // Every member written (or the client gone before the rest started).
            if (!options.sse) controller.enqueue(encodeBody(any ? ']' : '[]'));
            controller.close();
            return;
          }
          const answer = await next;
          if (answer === undefined) continue;
          const text = responseMessageText(answer);
          const piece = options.sse ? sseFrame(text) : (any ? ',' : '[') + text;
          any = true;
          controller.enqueue(encodeBody(piece));
          return;
        }
      },
    },
    { highWaterMark: 0 },
  );
  const shared = options.sse ? SSE_HEADERS : JSON_HEADERS;
  return new Response(body, { status: 200, headers: options.auth === undefined ? shared : noStore(shared) });
}
