import type { PostgresPool } from 'kysely';
import { boundedPool, type PgPoolLike } from './bounded-pool.js';
import { FILING_NAMED_STATEMENTS } from './filing-statements.js';
import { withNamedStatements } from './with-named-statements.js';
import { withPgBouncerRetry } from './with-pgbouncer-retry.js';

/**
 * The `pool` of Kysely's `PostgresDialect` for the filing server on a `pg` pool, as every adapter
 * builds it: {@link boundedPool} (the acquire timeout, a broken connection dropped) and, with
 * `namedStatements` (`DATABASE_NAMED_STATEMENTS`; the Node adapter's default), the creates of
 * {@link FILING_NAMED_STATEMENTS} sent as named statements ({@link withNamedStatements}), sent
 * unnamed from the first one a pooler lost ({@link withPgBouncerRetry}).
 *
 * @example
 * ```ts
 * const pool = new pg.Pool({ connectionString, ...pgPoolOptions(settings) });
 * const db = new Kysely<FilingDatabase>({ dialect: new PostgresDialect({ pool: filingPool(pool, settings) }) });
 * ```
 */
export function filingPool(
  pool: PgPoolLike,
  settings: { acquireTimeoutMs: number; namedStatements?: boolean },
): PostgresPool {
  const bounded = boundedPool(pool, settings);
  if (settings.namedStatements !== true) return bounded;
  return withNamedStatements(withPgBouncerRetry(bounded), FILING_NAMED_STATEMENTS);
}
