import { CompiledQuery, type Kysely, type RawBuilder, type SelectQueryBuilder, sql } from 'kysely';
import type { FilingDatabase } from './database.js';
import {
  FILING_KIND_LIST,
  kindRecord,
  type FilingKind,
  type FilingTableName,
} from '../kinds/filing-kinds.js';
import type { FilingColumn, KindWrites } from '../kinds/filing-kind.js';
import type { FaxLog, Filing, FilingSummary, PacketSource, Payment } from './records.js';
import {
  createFindingDuplicatesStatement,
  getFilingAndSubmissionFlagStatement,
} from './filing-statements.js';
import { toIsoTimestamp, toIsoTimestampOrNull } from './timestamps.js';
import { packetSourceOf } from './packet-source.js';

export type { FilingTableName } from '../kinds/filing-kinds.js';

/** Table of a kind of filing (its record in `FILING_KINDS`). */
export function filingTable(kind: FilingKind): FilingTableName {
  return kindRecord(kind).table;
}

/** Values of a new filing record. */
export interface NewFiling {
  userId: string;
  llcName: string | null;
  ein: string | null;
  taxYearBegin: string | null;
  taxYearEnd: string | null;
  formData: Record<string, unknown>;
}

/**
 * What an update tool changes in a filing: form_data's top-level fields (merged) and the ones it
 * clears, and, for a kind whose tools take the record's columns as arguments, the columns' new
 * values; `undefined` means unchanged.
 */
export interface FilingPatch {
  /** The columns' new values (only a kind with `rows.columnArguments`). */
  columns?: Partial<Record<FilingColumn, string>>;
  /** Merged into the stored form_data at the top level. */
  formData?: Record<string, unknown>;
  /** Top-level form_data keys to remove (sent as `null`), before `formData` is merged. */
  clearFormData?: readonly string[];
}

/** What the repository needs of a kind to update its rows: its table and its row mapping. */
export type UpdatedKind = { table: string } & Pick<KindWrites, 'rows'>;

const DATE_COLUMNS: ReadonlySet<FilingColumn> = new Set(['tax_year_begin', 'tax_year_end']);
const COLUMNS: readonly FilingColumn[] = ['llc_name', 'ein', 'tax_year_begin', 'tax_year_end'];

/** `form_data` without the top-level `keys`: jsonb's `-` operator once per key. */
function withoutKeys(formData: RawBuilder<unknown>, keys: readonly string[] = []): RawBuilder<unknown> {
  return keys.reduce((current, name) => sql`(${current} - ${name}::text)`, formData);
}

// The status every created filing gets: the tools create finished filings.
const COMPLETED = 'completed';

// Dates leave the database as text formatted independently of the session's DateStyle, so no
// driver turns them into a local-midnight Date that a time zone could move to the previous day.
const taxYearBegin = sql<string | null>`to_char(tax_year_begin, 'YYYY-MM-DD')`.as('tax_year_begin');
const taxYearEnd = sql<string | null>`to_char(tax_year_end, 'YYYY-MM-DD')`.as('tax_year_end');

/** A list query's tail: the user's rows only, newest first (`created_at`, then `id`), at most `limit`. */
function newestOfUser(userId: string, limit: number) {
  return <Query extends SelectQueryBuilder<any, any, any>>(query: Query): Query =>
    query
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit) as Query;
}

function jsonb(value: Record<string, unknown>) {
  return sql<Record<string, unknown>>`${JSON.stringify(value)}::jsonb`;
}

interface SummaryRow {
  id: string;
  llc_name: string | null;
  ein: string | null;
  tax_year_begin: string | null;
  tax_year_end: string | null;
  status: string;
  created_at: Date | string;
}

function toSummary(row: SummaryRow): FilingSummary {
  return {
    id: row.id,
    llc_name: row.llc_name,
    ein: row.ein,
    tax_year_begin: row.tax_year_begin,
    tax_year_end: row.tax_year_end,
    status: row.status,
    created_at: toIsoTimestamp(row.created_at),
  };
}

/** A filing summary with the filing's form_data, for the list tools' readiness fields. */
export interface SummaryWithFormData {
  summary: FilingSummary;
  formData: Record<string, unknown>;
}

/**
 * Filings, payments and fax logs of one user, one SQL statement per operation. Every statement is
 * scoped by `user_id`, so another user's record is indistinguishable from a missing one, and every
 * change is a single `update ... returning` / `delete ... returning` (no read-then-write).
 */
export class FilingRepository {
  readonly #db: Kysely<FilingDatabase>;

  constructor(db: Kysely<FilingDatabase>) {
    this.#db = db as Kysely<FilingDatabase>;
  }

