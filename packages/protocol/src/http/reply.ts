import type { AuthInfo } from '../context/auth-info.js';
import type { ResponseMessage } from '../jsonrpc/message.js';
import { encodeBody, resultMessage, staticResultChunks } from '../jsonrpc/response.js';
import { FixedResponse } from './fixed-response.js';
import { ACCEPTED_HEADERS, JSON_HEADERS, noStore, SSE_HEADERS } from './headers.js';
import { sseFrame } from './sse.js';

const ACCEPTED = 202;

/** One response message as JSON text. */
export function responseMessageText(answer: ResponseMessage): string {
  return typeof answer === 'string' ? answer : resultMessage(answer.id, answer.result.json);
}

/** Whether the client takes an SSE reply (its Accept lists `text/event-stream`). */
export function acceptsSse(request: Request): boolean {
  const accept = request.headers.get('accept');
  if (accept === null) return false;
  // The usual lower-case value needs no lower-cased copy.
  return accept.includes('text/event-stream') || accept.toLowerCase().includes('text/event-stream');
}

/** The 202 answer to a request of notifications only. */
export function acceptedResponse(auth: AuthInfo | undefined): FixedResponse {
  return new FixedResponse(ACCEPTED, null, auth === undefined ? ACCEPTED_HEADERS : noStore(ACCEPTED_HEADERS));
}

/**
 * The HTTP answer carrying a request's response messages: 202 when there are none, else one JSON
 * body (an array for a batch) or one SSE frame per message. An answer computed for a known caller
 * carries `cache-control: no-store`.
 */
export function reply(
  messages: ResponseMessage[],
  batch: boolean,
  wantsSse: boolean,
  auth: AuthInfo | undefined,
): FixedResponse {
  if (messages.length === 0) return acceptedResponse(auth);
  const shared = wantsSse ? SSE_HEADERS : JSON_HEADERS;
  const headers = auth === undefined ? shared : noStore(shared);
  let body: Uint8Array<ArrayBuffer> | readonly Uint8Array[];
  if (!batch) {
    const message = messages[0]!;
    if (typeof message !== 'string') body = staticResultChunks(message.id, message.result, wantsSse);
    else body = encodeBody(wantsSse ? sseFrame(message) : message);
  } else if (wantsSse) {
    let text = '';
    for (const message of messages) text += sseFrame(responseMessageText(message));
    body = encodeBody(text);
  } else {
    body = encodeBody('[' + messages.map(responseMessageText).join(',') + ']');
  }
  return new FixedResponse(200, body, headers);
}
