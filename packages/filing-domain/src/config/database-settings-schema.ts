import type * as z from 'zod';
import { CORE_SETTINGS } from './core-settings.js';
import type { PlatformPoolDefaults } from './defaults.js';
import { groupSchema } from './settings-schema.js';

/**
 * Schema of {@link DatabaseSettings}: one set of PostgreSQL pool settings that every adapter
 * (Node, Vercel, Lambda) applies the same way, built from the table (`CORE_SETTINGS.database`).
 * `poolMax` has no default here because each platform has its own (Node 10, Vercel 3, Lambda 2);
 * the timeouts share their defaults.
 */
export const databaseSettingsSchema = groupSchema(CORE_SETTINGS.database);

/** Resolves database settings, applying the platform's pool size when none is set. */
export function resolveDatabaseSettings(
  settings: DatabaseSettings | undefined,
  platform: PlatformPoolDefaults,
): ResolvedDatabaseSettings & { poolMax: number } {
  const resolved = databaseSettingsSchema.parse({
    ...(platform.idleTimeoutMs !== undefined && { idleTimeoutMs: platform.idleTimeoutMs }),
    ...(platform.namedStatements !== undefined && { namedStatements: platform.namedStatements }),
    ...settings,
  });
  return { ...resolved, poolMax: resolved.poolMax ?? platform.poolMax };
}

/**
 * PostgreSQL pool settings (environment variables in brackets):
 *
 * - `poolMax` (`DATABASE_POOL_MAX`, or `PG_POOL_MAX`): connections per process or instance;
 * - `connectTimeoutMs` (`DATABASE_CONNECT_TIMEOUT_MS`, 5000): opening one connection;
 * - `acquireTimeoutMs` (`DATABASE_ACQUIRE_TIMEOUT_MS`, 5000): a request waiting for a connection
 *   of the pool, queueing and connecting included;
 * - `statementTimeoutMs` (`DATABASE_STATEMENT_TIMEOUT_MS`, 10000): one query's answer. Enforced by
 *   the client, not as a server setting, so that it also ends a wait on a frozen server and works
 *   through poolers that refuse start-up parameters (PgBouncer); the connection is then dropped;
 * - `idleTimeoutMs` (`DATABASE_IDLE_TIMEOUT_MS`, 10000): an idle connection is closed after it;
 * - `namedStatements` (`DATABASE_NAMED_STATEMENTS`, true on Node, false on Vercel and Lambda): the
 *   creates go as named statements, planned once per connection (see {@link filingPool}).
 */
export type DatabaseSettings = z.input<typeof databaseSettingsSchema>;

/** {@link DatabaseSettings} with defaults applied. */
export type ResolvedDatabaseSettings = z.output<typeof databaseSettingsSchema>;
