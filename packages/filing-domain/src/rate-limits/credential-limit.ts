import type { AuthInfo } from '@filing-mcp/protocol';
import { RateLimitedError } from './rate-limited-error.js';
import type { RateLimiter } from './rate-limiter.js';

/** Options of {@link createCredentialLimit}. */
export interface CredentialLimitOptions {
  /** Which credential an AuthInfo came from (a prefix of its SHA-256), as authentication recorded it. */
  credentialKeys: WeakMap<AuthInfo, string>;
  /** The limiter, built with the database's side of the server by the first request that needs it. */
  limiter: () => Promise<RateLimiter>;
}

/**
 * Wraps a function so that each call counts against its credential's `tools/call` limit before it
 * runs (per credential; per user when the credential is unknown), and throws
 * {@link RateLimitedError} past the limit. Tool calls and packet reads share the limit: a packet
 * costs more than any tool.
 */
export type CredentialLimit = <A extends unknown[], R>(
  run: (...args: A) => R,
  authOf: (...args: A) => AuthInfo | undefined,
) => (...args: A) => Promise<Awaited<R>>;

/** The per-credential limit of tool calls and packet reads (see {@link CredentialLimit}). */
export function createCredentialLimit(options: CredentialLimitOptions): CredentialLimit {
  // Resolved by the first call; every later one counts without waiting for it again.
  let limiter: RateLimiter | undefined;
  return <A extends unknown[], R>(run: (...args: A) => R, authOf: (...args: A) => AuthInfo | undefined) =>
    async (...args: A): Promise<Awaited<R>> => {
      const auth = authOf(...args);
      const key = (auth && options.credentialKeys.get(auth)) ?? `user:${auth?.userId}`;
      limiter ??= await options.limiter();
      const retryAfter = await limiter.hitFast('toolsCall', key);
      if (retryAfter !== undefined) throw new RateLimitedError(retryAfter);
      return await run(...args);
    };
}
