import type { Kysely } from 'kysely';

/** The ids of the rows of `table` whose `column` holds `value`: what a refused request leaves (none). */
export function idsWhere(
  // Any table and column by name: a test's check of what a refused request left.
  db: Kysely<any>,
  table: string,
  column: string,
  value: string,
): Promise<Array<{ id: unknown }>> {
  return db.selectFrom(table).select('id').where(column, '=', value).execute();
}
