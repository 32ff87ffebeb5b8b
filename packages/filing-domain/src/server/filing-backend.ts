import type { FilingDatabase } from '../storage/database.js';
import type {
  ClientMetadataDocumentOptions,
  CompletedAuthorization,
  OAuthServer,
} from '@filing-mcp/oauth-core';
import { lazyOnce } from '@filing-mcp/protocol/internal';
import type { Kysely } from 'kysely';
import { deleteApiKey } from '../auth/api-keys.js';
import type { ResolvedFilingServerConfig } from '../config/config.js';
import type { CredentialCache } from '../auth/credential-cache.js';
import { isDatabaseUnavailable } from '../storage/database-unavailable.js';
import type { HashFunction } from '../auth/hash.js';
import { errorSummary } from '../logging/filing-logger.js';
import { DEFAULT_RATE_LIMITS } from '../rate-limits/rate-limit-scopes.js';
import { RateLimiter } from '../rate-limits/rate-limiter.js';
import type { Readiness } from '../probes/probe-responses.js';
import { FILING_SCOPES } from '../auth/scopes.js';
import type { DatabaseQuery } from '../storage/database-query.js';
import { loadOAuthServer } from '../loading/loaders.js';

/**
 * The abandoned clients' cleanup (Kysely's query builder and its `sql` tag, about 80 KB of the
 * Lambda bundle), loaded by the first cleanup run: the rate limit of a first `tools/call` needs none.
 */
const loadAbandonedClients = () => import('../auth/abandoned-clients.js');

/** What the server's front (routing, MCP, config) hands to the parts that need the database. */
export interface FilingBackendOptions {
  /** The database, opened by the first part that needs Kysely (the OAuth store, cleanup, revocation). */
  db: () => Promise<Kysely<FilingDatabase>>;
  /** The driver's pool as a plain query (serverless): the rate limit counts through it, no Kysely. */
  query?: () => Promise<DatabaseQuery>;
  /** Loads the readiness check (`server/server-loads.ts`: this module cannot import it). */
  loadReadinessCheck: () => Promise<typeof import('../probes/readiness-check.js')>;
  config: ResolvedFilingServerConfig;
  baseUrl: string;
  basePath: string;
  hash: HashFunction;
  clock: () => number;
  log: (event: { event: string; [key: string]: unknown }) => void;
  /** The verified-credential cache, owned by the front (revocations reach it before the backend exists). */
  cache: CredentialCache;
  retryAfterSeconds: number;
  readinessTimeoutMs?: number;
  /** Client ID Metadata Documents (https `client_id`s) through this fetcher; default off. */
  clientMetadataDocuments?: ClientMetadataDocumentOptions;
}

/** The database's side of the filing server, built by the first request that needs it. */
export type FilingBackend = ReturnType<typeof createFilingBackend>;

/**
 * Everything of the filing server that reads or writes the database but the credential check
 * (auth/authenticate.ts, which the front loads on its own so that it waits for the driver only):
 * the OAuth server, rate limits, readiness, cleanup and key revocation. A module of its own so that a
 * server answers `initialize` (and `tools/list`, probes, preflights) without loading Kysely, the
 * OAuth server or a database driver. Within it, the OAuth server (oauth-core, jose, its Kysely
 * store) and the readiness check (the migration lists) load on first use too: an API key's first
 * `tools/call` needs neither, nor Kysely: with the driver's pool as a plain query (serverless), the
 * rate limit counts through it.
 */
export function createFilingBackend(options: FilingBackendOptions) {
  const { db, config, baseUrl, basePath, hash, clock, log, cache } = options;
  /** The OAuth server, loaded and built once by the first OAuth route, access token or cleanup. */
  const oauth = lazyOnce(
    (): Promise<OAuthServer> =>
      Promise.all([loadOAuthServer(), db()]).then(
        ([[{ createOAuthServer }, { createKyselyOAuthStore }], database]) =>
          createOAuthServer({
            baseUrl,
            basePath,
            appUrl: config.appUrl,
            store: createKyselyOAuthStore(database),
            session: config.session,
            hash,
            ...(config.lifetimes && { lifetimes: config.lifetimes }),
            ...((config.requirePkce ?? config.requirePkceForPublicClients) !== undefined && {
              requirePkce: config.requirePkce ?? config.requirePkceForPublicClients,
            }),
            ...(config.refreshGraceSeconds !== undefined && {
              refreshGraceSeconds: config.refreshGraceSeconds,
            }),
            now: () => clock(),
            logger: log,
            onCredentialsEnded: (hashes) => {
              for (const credentialHash of hashes) cache.delete(credentialHash);
            },
            scopes: FILING_SCOPES,
            ...(options.clientMetadataDocuments && {
              clientMetadataDocuments: options.clientMetadataDocuments,
            }),
            unavailable: (error) => (isDatabaseUnavailable(error) ? options.retryAfterSeconds : undefined),
          }),
      ),
  );

  // Checked here, as createReadinessCheck does, so that a bad value still fails the backend's start
  // rather than the first probe.
  if (
    options.readinessTimeoutMs !== undefined &&
    !(Number.isInteger(options.readinessTimeoutMs) && options.readinessTimeoutMs > 0)
  ) {
    throw new TypeError('readiness timeoutMs must be a positive integer');
  }
  const readinessCheck = lazyOnce(() =>
    Promise.all([options.loadReadinessCheck(), db()]).then(([{ createReadinessCheck }, database]) =>
      createReadinessCheck(database, {
        ...(options.readinessTimeoutMs !== undefined && { timeoutMs: options.readinessTimeoutMs }),
      }),
    ),
  );
  async function checkReadiness(): Promise<Readiness> {
    return (await readinessCheck())();
  }

  const limiter =
    config.rateLimits === false
      ? undefined
      : new RateLimiter({
          db,
          ...(options.query && { query: options.query }),
          limits: { ...DEFAULT_RATE_LIMITS, ...config.rateLimits },
          now: clock,
          onError: (error) => log({ event: 'rate_limit_error', ...errorSummary(error) }),
        });
  return {
    oauth,
    limiter,
    checkReadiness,
    async cleanup() {
      const [{ DEFAULT_CLIENT_EXPIRY, deleteAbandonedClients }, database] = await Promise.all([
        loadAbandonedClients(),
        db(),
      ]);
      const clientExpiry = { ...DEFAULT_CLIENT_EXPIRY, ...config.clientExpiry };
      const clients = await deleteAbandonedClients(database, clock(), clientExpiry);
      const expired = await (await oauth()).cleanup();
      const rateLimitCounters = (await limiter?.cleanup()) ?? 0;
      return { ...expired, clients, rateLimitCounters };
    },
    resolveOAuthClient: async (clientId: string) => (await oauth()).resolveClient(clientId),
    completeAuthorization: async (authorization: CompletedAuthorization) =>
      (await oauth()).completeAuthorization(authorization),
    async revokeApiKey(id: string, userId?: string) {
      const keyHash = await deleteApiKey(await db(), id, userId);
      if (keyHash === undefined) return false;
      cache.delete(keyHash);
      return true;
    },
    async close() {
      await limiter?.flush();
    },
  };
}
