/**
 * CORS headers every response of the service carries: the contract's list (docs/spec-differences.md#cors)
 * with `last-event-id` added, for clients that resume SSE streams, and `mcp-method`, `mcp-name`, which
 * MCP 2026-07-28 clients send on every request. Lower-case names, as HTTP/2 sends them.
 * Frozen, because it is shared by every response.
 */
export const corsHeaders: Readonly<Record<string, string>> = Object.freeze({
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, OPTIONS, DELETE',
  'access-control-allow-headers':
    'authorization, x-client-info, apikey, content-type, mcp-session-id, mcp-protocol-version, last-event-id, mcp-method, mcp-name',
  'access-control-expose-headers': 'mcp-session-id, www-authenticate',
});

const corsHeaderEntries = Object.entries(corsHeaders);

// Preflight answers may be cached by the browser; a day spares a round trip per MCP call.
// Shared and frozen: `new Response(body, { headers })` copies its init into a fresh Headers.
export const PREFLIGHT_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  ...corsHeaders,
  'access-control-max-age': '86400',
});

/**
 * Answer to a CORS preflight (`OPTIONS`, any path): status 200, CORS headers, no body. Never a
 * 401, so browsers can learn they may send `Authorization` before they have a credential.
 */
export function preflightResponse(): Response {
  return new Response(null, { status: 200, headers: PREFLIGHT_HEADERS });
}

/**
 * Adds {@link corsHeaders} to a response and returns it. When the response's headers are
 * immutable (for example a `Response.redirect` or a fetched response), a copy with the headers
 * added is returned instead.
 *
 * @example
 * ```ts
 * return withCors(Response.json(metadata));
 * ```
 */
export function withCors(response: Response): Response {
  try {
    for (const [name, value] of corsHeaderEntries) response.headers.set(name, value);
    return response;
  } catch {
    const headers = new Headers(response.headers);
    for (const [name, value] of corsHeaderEntries) headers.set(name, value);
    return new Response(response.body, {
      status: response.status,
      statusText: response.statusText,
      headers,
    });
  }
}
