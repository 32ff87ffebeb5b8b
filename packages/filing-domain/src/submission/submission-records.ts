// What the submission store answers (signed copies, faxes, filed records) and the fax statuses:
// the types and constants of submission-store.ts, kept apart so that file stays short.
import { toIsoTimestamp } from '../storage/timestamps.js';

/** A signed copy as the tools show it (never its bytes). */
export interface SignedCopySummary {
  id: string;
  sha256: string;
  pages: number;
  byte_size: number;
  created_at: string;
  /** The filing's version (its `updated_at`, full precision) the copy was checked against; null before 0011. */
  filing_version: string | null;
}

/** One form of a signed copy, by page (the part to file as the packet listed it). */
export interface SignedCopyPart {
  form: string;
  first_page: number;
  pages: number;
}

/** A signed copy with what it holds page by page (send_fax's summary). */
export interface SignedCopy extends SignedCopySummary {
  contents: SignedCopyPart[];
  /** What the upload check could not tell (the agent asks the user); empty before 0012. */
  notes: string[];
}

/** A fax of a filing as the tools show it. */
export interface FilingFax {
  id: string;
  status: string;
  pages_sent: number;
  signed_copy_sha256: string | null;
  created_at: string;
  completed_at: string | null;
  failure_reason: string | null;
}

/** How a filing was filed. */
export interface FiledReturn {
  method: 'fax' | 'mail' | 'e-file';
  date: string;
  /** A fax sent here: its fax log's id (list_fax_logs); otherwise the number mark_filed was given. */
  reference: string | null;
  /** A fax sent here: the fax provider's id of it; otherwise null. */
  providerReference?: string | null;
  /** The records this one replaced (mark_filed with `replace: true`), oldest first. */
  history?: FiledHistoryEntry[];
}

/** A filed record that a later one replaced. */
export interface FiledHistoryEntry {
  method: FiledReturn['method'];
  date: string;
  reference: string | null;
  recorded_at: string;
  replaced_at: string;
}

/**
 * Fax statuses in the only order they may move: a later event never moves a status back (Telnyx
 * delivers webhooks out of order and more than once). `delivered` and `failed` are final.
 */
export const FAX_STATUS_RANK = Object.freeze({
  submitting: 0,
  queued: 1,
  media_processed: 2,
  sending: 3,
  delivered: 4,
  failed: 4,
});

/** A fax status of {@link FAX_STATUS_RANK}. */
export type FaxStatus = keyof typeof FAX_STATUS_RANK;

/** At most this many faxes a filing in any 24 hours. */
export const FAXES_PER_FILING_PER_DAY = 3;

/** The filed record as the database holds it (`history` a jsonb array). */
export type FiledRow = {
  method: string;
  date: string;
  reference: string | null;
  provider_reference: string | null;
  history?: unknown;
};

export function filedReturn(row: FiledRow): FiledReturn {
  const history = Array.isArray(row.history) ? (row.history as FiledHistoryEntry[]) : [];
  return {
    method: row.method as FiledReturn['method'],
    date: row.date,
    reference: row.reference,
    providerReference: row.provider_reference,
    history: history.map((entry) => ({
      method: entry.method,
      date: entry.date,
      reference: entry.reference ?? null,
      recorded_at: toIsoTimestamp(entry.recorded_at),
      replaced_at: toIsoTimestamp(entry.replaced_at),
    })),
  };
}
