import { corsHeaders } from './cors.js';

/** A JSON-RPC id as it appears in a response: `null` when the request's id could not be read. */
export type ResponseId = string | number | null;

type HeaderList = Record<string, string>;

// Header sets are frozen and shared: `new Response(body, { headers })` copies them into a fresh
// Headers object, so no response can change another's. Plain records, because undici converts a
// record into Headers faster than a list of pairs.
function headerList(extra: Record<string, string> = {}): HeaderList {
  return Object.freeze({ ...corsHeaders, ...extra });
}

const CONTENT_TYPE_JSON = { 'content-type': 'application/json' };

/** Headers of a JSON reply. */
export const JSON_HEADERS = headerList(CONTENT_TYPE_JSON);
/** Headers of an SSE reply (spec: Events). */
export const SSE_HEADERS = headerList({ 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
/** Headers of a 202 answer to notifications: no body, so no content type. */
export const ACCEPTED_HEADERS = headerList();
/** Headers of the 405 answer to GET, DELETE and other methods. */
export const METHOD_NOT_ALLOWED_HEADERS = headerList({ ...CONTENT_TYPE_JSON, allow: 'POST, OPTIONS' });

/** Headers of a 401 challenge; built once per server because they name its metadata URL. */
export function challengeHeaders(challenge: string): HeaderList {
  return headerList({ ...CONTENT_TYPE_JSON, 'www-authenticate': challenge });
}

/** `id` serialized; numbers skip `JSON.stringify`, which matters on the hot path. */
function idJson(id: ResponseId): string {
  return typeof id === 'number' ? String(id) : JSON.stringify(id);
}

/** A success response, with `resultJson` already serialized. */
export function resultMessage(id: ResponseId, resultJson: string): string {
  return '{"jsonrpc":"2.0","id":' + idJson(id) + ',"result":' + resultJson + '}';
}

/** An error response. `message` is JSON-escaped here. */
export function errorMessage(id: ResponseId, code: number, message: string): string {
  return (
    '{"jsonrpc":"2.0","id":' +
    idJson(id) +
    ',"error":{"code":' +
    code +
    ',"message":' +
    JSON.stringify(message) +
    '}}'
  );
}

/** A complete JSON response. */
export function jsonResponse(status: number, body: string, headers: HeaderList = JSON_HEADERS): Response {
  return new Response(body, { status, headers });
}

/** A JSON-RPC error as a complete HTTP response, for failures before any method runs. */
export function errorResponse(
  status: number,
  id: ResponseId,
  code: number,
  message: string,
  headers: HeaderList = JSON_HEADERS,
): Response {
  return new Response(errorMessage(id, code, message), { status, headers });
}

/** One SSE frame per message (spec: Events); serialized JSON never contains a raw line break. */
export function sseFrame(message: string): string {
  return 'event: message\ndata: ' + message + '\n\n';
}
