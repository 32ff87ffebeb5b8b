import { withCors } from '@filing-mcp/protocol';
import { jsonResponse } from '../errors/http-errors.js';

/**
 * The answer at a path where MCP SDK users guess the endpoint (`mcpGuessPaths` of routes.ts),
 * whatever the method: a 404 that names the MCP endpoint (`endpoint`, `{base_url}`) in its body
 * and in a `Link` header, never a redirect (a
 * client that followed one would keep the wrong URL, and the OAuth `resource` it asks tokens for
 * with it), nor a silent proxy. JSON `{ code: 404, message, mcp_endpoint }` (an MCP SDK puts the
 * body into the error it throws); a short text for a browser (`Accept` naming `text/html`).
 * Loaded by the first such request (`loadMcpPointer`), off the cold start.
 */
export function mcpPointerResponse(request: Request, endpoint: string): Response {
  const message = `Not found: this is not the MCP endpoint. This server's MCP endpoint is ${endpoint} (JSON-RPC over POST, streamable HTTP): connect your MCP client to that URL.`;
  const headers = { link: `<${endpoint}>; rel="related"; title="MCP endpoint"` };
  if (/\btext\/html\b/i.test(request.headers.get('accept') ?? '')) {
    return withCors(
      new Response(`${message}\n`, {
        status: 404,
        headers: {
          ...headers,
          'content-type': 'text/plain; charset=utf-8',
          'cache-control': 'no-store',
          'x-content-type-options': 'nosniff',
        },
      }),
    );
  }
  return withCors(jsonResponse({ code: 404, message, mcp_endpoint: endpoint }, 404, headers));
}
