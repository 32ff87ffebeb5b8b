import { corsHeaders } from './cors.js';
import { partsResponse } from './response-parts.js';

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

/** Headers of an answer the client should retry after `seconds` (503, 429). */
export function retryAfterHeaders(seconds: number): HeaderList {
  return headerList({ ...CONTENT_TYPE_JSON, 'retry-after': String(Math.max(1, Math.ceil(seconds))) });
}

/** Headers of a 401 challenge; built once per server because they name its metadata URL. */
export function challengeHeaders(challenge: string): HeaderList {
  return headerList({ ...CONTENT_TYPE_JSON, 'www-authenticate': challenge });
}

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
 * The whole body of a one-message answer with a {@link StaticResult}: the fixed head, the id, the
 * precomputed tail. Byte for byte what `resultMessage` (or its SSE frame) would encode to.
 */
export function staticResultBody(
  id: ResponseId,
  result: StaticResult,
  sse: boolean,
): Uint8Array<ArrayBuffer> {
  const head = sse ? SSE_RESPONSE_HEAD : RESPONSE_HEAD;
  const tail = sse ? result.sseTail : result.jsonTail;
  const idBytes = utf8.encode(idJson(id));
  const body = new Uint8Array(head.byteLength + idBytes.byteLength + tail.byteLength);
  body.set(head, 0);
  body.set(idBytes, head.byteLength);
  body.set(tail, head.byteLength + idBytes.byteLength);
  return body;
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

/** A complete JSON response. */
export function jsonResponse(status: number, body: string, headers: HeaderList = JSON_HEADERS): Response {
  return partsResponse(status, utf8.encode(body), headers);
}

/** A JSON-RPC error as a complete HTTP response, for failures before any method runs. */
export function errorResponse(
  status: number,
  id: ResponseId,
  code: number,
  message: string,
  headers: HeaderList = JSON_HEADERS,
): Response {
  return partsResponse(status, utf8.encode(errorMessage(id, code, message)), headers);
}

/** One SSE frame per message (spec: Events); serialized JSON never contains a raw line break. */
export function sseFrame(message: string): string {
  return 'event: message\ndata: ' + message + '\n\n';
}
