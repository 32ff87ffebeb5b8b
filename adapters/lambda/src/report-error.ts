import { withCors } from '@filing-mcp/protocol';

/**
 * The default error sink: the error's name and message only, never request data, so no credential
 * can reach the log through it.
 * @internal
 */
export function reportError(error: unknown, phase: string): void {
  const description = error instanceof Error ? `${error.name}: ${error.message}` : typeof error;
  console.error(`[filing-mcp/lambda] ${phase} failed: ${description}`);
}

/**
 * Answers a request whose application threw: the client gets a plain 500 rather than the
 * platform's bare 502, with CORS like every other answer (INTEROP item 4) so a browser client
 * sees it.
 * @internal
 */
export function internalErrorResponse(): Response {
  return withCors(
    new Response(JSON.stringify({ code: 500, message: 'Internal server error' }), {
      status: 500,
      headers: { 'content-type': 'application/json' },
    }),
  );
}
