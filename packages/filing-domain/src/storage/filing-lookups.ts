import { type Kysely, sql } from 'kysely';
import type { FilingDatabase } from './database.js';
import { type FilingTableName, filingTable } from './filing-repository.js';
import type { FilingKind } from '../forms/form-schema-descriptor.js';
import type { FilingSummary } from './records.js';
import { toIsoTimestamp } from './timestamps.js';

// Dates leave the database as text, as in the repository: no time zone can move them.
const taxYearBegin = sql<string | null>`to_char(tax_year_begin, 'YYYY-MM-DD')`.as('tax_year_begin');
const taxYearEnd = sql<string | null>`to_char(tax_year_end, 'YYYY-MM-DD')`.as('tax_year_end');

/** A filing summary with the filing's form_data, for the list tools' readiness fields. */
export interface SummaryWithFormData {
  summary: FilingSummary;
  formData: Record<string, unknown>;
}

/**
 * The user's newest filings of one table, newest first, with their form_data: what the list
 * tools need to add `ready`, `due_date` and `overdue` to each summary. One statement.
 */
export async function listFilingsWithFormData(
  db: Kysely<any>,
  table: FilingTableName,
  userId: string,
  limit: number,
): Promise<SummaryWithFormData[]> {
  const rows = await (db as Kysely<FilingDatabase>)
    .selectFrom(table)
    .select(['id', 'llc_name', 'ein', taxYearBegin, taxYearEnd, 'status', 'created_at', 'form_data'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    summary: {
      id: row.id,
      llc_name: row.llc_name,
      ein: row.ein,
      tax_year_begin: row.tax_year_begin,
      tax_year_end: row.tax_year_end,
      status: row.status,
      created_at: toIsoTimestamp(row.created_at as Date | string),
    },
    formData: (row.form_data ?? {}) as Record<string, unknown>,
  }));
}

/** Most ids `possible_duplicates` lists: enough to show the pattern without a long answer. */
const MAX_DUPLICATES = 20;

/**
 * The ids of the user's other filings in `table` with the same EIN and tax year as a new one,
 * newest first (at most {@link MAX_DUPLICATES}). The tax year is the calendar year the tax year
 * begins in (the year a Form 5472 or 1065 is "for"), or the year it ends in when only the end is
 * known. Nothing is compared without an EIN and a year.
 */
export async function possibleDuplicates(
  db: Kysely<any>,
  table: FilingTableName,
  filing: {
    id: string;
    userId: string;
    ein: string | null;
    taxYearBegin: string | null;
    taxYearEnd: string | null;
  },
): Promise<string[]> {
  const ein = filing.ein?.trim();
  const year = (filing.taxYearBegin ?? filing.taxYearEnd)?.slice(0, 4);
  if (!ein || !year || !/^\d{4}$/.test(year)) return [];
  const rows = await (db as Kysely<FilingDatabase>)
    .selectFrom(table)
    .select('id')
    .where('user_id', '=', filing.userId)
    .where('id', '<>', filing.id)
    .where(sql<string>`btrim(ein)`, '=', ein)
    .where(sql<number>`extract(year from coalesce(tax_year_begin, tax_year_end))::int`, '=', Number(year))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(MAX_DUPLICATES)
    .execute();
  return rows.map((row) => row.id);
}

/**
 * One filing's form_data by id alone, for a signed download link (the signature, made for the
 * filing's owner, is the authorization). `undefined` when the filing no longer exists.
 */
export async function formDataById(
  db: Kysely<any>,
  kind: FilingKind,
  id: string,
): Promise<Record<string, unknown> | undefined> {
  const row = await (db as Kysely<FilingDatabase>)
    .selectFrom(filingTable(kind))
    .select('form_data')
    .where('id', '=', id)
    .executeTakeFirst();
  return row === undefined ? undefined : ((row.form_data ?? {}) as Record<string, unknown>);
}
