/** A JSON-RPC id as it appears in a response: `null` when the request's id could not be read. */
export type ResponseId = string | number | null;

/** `id` serialized; numbers skip `JSON.stringify`, which matters on the hot path. */
function idJson(id: ResponseId): string {
  return typeof id === 'number' ? String(id) : JSON.stringify(id);
}

// Bodies are handed to `Response` as bytes: given a string, a runtime converts it to a USVString and
// re-encodes it on every read (undici does both), which for a 28 KB tools/list result was a quarter
// of the busy time. TextEncoder replaces lone surrogates exactly as that conversion does, and
// serialized JSON holds none anyway, so the bytes are the same.
const utf8 = new TextEncoder();

/** UTF-8 bytes of a serialized body. */
export function encodeBody(text: string): Uint8Array<ArrayBuffer> {
  return utf8.encode(text);
}

const RESPONSE_HEAD = utf8.encode('{"jsonrpc":"2.0","id":');
const SSE_RESPONSE_HEAD = utf8.encode('event: message\ndata: {"jsonrpc":"2.0","id":');

/** `head` followed by the id's JSON: a number's digits copied as they are (ASCII), any other id encoded. */
function headWithId(head: Uint8Array, id: ResponseId): Uint8Array<ArrayBuffer> {
  if (typeof id !== 'number') {
    const idBytes = utf8.encode(JSON.stringify(id));
    const bytes = new Uint8Array(head.byteLength + idBytes.byteLength);
    bytes.set(head, 0);
    bytes.set(idBytes, head.byteLength);
    return bytes;
  }
  const digits = String(id);
  const bytes = new Uint8Array(head.byteLength + digits.length);
  bytes.set(head, 0);
  for (let i = 0; i < digits.length; i++) bytes[head.byteLength + i] = digits.charCodeAt(i);
  return bytes;
}

/**
 * A result that never changes (tools/list, initialize, ping...), encoded once: everything of its
 * response after the id, as a JSON body and as the end of an SSE frame.
 */
export interface StaticResult {
  /** The serialized result, for batch answers. */
  readonly json: string;
  readonly jsonTail: Uint8Array;
  readonly sseTail: Uint8Array;
}

/** Encodes a fixed result once, at construction. */
export function staticResult(resultJson: string): StaticResult {
  const tail = ',"result":' + resultJson + '}';
  return { json: resultJson, jsonTail: utf8.encode(tail), sseTail: utf8.encode(tail + '\n\n') };
}

/**
 * The body of a one-message answer with a {@link StaticResult}, as two pieces: the fixed head with
 * the id, then the precomputed tail, shared by every answer and never copied. Joined, byte for
 * byte what `resultMessage` (or its SSE frame) would encode to.
 */
export function staticResultChunks(
  id: ResponseId,
  result: StaticResult,
  sse: boolean,
): [Uint8Array<ArrayBuffer>, Uint8Array] {
  return [headWithId(sse ? SSE_RESPONSE_HEAD : RESPONSE_HEAD, id), sse ? result.sseTail : result.jsonTail];
}

/** A success response, with `resultJson` already serialized. */
export function resultMessage(id: ResponseId, resultJson: string): string {
  return '{"jsonrpc":"2.0","id":' + idJson(id) + ',"result":' + resultJson + '}';
}

/** An error response. `message` (and `data`, when given) are JSON-escaped here. */
export function errorMessage(id: ResponseId, code: number, message: string, data?: unknown): string {
  return (
    '{"jsonrpc":"2.0","id":' +
    idJson(id) +
    ',"error":{"code":' +
    code +
    ',"message":' +
    JSON.stringify(message) +
    (data === undefined ? '' : ',"data":' + JSON.stringify(data)) +
    '}}'
  );
}
