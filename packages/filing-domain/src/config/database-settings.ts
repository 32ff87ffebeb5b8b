import type { ResolvedDatabaseSettings } from './database-settings-schema.js';

/**
 * The `pg.Pool` options for these settings (`max`, `connectionTimeoutMillis`,
 * `idleTimeoutMillis`, `query_timeout`); spread them into `new pg.Pool({ connectionString, ... })`
 * and hand the pool to {@link filingPool}.
 */
export function pgPoolOptions(settings: ResolvedDatabaseSettings & { poolMax: number }) {
  return {
    max: settings.poolMax,
    connectionTimeoutMillis: settings.connectTimeoutMs,
    idleTimeoutMillis: settings.idleTimeoutMs,
    query_timeout: settings.statementTimeoutMs,
  };
}
