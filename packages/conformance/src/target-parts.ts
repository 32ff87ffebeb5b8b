import { randomBytes } from 'node:crypto';
import { createApiKey, migrateToLatest } from '@filing-mcp/filing-domain';
import { createPGliteDb, createPostgresDb } from '@filing-mcp/test-db';
import type { Kysely } from 'kysely';
import type { ConformanceClock, ConformanceDatabase } from './conformance-target.js';
import { createControllableClock } from './controllable-clock.js';

/** Companion-app address every target is configured with. */
export const CONFORMANCE_APP_URL = 'https://app.filing-mcp.test';

/** Configuration a conformance target's server is created with (the `config` of `createFilingServer`). */
export interface ConformanceServerConfig {
  baseUrl: string;
  appUrl: string;
  session: { secret: string };
  requireAuth: 'tools/call';
  authCacheTtlMs: number;
  /** Off: the scenarios register clients and call tools far faster than the default limits allow. */
  rateLimits: false;
  allowedHosts: string[];
  allowedOrigins: string[];
}

/** Everything of a target that is not transport: database, clock, configuration and API keys. */
export interface TargetParts {
  /** Migrated database, fresh for this target. */
  db: Kysely<any>;
  /** Its connection URL on PostgreSQL (for a server in another process); undefined on PGlite. */
  databaseUrl: string | undefined;
  clock: ConformanceClock;
  config: ConformanceServerConfig;
  /** Ready-made options for `createFilingServer(serverOptions)`. */
  serverOptions: { db: Kysely<any>; config: ConformanceServerConfig; now: () => number };
  sessionSecret: string;
  createApiKey(userId: string, options?: { expiresAt?: Date }): Promise<string>;
  /** Releases the database. */
  close(): Promise<void>;
}

/**
 * Builds the non-transport parts of a conformance target, so that an adapter's test only supplies
 * `fetch`: a fresh migrated database of the requested kind, a controllable clock, and a
 * configuration for `baseUrl`.
 *
 * The credential cache is off (`authCacheTtlMs: 0`) because scenarios revoke and expire credentials
 * and then expect the very next request to see it. The Host/Origin allow-list names the base URL's
 * host and the companion app's origin, so that DNS-rebinding protection is exercised on every target.
 *
 * @example
 * ```ts
 * const parts = await createTargetParts({ database: 'pglite', baseUrl: 'http://127.0.0.1:4321/mcp-server' });
 * const server = createFilingServer(parts.serverOptions);
 * ```
 */
export async function createTargetParts(options: {
  database: ConformanceDatabase;
  baseUrl: string;
  appUrl?: string;
}): Promise<TargetParts> {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const appUrl = (options.appUrl ?? CONFORMANCE_APP_URL).replace(/\/+$/, '');
  const database = options.database === 'postgres' ? await createPostgresDb() : await createPGliteDb();
  try {
    await migrateToLatest(database.db);
  } catch (error) {
    await database.close();
    throw error;
  }
  const clock = createControllableClock();
  const sessionSecret = randomBytes(32).toString('base64url');
  const config: ConformanceServerConfig = {
    baseUrl,
    appUrl,
    session: { secret: sessionSecret },
    requireAuth: 'tools/call',
    authCacheTtlMs: 0,
    rateLimits: false,
    allowedHosts: [new URL(baseUrl).host],
    allowedOrigins: [new URL(appUrl).origin, new URL(baseUrl).origin],
  };
  return {
    db: database.db,
    databaseUrl: 'url' in database ? (database.url as string) : undefined,
    clock,
    config,
    serverOptions: { db: database.db, config, now: clock.now },
    sessionSecret,
    async createApiKey(userId, keyOptions = {}) {
      const created = await createApiKey(database.db, {
        userId,
        ...(keyOptions.expiresAt ? { expiresAt: keyOptions.expiresAt } : {}),
      });
      return created.key;
    },
    close: () => database.close(),
  };
}

/**
 * The environment a deployed entry (configured from `process.env`) needs to serve the same
 * configuration as `parts.serverOptions`, on the parts' PostgreSQL database.
 */
export function deployedEnvironment(parts: TargetParts): Record<string, string> {
  if (!parts.databaseUrl) throw new Error('a deployed entry reaches its database by URL: use PostgreSQL');
  return {
    DATABASE_URL: parts.databaseUrl,
    MCP_BASE_URL: parts.config.baseUrl,
    APP_URL: parts.config.appUrl,
    SESSION_JWT_SECRET: parts.sessionSecret,
    MCP_REQUIRE_AUTH: parts.config.requireAuth,
    AUTH_CACHE_TTL_MS: String(parts.config.authCacheTtlMs),
    ALLOWED_HOSTS: parts.config.allowedHosts.join(','),
    ALLOWED_ORIGINS: parts.config.allowedOrigins.join(','),
  };
}
