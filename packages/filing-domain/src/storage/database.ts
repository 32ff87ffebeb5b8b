import type { ColumnType, Generated } from 'kysely';
import type { FilingTableName } from '../kinds/filing-kinds.js';

type Timestamp = ColumnType<Date | string, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<
  Date | string | null,
  Date | string | null | undefined,
  Date | string | null
>;
type CalendarDate = ColumnType<Date | string | null, string | null | undefined, string | null>;
type Json = ColumnType<Record<string, unknown>, string, string>;

/** A row of `filings` (single-member) or `partnership_filings`: both tables share one shape. */
export interface FilingTable {
  id: Generated<string>;
  user_id: string;
  llc_name: string | null;
  ein: string | null;
  tax_year_begin: CalendarDate;
  tax_year_end: CalendarDate;
  status: string;
  form_data: Json;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Set (by migration 0008's trigger) once a signed copy, fax or filed record names the filing. */
  has_submissions: Generated<boolean>;
}

/** A row of `payments`, written by the payment webhook or the checkout's verification (0010). */
export interface PaymentTable {
  id: string;
  user_id: string;
  amount: number;
  currency: string;
  status: string;
  filings_purchased: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
  provider: string | null;
  provider_checkout_id: string | null;
  provider_payment_id: string | null;
  kind: Generated<string>;
  tier: string | null;
  filing_id: string | null;
  receipt_url: string | null;
  promotion_code: string | null;
  amount_refunded: Generated<number>;
  credits_revoked: Generated<number>;
  updated_at: Generated<Date | string>;
}

/** A row of `fax_logs`, written by the fax sender and kept in sync by the fax-status webhook. */
export interface FaxLogTable {
  id: string;
  user_id: string;
  to_number: string;
  from_number: string;
  status: string;
  pages_sent: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
  completed_at: NullableTimestamp;
  failure_reason: string | null;
  /** The filing faxed and the provider's fax (send_fax); null on rows written before migration 0006_submissions. */
  filing_id: string | null;
  kind: string | null;
  provider: string | null;
  provider_fax_id: string | null;
  signed_copy_id: string | null;
  signed_copy_sha256: string | null;
  attempt: ColumnType<number, number | undefined, number>;
  status_rank: ColumnType<number, number | undefined, number>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** A row of `api_keys`: only the SHA-256 of the key is stored. */
export interface ApiKeyTable {
  id: Generated<string>;
  user_id: string;
  key_hash: string;
  prefix: string;
  name: string | null;
  created_at: Timestamp;
  expires_at: NullableTimestamp;
  last_used_at: NullableTimestamp;
  /** Space-separated scopes, default `mcp`. */
  scope: Generated<string>;
}

/** The filing domain's tables, for `Kysely<FilingDatabase>`: one per kind of filing, and the others. */
export type FilingDatabase = { [Table in FilingTableName]: FilingTable } & {
  payments: PaymentTable;
  fax_logs: FaxLogTable;
  api_keys: ApiKeyTable;
};
