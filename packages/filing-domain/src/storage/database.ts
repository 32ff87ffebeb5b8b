import type { OAuthDatabase } from '@filing-mcp/oauth-core/kysely';
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
  /** The confirmation that bound this fax to its copy (0011). */
  confirmation_id: string | null;
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

/** A row of `signed_copies` (0006; filing version, contents and upload link 0011; notes 0012). */
export interface SignedCopyTable {
  id: Generated<string>;
  user_id: string;
  filing_id: string;
  kind: string;
  sha256: string;
  pages: number;
  byte_size: number;
  /** Comma-separated media types of the uploaded parts. */
  source_types: string;
  pdf: Uint8Array;
  created_at: Timestamp;
  /** The filing version the copy was checked against; null on rows written before 0011. */
  filing_version: string | null;
  /** JSON: what the copy holds, by form and page (0011). */
  contents: string | null;
  /** The upload link's id that took the copy: one copy per link (0011). */
  upload_link: string | null;
  /** JSON array of what the upload check could not tell (0012). */
  notes: string | null;
}

/** A row of `filed_returns`: the filing's filed record (0006), with the records it replaced (0009). */
export interface FiledReturnTable {
  filing_id: string;
  user_id: string;
  kind: string;
  method: string;
  filed_on: CalendarDate;
  reference: string | null;
  fax_log_id: string | null;
  created_at: Timestamp;
  history: ColumnType<unknown[], string | undefined, string>;
}

/** A row of `fax_webhook_events` or `payment_webhook_events`: an event id applied once. */
export interface WebhookEventTable {
  provider: string;
  event_id: string;
  received_at: Timestamp;
}

/** A row of `payment_checkouts`: a checkout this server opened (0010). */
export interface PaymentCheckoutTable {
  id: string;
  provider: string;
  user_id: string;
  kind: string;
  tier: string | null;
  filing_id: string | null;
  credits: number;
  promotion_code: string | null;
  status: ColumnType<string, string | undefined, string>;
  expires_at: NullableTimestamp;
  created_at: Timestamp;
}

/** A row of `billing_accounts`: a user's unused credits (0010). */
export interface BillingAccountTable {
  user_id: string;
  credits: ColumnType<number, number | undefined, number>;
  updated_at: Timestamp;
}

/** A row of `credit_uses`: the credit a filing used, once per filing (0010). */
export interface CreditUseTable {
  filing_id: string;
  user_id: string;
  kind: string;
  method: string;
  used_at: Timestamp;
}

/** A row of `rate_limit_counters`: hits of one bucket in one fixed window (0003). */
export interface RateLimitCounterTable {
  bucket: string;
  window_start: ColumnType<string | number, number, number>;
  hits: number;
}

/** A row of `oauth_client_activity`: until when an unused dynamic client is kept (0003). */
export interface OAuthClientActivityTable {
  client_id: string;
  live_until: Timestamp;
}

/** A row of `companion_revoked_sessions`: a signed-out companion session, by hash (0007). */
export interface CompanionRevokedSessionTable {
  session_hash: string;
  expires_at: Timestamp;
}

/**
 * The server's tables, for `Kysely<FilingDatabase>`: one per kind of filing, the others of the
 * filing domain, and oauth-core's (one database holds both), as the latest migrations leave them.
 * Migrations and their helpers alone are typed over no schema, as Kysely's documentation advises:
 * each one runs against the schema of its own time, not this one.
 */
export type FilingDatabase = OAuthDatabase & { [Table in FilingTableName]: FilingTable } & {
  payments: PaymentTable;
  fax_logs: FaxLogTable;
  api_keys: ApiKeyTable;
  signed_copies: SignedCopyTable;
  filed_returns: FiledReturnTable;
  fax_webhook_events: WebhookEventTable;
  payment_webhook_events: WebhookEventTable;
  payment_checkouts: PaymentCheckoutTable;
  billing_accounts: BillingAccountTable;
  credit_uses: CreditUseTable;
  rate_limit_counters: RateLimitCounterTable;
  oauth_client_activity: OAuthClientActivityTable;
  companion_revoked_sessions: CompanionRevokedSessionTable;
};
