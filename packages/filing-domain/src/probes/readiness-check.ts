import type { FilingDatabase } from '../storage/database.js';
import { OAUTH_MIGRATION_NAMES } from '@filing-mcp/oauth-core/kysely';
import { type Kysely, sql } from 'kysely';
import { FILING_MIGRATION_NAMES } from '../storage/migrations.js';

import { DEFAULT_READINESS_TIMEOUT_MS } from '../config/defaults.js';
import type { Readiness } from './probe-responses.js';

export {
  healthResponse,
  type Readiness,
  type ReadinessFailure,
  readinessResponse,
} from './probe-responses.js';

export { DEFAULT_READINESS_TIMEOUT_MS } from '../config/defaults.js';

/** Options of {@link createReadinessCheck}. */
export interface ReadinessCheckOptions {
  /** How long to wait for the database before answering "not ready"; default 2000 ms. */
  timeoutMs?: number;
}

// SQLSTATE undefined_table: the migration bookkeeping tables do not exist yet.
const UNDEFINED_TABLE = '42P01';

/**
 * Builds the readiness check behind `GET /readyz`: one query that reads both migration bookkeeping
 * tables, so it proves in one round trip that the database answers and that every migration this
 * build knows (oauth-core's and the filing domain's) is applied. It answers within `timeoutMs`
 * whatever the database does (a frozen server never answers a query); probes that arrive while a
 * query is still out share it, so a stuck database holds at most one pooled connection for them.
 *
 * @example
 * ```ts
 * const checkReadiness = createReadinessCheck(db, { timeoutMs: 1000 });
 * const readiness = await checkReadiness(); // { ready: false, reason: 'migrations_pending', ... }
 * ```
 */
export function createReadinessCheck(
  db: Kysely<FilingDatabase>,
  options: ReadinessCheckOptions = {},
): () => Promise<Readiness> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_READINESS_TIMEOUT_MS;
  if (!(Number.isInteger(timeoutMs) && timeoutMs > 0)) {
    throw new TypeError('readiness timeoutMs must be a positive integer');
  }
  const expected = [
    ...OAUTH_MIGRATION_NAMES.map((name) => `oauth:${name}`),
    ...FILING_MIGRATION_NAMES.map((name) => `filing:${name}`),
  ];
  const pending: Readiness = {
    ready: false,
    reason: 'migrations_pending',
    message: 'database migrations are not applied',
  };
  const timedOut: Readiness = {
    ready: false,
    reason: 'database_timeout',
    message: `the database did not answer within ${timeoutMs} ms`,
  };
  // Fixed text: a driver's message can name the database host or user.
  const unavailable: Readiness = {
    ready: false,
    reason: 'database_unavailable',
    message: 'the database is unavailable',
  };

  async function query(): Promise<Readiness> {
    try {
      const { rows } = await sql<{ source: string; name: string }>`
        select 'oauth' as source, name from oauth_migration
        union all
        select 'filing' as source, name from filing_migration`.execute(db);
      const applied = new Set(rows.map((row) => `${row.source}:${row.name}`));
      return expected.every((name) => applied.has(name)) ? { ready: true } : pending;
    } catch (error) {
      return (error as { code?: unknown } | null)?.code === UNDEFINED_TABLE ? pending : unavailable;
    }
  }

  let inFlight: Promise<Readiness> | undefined;
  return async () => {
    inFlight ??= query().finally(() => {
      inFlight = undefined;
    });
    const check = inFlight;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const deadline = new Promise<Readiness>((resolve) => {
      timer = setTimeout(() => resolve(timedOut), timeoutMs);
    });
    try {
      return await Promise.race([check, deadline]);
    } finally {
      clearTimeout(timer);
    }
  };
}
