import { JsonRpcErrorCode, type RetryableError } from '@filing-mcp/protocol';
import { jsonResponse } from '../server/json-response.js';
import { RateLimitedError } from './rate-limited-error.js';
import type { RateLimitScope } from './rate-limit-scopes.js';

/**
 * The 429 of an OAuth endpoint: `/approve` (the consent page's hand-off) answers in the
 * interface's `{ code, message }`, the others as an OAuth error (RFC 6749 section 5.2 shape).
 */
export function oauthTooManyRequests(scope: RateLimitScope, retryAfter: number): Response {
  const headers = { 'retry-after': String(retryAfter), pragma: 'no-cache' };
  return scope === 'approve'
    ? jsonResponse(429, { code: 429, message: 'Too many requests' }, headers)
    : jsonResponse(
        429,
        { error: 'too_many_requests', error_description: 'rate limit reached; retry later' },
        headers,
      );
}

/** The JSON-RPC answer (HTTP 429, `Retry-After`) to a tool call or packet read over its credential's limit. */
export function toolsCallRateLimited(error: unknown): RetryableError | undefined {
  if (!(error instanceof RateLimitedError)) return undefined;
  return {
    status: 429,
    code: JsonRpcErrorCode.RateLimited,
    message: 'Too many requests: the tools/call limit of this credential is reached; retry later',
    retryAfterSeconds: error.retryAfterSeconds,
  };
}
