import type { AllowListViolation } from './allow-list-check.js';
import { corsHeaders } from './cors.js';

// Named as the MCP endpoint's JSON-RPC refusal names them.
const HEADER_NAMES = { host: 'Host', origin: 'Origin' } as const;

// With CORS like every other answer, so a browser client sees the status instead of a CORS failure.
const HEADERS = { ...corsHeaders, 'content-type': 'application/json', 'cache-control': 'no-store' };

/**
 * The one answer of an HTTP route (not the MCP endpoint, which answers in JSON-RPC) to a failure
 * it did not expect: status 500 and `{ code: 500, message: 'Internal server error' }`, the error
 * shape of the interface. It says nothing of the cause: the cause goes to the server's log, never
 * to the caller (it may hold a connection string or a query).
 */
export function internalErrorResponse(): Response {
  return new Response('{"code":500,"message":"Internal server error"}', {
    status: 500,
    headers: HEADERS,
  });
}

/**
 * The one answer of an HTTP route (not the MCP endpoint, which answers in JSON-RPC) to a request
 * whose `Host` or `Origin` the allow-list refused (see `createAllowListCheck`): status 403 and
 * `{ code: 403, message: 'Forbidden: Host not allowed' }` (or `Origin`).
 */
export function forbiddenResponse(violation: AllowListViolation): Response {
  return new Response(
    JSON.stringify({ code: 403, message: `Forbidden: ${HEADER_NAMES[violation]} not allowed` }),
    {
      status: 403,
      headers: HEADERS,
    },
  );
}
