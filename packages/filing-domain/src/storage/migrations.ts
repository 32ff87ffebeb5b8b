import { type Kysely, sql } from 'kysely';
import { type Migration, type MigrationProvider, Migrator } from 'kysely/migration';
import { CREDENTIAL_ENDED_CHANNEL, migrateOAuth } from '@filing-mcp/oauth-core/kysely';
import { filedHistoryMigration } from '../submission/filed-history.js';
import { submissionsMigration } from '../submission/submission-tables.js';
import { paymentsMigration } from '../payments/payment-tables.js';
import { boundCopyMigration, signedCopyNotesMigration } from '../submission/bound-copy-tables.js';
import { submissionFlagAndCreateIdsMigration } from './submission-flag.js';
import { createDuplicateLookupIndex, createFilingTable } from './filing-kind-tables.js';

const migrations: Record<string, Migration> = {
  '0001_filing_domain': {
    async up(db) {
      await createFilingTable(db, 'filings');
      await createFilingTable(db, 'partnership_filings');

      await db.schema
        .createTable('payments')
        .ifNotExists()
        .addColumn('id', 'text', (column) => column.primaryKey())
        .addColumn('user_id', 'text', (column) => column.notNull())
        .addColumn('amount', 'integer', (column) => column.notNull())
        .addColumn('currency', 'text', (column) => column.notNull())
        .addColumn('status', 'text', (column) => column.notNull())
        .addColumn('filings_purchased', 'integer', (column) => column.notNull().defaultTo(0))
        .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
        .execute();
      await db.schema
        .createIndex('payments_user_id_created_at_idx')
        .ifNotExists()
        .on('payments')
        .columns(['user_id', 'created_at desc'])
        .execute();

      await db.schema
        .createTable('fax_logs')
        .ifNotExists()
        .addColumn('id', 'text', (column) => column.primaryKey())
        .addColumn('user_id', 'text', (column) => column.notNull())
        .addColumn('to_number', 'text', (column) => column.notNull())
        .addColumn('from_number', 'text', (column) => column.notNull())
        .addColumn('status', 'text', (column) => column.notNull())
        .addColumn('pages_sent', 'integer', (column) => column.notNull().defaultTo(0))
        .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
        .addColumn('completed_at', 'timestamptz')
        .addColumn('failure_reason', 'text')
        .execute();
      await db.schema
        .createIndex('fax_logs_user_id_created_at_idx')
        .ifNotExists()
        .on('fax_logs')
        .columns(['user_id', 'created_at desc'])
        .execute();

      await db.schema
        .createTable('api_keys')
        .ifNotExists()
        .addColumn('id', 'uuid', (column) => column.primaryKey().defaultTo(sql`gen_random_uuid()`))
        .addColumn('user_id', 'text', (column) => column.notNull())
        // The unique constraint is also the index every authenticated request looks keys up by.
        .addColumn('key_hash', 'text', (column) => column.notNull().unique())
        .addColumn('prefix', 'text', (column) => column.notNull())
        .addColumn('name', 'text')
        .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
        .addColumn('expires_at', 'timestamptz')
        .addColumn('last_used_at', 'timestamptz')
        .execute();
      await db.schema
        .createIndex('api_keys_user_id_created_at_idx')
        .ifNotExists()
        .on('api_keys')
        .columns(['user_id', 'created_at desc'])
        .execute();

      // update_partnership_filing recomputes the record's dates from stored form_data in one
      // statement; rows written by other parts of the product may hold a string that is no date,
      // and a cast error there must not turn a valid update into a database error.
      await sql`
        create or replace function filing_try_date(value text) returns date
        language plpgsql immutable as $$
        begin
          return value::date;
        exception when others then
          return null;
        end;
        $$`.execute(db);
    },
    async down(db) {
      await sql`drop function if exists filing_try_date(text)`.execute(db);
      for (const table of ['api_keys', 'fax_logs', 'payments', 'partnership_filings', 'filings']) {
        await db.schema.dropTable(table).ifExists().execute();
      }
    },
  },
  // API keys carry scopes like access tokens (default `mcp`, everything); a deleted key is announced
  // on oauth-core's credential channel with its hash, so listening servers drop it at once.
  '0002_api_key_scope_and_ended_notify': {
    async up(db) {
      await db.schema
        .alterTable('api_keys')
        .addColumn('scope', 'text', (column) => column.notNull().defaultTo('mcp'))
        .execute();
      await sql`
        create function api_keys_notify_ended() returns trigger language plpgsql as $$
        begin
          perform pg_notify(${sql.lit(CREDENTIAL_ENDED_CHANNEL)}, old.key_hash);
          return null;
        end $$`.execute(db);
      await sql`
        create trigger api_keys_ended after delete on api_keys
        for each row execute function api_keys_notify_ended()`.execute(db);
    },
    async down(db) {
      await sql`drop trigger api_keys_ended on api_keys`.execute(db);
      await sql`drop function api_keys_notify_ended()`.execute(db);
      await db.schema.alterTable('api_keys').dropColumn('scope').execute();
    },
  },
};

