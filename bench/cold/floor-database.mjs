// pg and Kysely for the floor handler (floor-handler.mjs), loaded by its first tools/call.
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';

export function openDatabase(connectionString) {
  return new Kysely({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString, max: 2 }) }) });
}
