import { errorResponse, HttpError, jsonResponse } from '../errors/http-errors.js';
import { withCors } from '@filing-mcp/protocol';
import type { RateLimitScope } from './rate-limit-scopes.js';

/**
 * The 429 of an OAuth endpoint: `/approve` (the consent page's hand-off) answers in the
 * interface's `{ code, message }`, the others as an OAuth error (RFC 6749 section 5.2 shape).
 */
export function oauthTooManyRequests(scope: RateLimitScope, retryAfter: number): Response {
  const headers = { 'retry-after': String(retryAfter) };
  return scope === 'approve'
    ? errorResponse(new HttpError(429, 'Too many requests', { headers }))
    : withCors(
        jsonResponse(
          { error: 'too_many_requests', error_description: 'rate limit reached; retry later' },
          429,
          headers,
        ),
      );
}
