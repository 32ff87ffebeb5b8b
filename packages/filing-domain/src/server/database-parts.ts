import type { OAuthServer } from '@filing-mcp/oauth-core';
import { lazyOnce } from '@filing-mcp/protocol/internal';
import { errorSummary } from '../logging/filing-logger.js';
import { loadOAuthServer } from '../loading/loaders.js';
import type { Readiness } from '../probes/probe-responses.js';
import type { RateLimiter } from '../rate-limits/rate-limiter.js';
import type { ServerBasics } from './server-basics.js';
import {
  loadCleanup,
  loadKeyRevocation,
  loadOAuthSettings,
  loadRateLimiter,
  loadReadinessCheck,
} from './server-loads.js';

/**
 * The rate limiter (none with `rateLimits: false`), loaded and built by its first use: the first
 * credential starts it, and with the driver's pool as a plain query (serverless) it counts
 * through that pool, no Kysely. `flush` writes its pending hits, if it was built, for `close`.
 */
function rateLimiter(basics: ServerBasics) {
  const { config, lazyDb, databaseQuery, clock, log } = basics;
  let lastBuild: Promise<RateLimiter | undefined> | undefined;
  const build = async (): Promise<RateLimiter | undefined> => {
    if (config.rateLimits === false) return undefined;
    const { RateLimiter, DEFAULT_RATE_LIMITS } = await loadRateLimiter();
    return new RateLimiter({
      db: lazyDb,
      ...(databaseQuery && { query: databaseQuery }),
      limits: { ...DEFAULT_RATE_LIMITS, ...config.rateLimits },
      now: clock,
      onError: (error) => log({ event: 'rate_limit_error', ...errorSummary(error) }),
    });
  };
  const limiter = lazyOnce(() => (lastBuild = build()));
  const flush = async () => (await lastBuild?.catch(() => undefined))?.flush();
  return { limiter, flush };
}

/** The OAuth server (oauth-core, jose, its Kysely store), loaded and built by its first use. */
function oauthServer(basics: ServerBasics): () => Promise<OAuthServer> {
  return lazyOnce(async () => {
    const [[{ createOAuthServer }, { createKyselyOAuthStore }], { filingOAuthSettings }, database] =
      await Promise.all([loadOAuthServer(), loadOAuthSettings(), basics.lazyDb()]);
    return createOAuthServer({ ...filingOAuthSettings(basics), store: createKyselyOAuthStore(database) });
  });
}

/**
 * `/readyz`'s check (the migration lists), loaded and built by the first probe. Its timeout is
 * checked here, as `createReadinessCheck` does, so that a bad value fails the server's start
 * rather than the first probe.
 */
function readinessCheck(basics: ServerBasics): () => Promise<Readiness> {
  const timeoutMs = basics.options.readinessTimeoutMs;
  if (timeoutMs !== undefined && !(Number.isInteger(timeoutMs) && timeoutMs > 0)) {
    throw new TypeError('readiness timeoutMs must be a positive integer');
  }
  const check = lazyOnce(async () => {
    const [{ createReadinessCheck }, database] = await Promise.all([loadReadinessCheck(), basics.lazyDb()]);
    return createReadinessCheck(database, { ...(timeoutMs !== undefined && { timeoutMs }) });
  });
  return async () => (await check())();
}

/**
 * Step 2: the parts that need the database (but the credential check): the rate limiter, the
 * OAuth server, readiness, cleanup (`cleanup.ts`) and key revocation (`key-revocation.ts`), each
 * loaded by its own first use, so that `initialize` (and `tools/list`, the probes' liveness,
 * preflights) loads none of them, and an API key's first `tools/call` the rate limiter alone.
 */
export function databaseParts(basics: ServerBasics) {
  const { limiter, flush } = rateLimiter(basics);
  const oauth = oauthServer(basics);
  return {
    limiter,
    flushLimiter: flush,
    oauth,
    checkReadiness: readinessCheck(basics),
    cleanup: async () => (await loadCleanup()).runCleanup(basics, oauth, limiter),
    revokeApiKey: async (id: string, userId?: string) =>
      (await loadKeyRevocation()).revokeApiKey(basics, id, userId),
  };
}
