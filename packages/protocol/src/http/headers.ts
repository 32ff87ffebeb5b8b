import { corsHeaders } from './cors.js';

/** A frozen, shared set of response headers (lower-case names). */
export type HeaderList = Record<string, string>;

// Header sets are frozen and shared: `new Response(body, { headers })` copies them into a fresh
// Headers object, so no response can change another's. Plain records, because undici converts a
// record into Headers faster than a list of pairs.
function headerList(extra: Record<string, string> = {}): HeaderList {
  return Object.freeze({ ...corsHeaders, ...extra });
}

const CONTENT_TYPE_JSON = { 'content-type': 'application/json' };

/** Headers of a JSON reply. */
export const JSON_HEADERS = headerList(CONTENT_TYPE_JSON);
/** Headers of an SSE reply (docs/spec-differences.md#server-sent-events). */
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

// Authenticated answers must not be stored by any cache (RFC 9111 section 5.2.2.5): each shared
// header set has one twin with `cache-control: no-store`, made once.
const noStoreTwins = new WeakMap<HeaderList, HeaderList>();

/** `headers` with `cache-control: no-store`: the headers of an answer to an authenticated caller. */
export function noStore(headers: HeaderList): HeaderList {
  let twin = noStoreTwins.get(headers);
  if (twin === undefined) {
    twin = Object.freeze({ ...headers, 'cache-control': 'no-store' });
    if (Object.isFrozen(headers)) noStoreTwins.set(headers, twin);
  }
  return twin;
}