  /** The user's newest filings of one table, newest first. */
  async listFilings(table: FilingTableName, userId: string, limit: number): Promise<FilingSummary[]> {
    const rows = await this.#db
      .selectFrom(table)
      .select(['id', 'llc_name', 'ein', taxYearBegin, taxYearEnd, 'status', 'created_at'])
      .$call(newestOfUser(userId, limit))
      .execute();
    return rows.map(toSummary);
  }

  /** One filing with its form_data, or `undefined` when missing or not the user's. */
  async getFiling(table: FilingTableName, userId: string, id: string): Promise<Filing | undefined> {
    const row = await this.#db
      .selectFrom(table)
      .select(['id', 'llc_name', 'ein', taxYearBegin, taxYearEnd, 'status', 'created_at', 'form_data'])
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!row) return undefined;
    return { ...toSummary(row), form_data: row.form_data };
  }

  /**
   * {@link getFiling}, and whether the filing has a signed copy, a fax or a filed record
   * (`has_submissions`, kept by migration 0008's trigger): one indexed read of one row, and
   * get_filing reads its submissions only when the flag is set (a second query on every read cost
   * get_filing two thirds of its throughput in the bench, three `exists` probes a fifth).
   */
  async getFilingAndSubmissionFlag(
    table: FilingTableName,
    userId: string,
    id: string,
  ): Promise<{ filing: Filing; hasSubmissions: boolean } | undefined> {
    const result = await this.#db.executeQuery<
      SummaryRow & { form_data: Record<string, unknown>; has_submissions: boolean }
    >(CompiledQuery.raw(getFilingAndSubmissionFlagStatement(table), [id, userId]));
    const row = result.rows[0];
    if (row === undefined) return undefined;
    return {
      filing: { ...toSummary(row), form_data: row.form_data },
      hasSubmissions: row.has_submissions === true,
    };
  }

  /** Creates a filing with status `completed`; answers its id. */
  async createFiling(table: FilingTableName, filing: NewFiling): Promise<string> {
    const row = await this.#db
      .insertInto(table)
      .values({
        user_id: filing.userId,
        llc_name: filing.llcName,
        ein: filing.ein,
        tax_year_begin: filing.taxYearBegin,
        tax_year_end: filing.taxYearEnd,
        status: COMPLETED,
        form_data: jsonb(filing.formData) as any,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /**
   * Creates a filing as {@link createFiling} does and, in the same call of migration 0008's function
   * (one round trip, planned once per connection), finds the ids of the user's other filings in
   * `table` with the same EIN and tax year, newest first (at most 20: enough to show the pattern
   * without a long answer). The tax year is the calendar year the tax year begins in (the year a
   * Form 5472 or 1065 is "for"), or the year it ends in when only the end is known. Nothing is
   * compared without an EIN and a year. The lookup runs before the insert, so the new filing is
   * never its own duplicate.
   */
  async createFilingFindingDuplicates(
    table: FilingTableName,
    filing: NewFiling,
  ): Promise<{ id: string; possibleDuplicates: string[] }> {
    const year = (filing.taxYearBegin ?? filing.taxYearEnd)?.slice(0, 4);
    const result = await this.#db.executeQuery<{ ids: string | null }>(
      CompiledQuery.raw(createFindingDuplicatesStatement(table), [
        filing.userId,
        filing.llcName,
        filing.ein,
        year !== undefined && /^\d{4}$/.test(year) ? Number(year) : null,
        filing.taxYearBegin,
        filing.taxYearEnd,
        COMPLETED,
        JSON.stringify(filing.formData),
      ]),
    );
    const ids = result.rows[0]?.ids;
    const [id, ...possibleDuplicates] = ids ? ids.split(',') : [];
    if (id === undefined) throw new Error('insert returned no row');
    return { id, possibleDuplicates };
  }

  /**
   * Patches a filing of `kind` (form_data merged at the top level, after removing the keys of
   * `clearFormData`); status is never touched. With the kind's `rows.columnArguments`, the columns
   * given in `patch.columns` are set as they are; without, every column is recomputed from the
   * merged form_data in the same statement (the field its row mapping names; a date that is none,
   * or a field the merged form_data lacks, keeps the row's value). Answers false when the filing is
   * missing or not the user's.
   */
  async updateFiling(kind: UpdatedKind, userId: string, id: string, patch: FilingPatch): Promise<boolean> {
    const table = kind.table as FilingTableName;
    const update = this.#db.updateTable(table);
    const changed = kind.rows.columnArguments
      ? update.set((eb) => {
          const columns = patch.columns ?? {};
          return {
            updated_at: sql`now()`,
            ...Object.fromEntries(
              COLUMNS.filter((column) => columns[column] !== undefined).map((column) => [
                column,
                columns[column],
              ]),
            ),
            ...((patch.formData !== undefined || (patch.clearFormData?.length ?? 0) > 0) && {
              form_data:
                sql`${withoutKeys(sql`${eb.ref('form_data')}`, patch.clearFormData)} || ${jsonb(patch.formData ?? {})}` as any,
            }),
          };
        })
      : update.set(() => {
          const merged = sql`(${withoutKeys(sql`form_data`, patch.clearFormData)} || ${jsonb(patch.formData ?? {})})`;
          const derived = (column: FilingColumn) => {
            const field = sql`${merged} ->> ${sql.lit(kind.rows.columns[column])}`;
            const value = DATE_COLUMNS.has(column) ? sql`filing_try_date(${field})` : field;
            return [column, sql`coalesce(${value}, ${sql.ref(column)})`];
          };
          return {
            form_data: merged as any,
            ...Object.fromEntries(COLUMNS.map(derived)),
            updated_at: sql`now()`,
          };
        });
    const row = await changed
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .returning('id')
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Deletes a filing; answers false when it is missing or not the user's. */
  async deleteFiling(table: FilingTableName, userId: string, id: string): Promise<boolean> {
    const row = await this.#db
      .deleteFrom(table)
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .returning('id')
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * Which collection holds the user's filing `id`, looking in every kind's table with one
   * statement. When several do (a UUID collision, in practice never), `preferred` wins.
   */
  async findFilingKind(userId: string, id: string, preferred: FilingKind): Promise<FilingKind | undefined> {
    const [first, ...others] = FILING_KIND_LIST.map((kind) =>
      this.#db
        .selectFrom(kindRecord(kind).table)
        .select(sql.lit(kind).as('kind'))
        .where('id', '=', id)
        .where('user_id', '=', userId),
    );
    const rows = await others.reduce((query, next) => query.unionAll(next), first!).execute();
    const kinds = rows.map((row) => row.kind);
    return kinds.includes(preferred) ? preferred : kinds[0];
  }

  /** The user's newest payments, newest first, currency codes in lower case. */
  async listPayments(userId: string, limit: number): Promise<Payment[]> {
    const rows = await this.#db
      .selectFrom('payments')
      .select([
        'id',
        'amount',
        'currency',
        'status',
        'filings_purchased',
        'created_at',
        'receipt_url',
        'promotion_code',
        'kind',
        'filing_id',
      ])
      .$call(newestOfUser(userId, limit))
      .execute();
    return rows.map((row) => ({
      id: row.id,
      amount: Number(row.amount),
      // The spec answers a lower-case code; the checkout webhook may have stored `USD`.
      currency: row.currency.toLowerCase(),
      status: row.status,
      filings_purchased: Number(row.filings_purchased),
      created_at: toIsoTimestamp(row.created_at),
      receipt_url: row.receipt_url ?? null,
      promotion_code: row.promotion_code ?? null,
      kind: row.kind === 'extension' ? 'extension' : 'tier',
      filing_id: row.filing_id ?? null,
    }));
  }

  /**
   * The user's newest filings of one table, newest first, with their form_data: what the list
   * tools need to add `ready`, `due_date` and `overdue` to each summary. One statement.
   */
  async listFilingsWithFormData(
    table: FilingTableName,
    userId: string,
    limit: number,
  ): Promise<SummaryWithFormData[]> {
    const rows = await this.#db
      .selectFrom(table)
      .select(['id', 'llc_name', 'ein', taxYearBegin, taxYearEnd, 'status', 'created_at', 'form_data'])
      .$call(newestOfUser(userId, limit))
      .execute();
    return rows.map((row) => ({
      summary: toSummary(row),
      formData: (row.form_data ?? {}) as Record<string, unknown>,
    }));
  }

  /**
   * What a filing's packet is drawn from: its owner, its last change at full precision (the
   * packet cache's key) and its form_data; with `userId`, only that user's filing. `undefined`
   * when missing (or another user's).
   */
  async packetSource(kind: FilingKind, id: string, userId?: string): Promise<PacketSource | undefined> {
    return packetSourceOf(this.#db, kind, id, userId);
  }

  /** The user's newest fax log records, newest first. */
  async listFaxLogs(userId: string, limit: number): Promise<FaxLog[]> {
    const rows = await this.#db
      .selectFrom('fax_logs')
      .select([
        'id',
        'to_number',
        'from_number',
        'status',
        'pages_sent',
        'created_at',
        'completed_at',
        'failure_reason',
        'filing_id',
      ])
      .$call(newestOfUser(userId, limit))
      .execute();
    return rows.map((row) => ({
      id: row.id,
      to_number: row.to_number,
      from_number: row.from_number,
      status: row.status,
      pages_sent: Number(row.pages_sent),
      created_at: toIsoTimestamp(row.created_at),
      completed_at: toIsoTimestampOrNull(row.completed_at),
      failure_reason: row.failure_reason,
      filing_id: row.filing_id ?? null,
    }));
  }
}
