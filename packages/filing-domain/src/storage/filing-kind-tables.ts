import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import { createIdsFunction, dropCreateIdsFunction } from './create-filing-ids.js';

// What every kind's table is made of, written once: the table and its list index (0001), the
// duplicate lookup's index (0004), `has_submissions` (0008), the create function (0008) and the
// trigger function that sets the flag in whichever kind's table holds a submission's filing (0008).
// The applied migrations call these with their tables; a new kind's migration is
// `filingKindTableMigration` with its table and the tables before it. Being migration code, they
// take the `Kysely<any>` a migration gets, as Kysely's documentation advises for migrations: each
// runs against the schema of its own time (a new kind's table is in no schema type before it runs),
// which `FilingDatabase`, the latest, does not describe.

/** A kind's table (0001): one shape for every kind (`storage/database.ts`), and its list index. */
export async function createFilingTable(db: Kysely<any>, table: string): Promise<void> {
  await db.schema
    .createTable(table)
    .ifNotExists()
    .addColumn('id', 'uuid', (column) => column.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'text', (column) => column.notNull())
    .addColumn('llc_name', 'text')
    .addColumn('ein', 'text')
    .addColumn('tax_year_begin', 'date')
    .addColumn('tax_year_end', 'date')
    .addColumn('status', 'text', (column) => column.notNull().defaultTo('completed'))
    .addColumn('form_data', 'jsonb', (column) => column.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute();
  // Every list query is `where user_id = $1 order by created_at desc limit n`.
  await db.schema
    .createIndex(`${table}_user_id_created_at_idx`)
    .ifNotExists()
    .on(table)
    .columns(['user_id', 'created_at desc'])
    .execute();
}

const DUPLICATE_YEAR = sql`(extract(year from coalesce(tax_year_begin, tax_year_end))::int)`;

/** The duplicate lookup's index on a kind's table (0004): the user's filings of one EIN and year. */
export async function createDuplicateLookupIndex(db: Kysely<any>, table: string): Promise<void> {
  await sql`create index if not exists ${sql.id(`${table}_user_id_ein_year_idx`)} on ${sql.table(table)} (user_id, ein, ${DUPLICATE_YEAR}, created_at desc, id desc)`.execute(
    db,
  );
}

/** `has_submissions` on a kind's table (0008), kept by {@link flagSubmissionsFunction}'s trigger. */
export async function addSubmissionFlag(db: Kysely<any>, table: string): Promise<void> {
  await db.schema
    .alterTable(table)
    .addColumn('has_submissions', 'boolean', (column) => column.notNull().defaultTo(false))
    .execute();
}

const IDENTIFIER = /^[a-z][a-z0-9_]*$/;

/**
 * The trigger function of the submission tables (0008): sets `has_submissions` on the filing a new
 * row names (same user), in whichever of `tables` holds it. Its body names the tables bare, as
 * 0008 wrote them, so that 0008's function is the same text; `replace` makes a later kind's
 * migration swap it for one that covers its table too.
 */
export function flagSubmissionsFunction(tables: readonly string[], replace = false) {
  for (const table of tables) {
    if (!IDENTIFIER.test(table)) throw new TypeError(`not a table name: ${table}`);
  }
  const updates = tables
    .map(
      (table) => `          update ${table} set has_submissions = true
           where id = new.filing_id and user_id = new.user_id and not has_submissions;
`,
    )
    .join('');
  return sql`
      ${sql.raw(replace ? 'create or replace function' : 'create function')} filing_flag_submissions() returns trigger language plpgsql as $$
      begin
        if new.filing_id is not null then
${sql.raw(updates)}        end if;
        return null;
      end $$`;
}

/** The tables and which kind's table they add, for {@link filingKindTableMigration}. */
export interface FilingKindTable {
  /** The new kind's table. */
  table: string;
  /** The filing tables before it, in the order of their migrations (`filings`, `partnership_filings`, ...). */
  before: readonly string[];
}

/**
 * The migration of a new kind's table: the table and its indexes, `has_submissions`, its create
 * function (`<table>_create_ids`, what `createFilingFindingDuplicates` calls) and the submission
 * trigger's function covering it beside the tables `before` it. Down undoes each, the trigger's
 * function back to the tables before. A migration once applied never changes: a later kind's
 * migration names this one's table among its `before`.
 */
export function filingKindTableMigration({ table, before }: FilingKindTable): Migration {
  return {
    async up(db) {
      await createFilingTable(db, table);
      await createDuplicateLookupIndex(db, table);
      await addSubmissionFlag(db, table);
      await createIdsFunction(table).execute(db);
      await flagSubmissionsFunction([...before, table], true).execute(db);
    },
    async down(db) {
      await flagSubmissionsFunction(before, true).execute(db);
      await dropCreateIdsFunction(db, table);
      await db.schema.dropTable(table).ifExists().execute();
    },
  };
}
