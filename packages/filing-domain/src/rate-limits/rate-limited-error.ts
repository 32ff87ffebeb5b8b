/** A rate limit was reached; retry after `retryAfterSeconds`. */
export class RateLimitedError extends Error {
  override readonly name = 'RateLimitedError';
  readonly code = 'rate_limited';
  constructor(readonly retryAfterSeconds: number) {
    super('Too many requests');
  }
}
