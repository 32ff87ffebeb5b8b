import type { OAuthServer } from '@filing-mcp/oauth-core';
import { DEFAULT_CLIENT_EXPIRY, deleteAbandonedClients } from '../auth/abandoned-clients.js';
import type { RateLimiter } from '../rate-limits/rate-limiter.js';
import type { ServerBasics } from './server-basics.js';

/**
 * One run of the periodic cleanup: abandoned OAuth clients (before oauth-core deletes the expired
 * tokens their history is read from), expired codes and tokens, and old rate-limit counters.
 * Loaded by the first run (`loadCleanup`): Kysely's `sql` tag alone is about 80 KB of the Lambda
 * bundle, which neither a cold start nor the rate limit of a first `tools/call` needs.
 */
export async function runCleanup(
  basics: ServerBasics,
  oauth: () => Promise<OAuthServer>,
  limiter: () => Promise<RateLimiter | undefined>,
) {
  const { config, clock } = basics;
  const clientExpiry = { ...DEFAULT_CLIENT_EXPIRY, ...config.clientExpiry };
  const clients = await deleteAbandonedClients(await basics.lazyDb(), clock(), clientExpiry);
  const expired = await (await oauth()).cleanup();
  const rateLimitCounters = (await (await limiter())?.cleanup()) ?? 0;
  return { ...expired, clients, rateLimitCounters };
}
