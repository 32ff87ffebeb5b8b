import type { FilingDatabase } from '@filing-mcp/filing-domain';
import { type Kysely, sql } from 'kysely';

/** The ids of the rows of `table` whose `column` holds `value`: what a refused request leaves (none). */
export async function idsWhere(
  db: Kysely<FilingDatabase>,
  // Any table and column by name: a test's check of what a refused request left.
  table: string,
  column: string,
  value: string,
): Promise<Array<{ id: unknown }>> {
  const { rows } = await sql<{
    id: unknown;
  }>`select id from ${sql.table(table)} where ${sql.ref(column)} = ${value}`.execute(db);
  return rows;
}
