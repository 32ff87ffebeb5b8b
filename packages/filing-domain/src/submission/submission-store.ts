import type { FilingDatabase } from '../storage/database.js';
import type { FilingKind } from '../kinds/filing-kinds.js';
import { type Kysely, sql } from 'kysely';
import { jsonArrayFrom, jsonObjectFrom } from 'kysely/helpers/postgres';
import { toIsoTimestamp, toIsoTimestampOrNull } from '../storage/timestamps.js';
import {
  FAX_STATUS_RANK,
  FAXES_PER_FILING_PER_DAY,
  type SignedCopySummary,
  type SignedCopyPart,
  type SignedCopy,
  type FilingFax,
  type FiledReturn,
  type FiledRow,
  filedReturn,
} from './submission-records.js';

export * from './submission-records.js';

// filed_returns' reference as answered: a fax sent here is named by its fax log's id (the id
// list_fax_logs shows), the provider's id of it beside; a row without fax_log_id holds
// `fax <provider id>` in reference.
const filedReference = sql<string | null>`coalesce(filed_returns.fax_log_id, filed_returns.reference)`.as(
  'reference',
);
const providerReference = sql<
  string | null
>`(select provider_fax_id from fax_logs where fax_logs.id::text = filed_returns.fax_log_id)`.as(
  'provider_reference',
);

const filedColumns = [
  'method',
  sql<string>`filed_on::text`.as('date'),
  filedReference,
  providerReference,
  'history',
] as const;

const copyColumns = ['id', 'sha256', 'pages', 'byte_size', 'created_at', 'filing_version'] as const;

function copySummary(row: {
  id: string;
  sha256: string;
  pages: number | string;
  byte_size: number | string;
  created_at: Date | string;
  filing_version: string | null;
}): SignedCopySummary {
  return {
    id: row.id,
    sha256: row.sha256,
    pages: Number(row.pages),
    byte_size: Number(row.byte_size),
    created_at: toIsoTimestamp(row.created_at),
    filing_version: row.filing_version ?? null,
  };
}

/** A JSON array column (`contents`, `notes`) as its array; anything else as empty. */
function jsonArray<T>(text: string | null): T[] {
  if (text === null) return [];
  try {
    const parts = JSON.parse(text) as unknown;
    return Array.isArray(parts) ? (parts as T[]) : [];
  } catch {
    return [];
  }
}

const faxColumns = [
  'id',
  'status',
  'pages_sent',
  'signed_copy_sha256',
  'created_at',
  'completed_at',
  'failure_reason',
] as const;

function faxRecord(row: {
  id: string;
  status: string;
  pages_sent: number | string;
  signed_copy_sha256: string | null;
  created_at: Date | string;
  completed_at: Date | string | null;
  failure_reason: string | null;
}): FilingFax {
  return {
    id: row.id,
    status: row.status,
    pages_sent: Number(row.pages_sent),
    signed_copy_sha256: row.signed_copy_sha256,
    created_at: toIsoTimestamp(row.created_at),
    completed_at: toIsoTimestampOrNull(row.completed_at),
    failure_reason: row.failure_reason,
  };
}

/** The signed copies, fax logs and filed state of filings, in the database. */
export class SubmissionStore {
  readonly #db: Kysely<FilingDatabase>;

  constructor(db: Kysely<FilingDatabase>) {
    this.#db = db;
  }

  /**
   * Keeps a signed copy of a filing; answers its summary, or `link_used` when `uploadLink` (the
   * SHA-256 of an upload link's signature) already brought a copy: nothing is stored then.
   */
  async addSignedCopy(copy: {
    userId: string;
    filingId: string;
    kind: FilingKind;
    sha256: string;
    pages: number;
    sourceTypes: string[];
    pdf: Uint8Array;
    filingVersion: string;
    contents: SignedCopyPart[];
    /** What the checks could not tell, kept for send_fax's summary. */
    notes: string[];
    uploadLink?: string;
  }): Promise<SignedCopySummary | 'link_used'> {
    const row = await this.#db
      .insertInto('signed_copies')
      .values({
        filing_version: copy.filingVersion,
        contents: JSON.stringify(copy.contents),
        notes: JSON.stringify(copy.notes),
        upload_link: copy.uploadLink ?? null,
        user_id: copy.userId,
        filing_id: copy.filingId,
        kind: copy.kind,
        sha256: copy.sha256,
        pages: copy.pages,
        byte_size: copy.pdf.byteLength,
        source_types: copy.sourceTypes.join(','),
        pdf: copy.pdf,
      })
      .onConflict((conflict) => conflict.column('upload_link').doNothing())
      .returning([...copyColumns])
      .executeTakeFirst();
    return row === undefined ? 'link_used' : copySummary(row);
  }