// 0003 (after 0002_api_key_scope_and_ended_notify): shared rate-limit counters, one row per bucket (scope and key) and one-minute window;
// and until when each OAuth client last had a live grant, so that the cleanup job can expire
// clients after their tokens (oauth-core's rows) are gone.
migrations['0003_abuse_limits'] = {
  async up(db) {
    await db.schema
      .createTable('oauth_client_activity')
      .ifNotExists()
      .addColumn('client_id', 'text', (column) => column.primaryKey())
      .addColumn('live_until', 'timestamptz', (column) => column.notNull())
      .execute();
    await db.schema
      .createTable('rate_limit_counters')
      .ifNotExists()
      .addColumn('bucket', 'text', (column) => column.notNull())
      .addColumn('window_start', 'bigint', (column) => column.notNull())
      .addColumn('hits', 'integer', (column) => column.notNull())
      .addPrimaryKeyConstraint('rate_limit_counters_pkey', ['bucket', 'window_start'])
      .execute();
  },
  async down(db) {
    await db.schema.dropTable('rate_limit_counters').ifExists().execute();
    await db.schema.dropTable('oauth_client_activity').ifExists().execute();
  },
};
// 0004: possible_duplicates looks a new filing's EIN and tax year up among its user's filings on
// every create, newest first and at most twenty; without this index that reads every matching filing
// (a scan of all the user's filings) (measured: create_filing
// at 48 a second against 2,247 before the lookup, with 10,000 filings of one user).
migrations['0004_duplicate_lookup_index'] = {
  async up(db) {
    for (const table of ['filings', 'partnership_filings']) await createDuplicateLookupIndex(db, table);
  },
  async down(db) {
    for (const table of ['filings', 'partnership_filings']) {
      await db.schema.dropIndex(`${table}_user_id_ein_year_idx`).ifExists().execute();
    }
  },
};

// 0005: create_filing and create_partnership_filing insert the filing and find its possible
// duplicates (the user's filings with the same EIN and tax year, newest first, at most 20) in one
// call of a PL/pgSQL function. Its two statements are planned once per connection and then reused:
// sent as one SQL statement instead (a common table expression for the lookup, another for the
// insert), PostgreSQL planned it on every create, which halved create_filing's throughput against
// a plain insert (measured with 10,000 filings of one user). Plan reuse inside a function needs no
// protocol-level prepared statements, so it works through poolers in transaction mode (PgBouncer)
// as well. The lookup uses the expressions of 0004's index; without an EIN or a year it is skipped.
function createFilingFunction(table: 'filings' | 'partnership_filings') {
  return sql`
    create or replace function ${sql.id(`${table}_create`)}(
      p_user text, p_name text, p_ein text, p_year int, p_begin date, p_end date, p_status text, p_form jsonb,
      out new_id uuid, out duplicates json)
    language plpgsql as $$
    begin
      if p_ein is null or p_ein = '' or p_year is null then
        duplicates := '[]'::json;
      else
        select coalesce(json_agg(d.id order by d.created_at desc, d.id desc), '[]'::json) into duplicates
          from (select f.id, f.created_at from ${sql.table(table)} f
                 where f.user_id = p_user and f.ein = p_ein
                   and (extract(year from coalesce(f.tax_year_begin, f.tax_year_end))::int) = p_year
                 order by f.created_at desc, f.id desc
                 limit 20) d;
      end if;
      insert into ${sql.table(table)} (user_id, llc_name, ein, tax_year_begin, tax_year_end, status, form_data)
        values (p_user, p_name, p_ein, p_begin, p_end, p_status, p_form)
        returning id into new_id;
    end;
    $$`;
}
migrations['0005_create_filing_function'] = {
  async up(db) {
    for (const table of ['filings', 'partnership_filings'] as const)
      await createFilingFunction(table).execute(db);
  },
  async down(db) {
    for (const table of ['filings', 'partnership_filings']) {
      await sql`drop function if exists ${sql.id(`${table}_create`)}(text, text, text, int, date, date, text, jsonb)`.execute(
        db,
      );
    }
  },
};

// 0006: filing a return: the signed copies, the fax logs tied to filings and their provider, the
// fax webhook events seen, and the filed returns (submission/submission-tables.ts).
migrations['0006_submissions'] = submissionsMigration;

