import { sql } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Migration 0009: `filed_returns.history`, the records a filing's filed record replaced (mark_filed
 * with `replace: true`), oldest first: a jsonb array of `{ method, date, reference, recorded_at,
 * replaced_at }`. Adding it with a constant default rewrites no row; every existing record starts
 * with an empty history.
 */
export const filedHistoryMigration: Migration = {
  async up(db) {
    await db.schema
      .alterTable('filed_returns')
      .addColumn('history', 'jsonb', (column) => column.notNull().defaultTo(sql`'[]'::jsonb`))
      .execute();
  },
  async down(db) {
    await db.schema.alterTable('filed_returns').dropColumn('history').execute();
  },
};