  /** The signed copy an upload link (the SHA-256 of its signature) brought, or undefined. */
  async copyOfUploadLink(uploadLink: string): Promise<SignedCopySummary | undefined> {
    const row = await this.#db
      .selectFrom('signed_copies')
      .select([...copyColumns])
      .where('upload_link', '=', uploadLink)
      .executeTakeFirst();
    return row === undefined ? undefined : copySummary(row);
  }

  /** The newest signed copy of a filing of the user, with its contents, or undefined. */
  async latestSignedCopy(userId: string, filingId: string): Promise<SignedCopy | undefined> {
    const row = await this.#db
      .selectFrom('signed_copies')
      .select([...copyColumns, 'contents', 'notes'])
      .where('user_id', '=', userId)
      .where('filing_id', '=', filingId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row === undefined
      ? undefined
      : {
          ...copySummary(row),
          contents: jsonArray<SignedCopyPart>(row.contents),
          notes: jsonArray<string>(row.notes).filter((note) => typeof note === 'string'),
        };
  }

  /** The PDF of a signed copy of a filing (the fax provider's media link names both). */
  async signedCopyBytes(copyId: string, kind: FilingKind): Promise<Uint8Array | undefined> {
    const row = await this.#db
      .selectFrom('signed_copies')
      .select('pdf')
      .where('id', '=', copyId)
      .where('kind', '=', kind)
      .executeTakeFirst();
    return row === undefined ? undefined : new Uint8Array(row.pdf as Uint8Array);
  }

  /** The filing's signed copies (newest first, at most 20), faxes (newest first, at most 20) and filed state. */
  async submissions(
    userId: string,
    filingId: string,
  ): Promise<{ signed_copies: SignedCopySummary[]; faxes: FilingFax[]; filed: FiledReturn | null }> {
    // One statement, one round trip: get_filing answers with it, and three queries a read cost
    // get_filing more than half its throughput (the bench against cb1a441: about 0.4x).
    const row = await this.#db
      .selectNoFrom((eb) => [
        jsonArrayFrom(
          eb
            .selectFrom('signed_copies')
            .select([...copyColumns])
            .where('user_id', '=', userId)
            .where('filing_id', '=', filingId)
            .orderBy('created_at', 'desc')
            .limit(20),
        ).as('copies'),
        jsonArrayFrom(
          eb
            .selectFrom('fax_logs')
            .select([...faxColumns])
            .where('user_id', '=', userId)
            .where('filing_id', '=', filingId)
            .orderBy('created_at', 'desc')
            .limit(20),
        ).as('faxes'),
        jsonObjectFrom(
          eb
            .selectFrom('filed_returns')
            .select([...filedColumns])
            .where('user_id', '=', userId)
            .where('filing_id', '=', filingId),
        ).as('filed'),
      ])
      .executeTakeFirstOrThrow();
    const filed = row.filed as FiledRow | null;
    return {
      signed_copies: (row.copies as Parameters<typeof copySummary>[0][]).map(copySummary),
      faxes: (row.faxes as Parameters<typeof faxRecord>[0][]).map(faxRecord),
      filed: filed === null ? null : filedReturn(filed),
    };
  }

  /** Deletes a deleted filing's signed copies and filed record (its fax logs stay, as the user's record of faxes). */
  async forgetFiling(userId: string, filingId: string): Promise<void> {
    await this.#db
      .deleteFrom('signed_copies')
      .where('user_id', '=', userId)
      .where('filing_id', '=', filingId)
      .execute();
    await this.#db
      .deleteFrom('filed_returns')
      .where('user_id', '=', userId)
      .where('filing_id', '=', filingId)
      .execute();
  }

  /**
   * How the filing was filed, or null; `delivered_fax` when the record is a fax the provider
   * reported delivered (the fax webhook's record, which mark_filed never replaces).
   */
  async filed(userId: string, filingId: string): Promise<(FiledReturn & { delivered_fax: boolean }) | null> {
    const row = await this.#db
      .selectFrom('filed_returns')
      .select([
        ...filedColumns,
        sql<boolean>`exists (select 1 from fax_logs f where f.id = filed_returns.fax_log_id and f.status = 'delivered')`.as(
          'delivered_fax',
        ),
      ])
      .where('user_id', '=', userId)
      .where('filing_id', '=', filingId)
      .executeTakeFirst();
    return row === undefined ? null : { ...filedReturn(row), delivered_fax: row.delivered_fax === true };
  }

  /**
   * Records how a filing was filed (mark_filed). Over an existing record only with `replace`, and
   * never over a fax the provider reported delivered: the record replaced moves to `history`, in
   * the same statement (so two calls cannot both replace one record, and none is lost). Answers
   * false when nothing was written (a record exists and may not be replaced).
   */
  async markFiled(entry: {
    userId: string;
    filingId: string;
    kind: FilingKind;
    method: FiledReturn['method'];
    date: string;
    reference: string | null;
    replace: boolean;
  }): Promise<boolean> {
    const result = await sql<{ filing_id: string }>`
      insert into filed_returns (filing_id, user_id, kind, method, filed_on, reference, fax_log_id)
      values (${entry.filingId}, ${entry.userId}, ${entry.kind}, ${entry.method}, ${entry.date}::date,
              ${entry.reference}, null)
      on conflict (filing_id) do update set
        method = excluded.method,
        filed_on = excluded.filed_on,
        reference = excluded.reference,
        fax_log_id = null,
        created_at = now(),
        history = filed_returns.history || jsonb_build_array(jsonb_build_object(
          'method', filed_returns.method, 'date', filed_returns.filed_on::text,
          'reference', filed_returns.reference, 'recorded_at', filed_returns.created_at,
          'replaced_at', now()))
      where ${entry.replace} and filed_returns.user_id = excluded.user_id
        and not exists (select 1 from fax_logs f
                         where f.id = filed_returns.fax_log_id and f.status = 'delivered')
      returning filing_id`.execute(this.#db);
    return result.rows.length === 1;
  }

  /**
   * Starts a fax of a signed copy: its fax log row, status `submitting`, unless the copy was faxed
   * already (attempt 1 exists and `resend` is false) or the filing had
   * {@link FAXES_PER_FILING_PER_DAY} faxes in the last 24 hours. One statement, so two concurrent
   * calls cannot both start the same attempt.
   */
  async startFax(entry: {
    id: string;
    userId: string;
    filingId: string;
    kind: FilingKind;
    copy: SignedCopySummary;
    toNumber: string;
    fromNumber: string;
    provider: string;
    resend: boolean;
    /** The id of the sealed confirmation it is sent on: a confirmation sends one fax. */
    confirmationId?: string;
  }): Promise<'started' | 'already_sent' | 'daily_limit' | 'confirmation_used'> {
    const attempt = entry.resend
      ? sql<number>`(select coalesce(max(attempt), 0) + 1 from fax_logs where signed_copy_id = ${entry.copy.id})`
      : sql<number>`1`;
    const inserted = await sql<{ id: string }>`
      insert into fax_logs (id, user_id, to_number, from_number, status, pages_sent, filing_id, kind,
                            provider, signed_copy_id, signed_copy_sha256, attempt, status_rank, confirmation_id)
      select ${entry.id}, ${entry.userId}, ${entry.toNumber}, ${entry.fromNumber}, 'submitting', 0,
             ${entry.filingId}, ${entry.kind}, ${entry.provider}, ${entry.copy.id}, ${entry.copy.sha256},
             ${attempt}, 0, ${entry.confirmationId ?? null}
       where (select count(*) from fax_logs
               where filing_id = ${entry.filingId} and created_at > now() - interval '24 hours') < ${FAXES_PER_FILING_PER_DAY}
      on conflict do nothing
      returning id`.execute(this.#db);
    if (inserted.rows.length === 1) return 'started';
    if (entry.confirmationId !== undefined) {
      const used = await this.#db
        .selectFrom('fax_logs')
        .select('id')
        .where('confirmation_id', '=', entry.confirmationId)
        .executeTakeFirst();
      if (used !== undefined) return 'confirmation_used';
    }
    const sent = await this.faxOfCopy(entry.copy.id);
    return sent !== undefined && !entry.resend ? 'already_sent' : 'daily_limit';
  }

  /** The newest fax of a signed copy. */
  async faxOfCopy(copyId: string): Promise<FilingFax | undefined> {
    const row = await this.#db
      .selectFrom('fax_logs')
      .select([...faxColumns])
      .where('signed_copy_id', '=', copyId)
      .orderBy('attempt', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row === undefined ? undefined : faxRecord(row);
  }

  /** The provider took the fax: its id, and `queued` unless an event moved it further already. */
  async faxAccepted(id: string, providerFaxId: string): Promise<void> {
    await this.#db
      .updateTable('fax_logs')
      .set({
        provider_fax_id: providerFaxId,
        status: sql`case when status_rank < ${FAX_STATUS_RANK.queued} then 'queued' else status end`,
        status_rank: sql`greatest(status_rank, ${FAX_STATUS_RANK.queued})`,
        updated_at: sql`now()`,
      })
      .where('id', '=', id)
      .execute();
  }

  /** The provider refused the fax: nothing was sent. */
  async faxRefused(id: string, reason: string): Promise<void> {
    await this.#db
      .updateTable('fax_logs')
      .set({
        status: 'failed',
        status_rank: FAX_STATUS_RANK.failed,
        failure_reason: reason,
        completed_at: sql`now()`,
        updated_at: sql`now()`,
      })
      .where('id', '=', id)
      .execute();
  }
}
