import { Kysely, PostgresDialect, type PostgresPool } from 'kysely';

/**
 * Kysely over a PostgreSQL pool. A module of its own so that a server importing it lazily
 * (`import('./open-kysely.js')`) loads only the parts of Kysely it uses, not its whole namespace.
 */
export function openKysely(pool: PostgresPool): Kysely<any> {
  return new Kysely<any>({ dialect: new PostgresDialect({ pool }) });
}
