import { withCors } from '@filing-mcp/protocol';

/** A JSON answer of an HTTP route (not the MCP endpoint): CORS, `no-store`, and any extra headers. */
export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return withCors(
    new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json', 'cache-control': 'no-store', ...headers },
    }),
  );
}