// 0007: the companion's sign-out. A session cookie is a signed token any instance verifies on its
// own, so ending one needs a record every instance reads: the SHA-256 of each signed-out cookie,
// kept until the cookie would have expired anyway.
migrations['0007_companion_session_revocations'] = {
  async up(db) {
    await db.schema
      .createTable('companion_revoked_sessions')
      .ifNotExists()
      .addColumn('session_hash', 'text', (column) => column.primaryKey())
      .addColumn('expires_at', 'timestamptz', (column) => column.notNull())
      .execute();
  },
  async down(db) {
    await db.schema.dropTable('companion_revoked_sessions').ifExists().execute();
  },
};

// 0008: `has_submissions` on both filing tables, kept by a trigger on the submission tables, so
// get_filing reads one row (storage/submission-flag.ts); and the create functions that answer one
// uuid[] (storage/create-filing-ids.ts).
migrations['0008_submission_flag_and_create_ids'] = submissionFlagAndCreateIdsMigration;

// 0009: the history of a filing's filed record: what mark_filed with `replace: true` replaced
// (submission/filed-history.ts).
migrations['0009_filed_history'] = filedHistoryMigration;
// 0010: card payments: payments tied to their checkout and provider, the checkouts opened, the
// webhook events applied, each user's credits and the filings that used one (payments/payment-tables.ts).
migrations['0010_payments'] = paymentsMigration;
// 0011: a fax bound to the copy confirmed: each signed copy's filing version, contents and upload
// link (one copy a link), and each fax's confirmation (one fax a confirmation): bound-copy-tables.ts.
migrations['0011_bound_signed_copies'] = boundCopyMigration;
// 0012: what the upload check could not tell of each signed copy, for send_fax's summary
// (bound-copy-tables.ts).
migrations['0012_signed_copy_notes'] = signedCopyNotesMigration;
// A new kind's table is one line here: its migration from storage/filing-kind-tables.ts, e.g.
// `migrations['0013_<kind>_filings'] = filingKindTableMigration({ table: '<kind>_filings', before: ['filings', 'partnership_filings'] });`

/** Names of the filing domain's migrations, oldest first (compared with `filing_migration`). */
export const FILING_MIGRATION_NAMES: readonly string[] = Object.freeze(Object.keys(migrations));

const provider: MigrationProvider = {
  getMigrations: async () => migrations,
};

/**
 * Brings the filing domain's tables (`filings`, `partnership_filings`, `payments`, `fax_logs`,
 * `signed_copies`, `fax_webhook_events`, `filed_returns`, `payment_checkouts`, `payment_webhook_events`, `billing_accounts`, `credit_uses`, `api_keys`, `rate_limit_counters`, `oauth_client_activity`) to the latest version. Its bookkeeping lives in `filing_migration` and
 * `filing_migration_lock`, apart from oauth-core's, so each package migrates independently.
 * Answers the names of the migrations it applied, oldest first. Throws the migration's error when one fails.
 */
export async function migrateFilingDomain(db: Kysely<any>): Promise<string[]> {
  return migrateFilingDomainTo(db);
}

/**
 * {@link migrateFilingDomain} up (or down) to the migration named `target` only, for the tests of a
 * migration over an older schema; without `target`, to the latest. Not exported by the package.
 */
export async function migrateFilingDomainTo(db: Kysely<any>, target?: string): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider,
    migrationTableName: 'filing_migration',
    migrationLockTableName: 'filing_migration_lock',
  });
  const { error, results } =
    target === undefined ? await migrator.migrateToLatest() : await migrator.migrateTo(target);
  if (error) {
    const failed = results?.find((result) => result.status === 'Error')?.migrationName;
    throw new Error(`Filing domain migration ${failed ?? ''} failed`.replace('  ', ' '), { cause: error });
  }
  return (results ?? [])
    .filter((result) => result.status === 'Success')
    .map((result) => result.migrationName);
}

/**
 * Runs every migration the composed server needs, in order: oauth-core's tables, then the filing
 * domain's. Adapters call it at start-up or from their CLI. Answers what it applied, oldest first,
 * each name after its set (`oauth 001_...`, `filing 001_...`): empty when the schema was current.
 *
 * @example
 * ```ts
 * await migrateToLatest(db);
 * const server = createFilingServer({ db, config });
 * ```
 */
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  const oauth = await migrateOAuth(db);
  const filing = await migrateFilingDomain(db);
  return [...oauth.map((name) => `oauth ${name}`), ...filing.map((name) => `filing ${name}`)];
}
