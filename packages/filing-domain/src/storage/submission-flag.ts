import { sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import { addCreateIdsFunctions, dropCreateIdsFunctions } from './create-filing-ids.js';
import { addSubmissionFlag, flagSubmissionsFunction } from './filing-kind-tables.js';

/** The filing tables that carry `has_submissions`. */
const FILING_TABLES = ['filings', 'partnership_filings'] as const;

/** The tables whose rows are a filing's submissions (each with `filing_id` and `user_id`). */
const SUBMISSION_TABLES = ['signed_copies', 'fax_logs', 'filed_returns'] as const;

/**
 * Migration 0008: the create functions that answer ids (create-filing-ids.ts), and
 * `has_submissions` on both filing tables, so that get_filing is again one indexed
 * read of one row and reads a filing's signed copies, faxes and filed record only when it has any.
 *
 * - The column is `boolean not null default false` (adding it rewrites no row).
 * - A trigger after insert on `signed_copies`, `fax_logs` and `filed_returns` sets it on the filing
 *   the new row names (same user), in whichever filing table holds it, in the inserting statement's
 *   transaction: every writer sets it, the tools, the fax webhook and any other part of the product.
 *   It never touches `updated_at` (the packet cache's key): a submission changes no packet.
 * - Existing rows are backfilled from the three tables.
 *
 * The flag is never cleared: deleting a filing deletes its row, and a flag left true only costs a
 * read that finds nothing (the answer is the same). get_filing without it cost three `exists`
 * probes a read, about 0.8x of the read before the submissions.
 */
export const submissionFlagAndCreateIdsMigration: Migration = {
  async up(db) {
    await addCreateIdsFunctions(db);
    for (const table of FILING_TABLES) await addSubmissionFlag(db, table);
    await flagSubmissionsFunction(FILING_TABLES).execute(db);
    for (const table of SUBMISSION_TABLES) {
      await sql`create trigger ${sql.id(`${table}_flag_filing`)} after insert on ${sql.table(table)}
        for each row execute function filing_flag_submissions()`.execute(db);
    }
    for (const table of FILING_TABLES) {
      const submitted = SUBMISSION_TABLES.map(
        (submissions) =>
          sql`exists (select 1 from ${sql.table(submissions)} s where s.filing_id = f.id and s.user_id = f.user_id)`,
      );
      await sql`update ${sql.table(table)} f set has_submissions = true
        where ${sql.join(submitted, sql` or `)}`.execute(db);
    }
  },
  async down(db) {
    await dropCreateIdsFunctions(db);
    for (const table of SUBMISSION_TABLES) {
      await sql`drop trigger if exists ${sql.id(`${table}_flag_filing`)} on ${sql.table(table)}`.execute(db);
    }
    await sql`drop function if exists filing_flag_submissions()`.execute(db);
    for (const table of FILING_TABLES) {
      await db.schema.alterTable(table).dropColumn('has_submissions').execute();
    }
  },
};
