import { META_KEYS } from '../mcp/meta-keys.js';
import { encodeBody, errorMessage, type ResponseId } from '../jsonrpc/response.js';
import { noStore, SSE_HEADERS } from './headers.js';
import type { ResponseMessage, RpcCall } from '../jsonrpc/message.js';
import type { Exchange } from '../context/request-context.js';
import { progressTokenOf } from '../mcp/progress.js';

// Methods whose handlers may report progress or log while they run.
const STREAMABLE = new Set(['tools/call', 'prompts/get', 'resources/read', 'completion/complete']);

/**
 * Whether a request's answer is streamed (SSE frames written as they come) rather than sent at
 * once: a method that runs a handler, and a reason to send notifications before the result (a
 * progress token, a 2026 `_meta.logLevel`, or a server that logs on the 2025 wire).
 */
export function wantsStream(call: RpcCall, logging: boolean): boolean {
  if (call.id === undefined || !STREAMABLE.has(call.method)) return false;
  if (progressTokenOf(call.params) !== undefined || logging) return true;
  const meta = (call.params as { _meta?: Record<string, unknown> } | undefined)?._meta;
  return typeof meta === 'object' && meta !== null && meta[META_KEYS.logLevel] !== undefined;
}

/**
 * Answers one request with an SSE stream that is returned at once: notifications the handler
 * sends (progress, log messages) are framed as they happen, then the response, then the stream
 * ends. The client closing the stream is cancellation: the handler's signal aborts and nothing
 * more is written.
 */
export function streamedReply(
  id: ResponseId,
  exchange: Exchange,
  run: (exchange: Exchange) => Promise<ResponseMessage | undefined>,
  responseMessageText: (answer: ResponseMessage) => string,
  reportError: (error: unknown, where: { method?: string }) => void,
): Response {
  const cancel = new AbortController();
  let sink: ReadableStreamDefaultController<Uint8Array> | undefined;
  let open = true;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      sink = controller;
    },
    cancel(reason) {
      open = false;
      cancel.abort(reason ?? new Error('The client closed the response stream'));
    },
  });
  const write = (text: string): void => {
    if (!open || sink === undefined) return;
    sink.enqueue(encodeBody(sseFrame(text)));
  };
  const streamed: Exchange = {
    ...exchange,
    notify: write,
    signal: AbortSignal.any([exchange.request.signal, cancel.signal]),
  };
  run(streamed)
    .then(
      (answer) => {
        if (answer !== undefined) write(responseMessageText(answer));
      },
      (error: unknown) => {
        reportError(error, {});
        write(errorMessage(id, -32603, 'Internal error'));
      },
    )
    .finally(() => {
      if (open) {
        open = false;
        sink?.close();
      }
    });
  // An answer computed for a known caller is not to be stored (see `noStore`).
  const headers = exchange.auth === undefined ? SSE_HEADERS : noStore(SSE_HEADERS);
  return new Response(body, { status: 200, headers });
}

/**
 * One SSE frame per message (docs/spec-differences.md#server-sent-events); serialized JSON never
 * contains a raw line break.
 */
export function sseFrame(message: string): string {
  return 'event: message\ndata: ' + message + '\n\n';
}
