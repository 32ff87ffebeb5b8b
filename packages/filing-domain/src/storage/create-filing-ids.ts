import { type Kysely, sql } from 'kysely';

const FILING_TABLES = ['filings', 'partnership_filings'] as const;

/**
 * Migration 0008's create functions, `filings_create_ids` and `partnership_filings_create_ids`:
 * 0005's `<table>_create` (find the user's filings with the same EIN and tax year, newest first, at
 * most 20, then insert), answering one `uuid[]` (the new id, then the duplicates) called in the
 * select list, where 0005's answered a row of two columns read through a function scan, and the
 * duplicates gathered with `array(...)` in the index's order, where 0005 sorted them again in
 * `json_agg(... order by ...)`. With pgbench against the bench's database, PostgreSQL's CPU a
 * create went from about 156 to 126 us with 20 duplicates and from 119 to 114 us without
 * (docs/performance.md). 0005's functions stay for servers still on the code before 0008 during a
 * rolling deploy.
 */
export function createIdsFunction(table: string) {
  return sql`
    create or replace function ${sql.id(`${table}_create_ids`)}(
      p_user text, p_name text, p_ein text, p_year int, p_begin date, p_end date, p_status text, p_form jsonb)
    returns uuid[] language plpgsql as $$
    declare
      duplicates uuid[] := '{}';
      new_id uuid;
    begin
      if p_ein is not null and p_ein <> '' and p_year is not null then
        duplicates := array(select f.id from ${sql.table(table)} f
                             where f.user_id = p_user and f.ein = p_ein
                               and (extract(year from coalesce(f.tax_year_begin, f.tax_year_end))::int) = p_year
                             order by f.created_at desc, f.id desc
                             limit 20);
      end if;
      insert into ${sql.table(table)} (user_id, llc_name, ein, tax_year_begin, tax_year_end, status, form_data)
        values (p_user, p_name, p_ein, p_begin, p_end, p_status, p_form)
        returning id into new_id;
      return new_id || duplicates;
    end;
    $$`;
}

// These helpers run inside migrations only (0008 and a new kind's `filingKindTableMigration`), so
// they take the `Kysely<any>` a migration gets, as Kysely's documentation advises for migrations:
// a migration sees the schema of its own time, which `FilingDatabase` (the latest) does not describe.

/** Creates migration 0008's create functions (`createIdsFunction` makes one kind's). */
export async function addCreateIdsFunctions(db: Kysely<any>): Promise<void> {
  for (const table of FILING_TABLES) await createIdsFunction(table).execute(db);
}

/** Drops migration 0008's create functions. */
export async function dropCreateIdsFunctions(db: Kysely<any>): Promise<void> {
  for (const table of FILING_TABLES) await dropCreateIdsFunction(db, table);
}

/** Drops the create function of one kind's table. */
export async function dropCreateIdsFunction(db: Kysely<any>, table: string): Promise<void> {
  await sql`drop function if exists ${sql.id(`${table}_create_ids`)}(text, text, text, int, date, date, text, jsonb)`.execute(
    db,
  );
}
