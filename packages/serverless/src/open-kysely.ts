import type { FilingDatabase } from '@filing-mcp/filing-domain';
import { Kysely, PostgresDialect, type PostgresPool } from 'kysely';

/**
 * Kysely over the instance's pool. A module of its own, imported lazily, so that a cold start that
 * answers `initialize` does not load Kysely, and the pool opens while it loads.
 * @internal
 */
export function openKysely(pool: PostgresPool): Kysely<FilingDatabase> {
  return new Kysely<FilingDatabase>({ dialect: new PostgresDialect({ pool }) });
}
