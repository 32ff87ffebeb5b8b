import { JsonRpcErrorCode, McpError, type RetryableError } from '@filing-mcp/protocol';
import { httpErrorOf } from './http-errors.js';

// What the client may use to fix the request, beyond the code (never a value of the filing's).
const DETAILS = ['limit', 'actual', 'max', 'field'] as const;

function details(error: unknown): Record<string, unknown> {
  const source = error as Record<string, unknown>;
  return Object.fromEntries(
    DETAILS.filter((key) => source[key] !== undefined).map((key) => [key, source[key]]),
  );
}

// The MCP answers keep the texts they had before the one HTTP error mapping (.changeset/one-http-error.md):
// a retry concerns the credential's calls, not a page.
const RETRY_MESSAGES: Record<string, string> = {
  rate_limited: 'Too many requests: the tools/call limit of this credential is reached; retry later',
  database_unavailable: 'Service unavailable: the database did not answer in time; retry later',
};

/**
 * The MCP answer to an error a client should retry (the `retryableError` of the MCP server):
 * HTTP 429 with `-32004` or 503 with `-32005`, and `Retry-After`; the same statuses the JSON
 * routes and the companion pages answer for the same error ({@link httpErrorOf}).
 */
export function mcpRetryableError(error: unknown): RetryableError | undefined {
  const http = httpErrorOf(error);
  if (http === undefined || (http.status !== 429 && http.status !== 503)) return undefined;
  return {
    status: http.status,
    code: http.status === 429 ? JsonRpcErrorCode.RateLimited : JsonRpcErrorCode.ServiceUnavailable,
    message: RETRY_MESSAGES[http.code ?? ''] ?? http.message,
    retryAfterSeconds: Number(http.headers['retry-after']),
  };
}

/**
 * The MCP answer to a request the user can fix (a packet over its bounds, text the forms cannot
 * print): `-32602` with the error's stable `code` and what names the problem in `data`, e.g.
 * `{ uri, code: 'packet_too_large', limit, actual, max }`; the same code the JSON routes send as
 * `error` and the companion pages answer with the same status. Undefined for anything else.
 */
export function mcpInvalidParams(error: unknown, data: Record<string, unknown>): McpError | undefined {
  const http = httpErrorOf(error);
  if (http === undefined || http.status >= 500 || http.status === 429) return undefined;
  return new McpError(
    JsonRpcErrorCode.InvalidParams,
    http.message,
    { ...data, code: http.code, ...details(error) },
    { cause: error },
  );
}
