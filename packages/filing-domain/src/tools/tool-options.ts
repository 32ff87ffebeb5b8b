import type { FilingDatabase } from '../storage/database.js';
import type { ToolDefinition } from '@filing-mcp/protocol';
import type { Kysely } from 'kysely';
import type { PacketLinks } from '../resources/packet-links.js';
import type { FaxSending } from '../submission/fax-provider.js';
import type { LoadIrsForms } from '../loading/load-irs-forms.js';
import type { PaymentSelling } from '../payments/payment-selling.js';

/** Default of the list tools' `limit` argument. */
export const DEFAULT_LIST_LIMIT = 50;
/** Default upper bound of `limit`; the spec leaves it open, so it is a setting (`listLimitMax`). */
export const DEFAULT_LIST_LIMIT_MAX = 200;
/** list_payments and list_fax_logs answer at most this many records. */
export const RECORD_LIST_LIMIT = 100;

/** Options of {@link createFilingTools}. */
export interface FilingToolsOptions {
  /**
   * Kysely instance on a database migrated with `migrateToLatest`, or a function answering it
   * (called by the first tool call; the filing server passes its lazily opened database).
   */
  db: Kysely<FilingDatabase> | (() => Promise<Kysely<FilingDatabase>>);
  /** `{app_url}` of the companion app; view and PDF links point into it. */
  appUrl: string;
  /** Upper bound of the list tools' `limit` argument, default {@link DEFAULT_LIST_LIMIT_MAX}. */
  listLimitMax?: number;
  /** Clock in Unix milliseconds (the list tools' `overdue`); default `Date.now`. */
  now?: () => number;
  /**
   * Whether the server serves the packets as MCP resources: get_pdf_url and a ready check_filing
   * then carry a `resource_link` to `filing://.../packet.pdf`.
   */
  packetResources?: boolean;
  /** Signs get_pdf_url's `download_url`; without it, get_pdf_url answers no `download_url`. */
  packetLinks?: PacketLinks;
  /** How send_fax sends (the provider, the sender number); without it, send_fax answers the mail route. */
  fax?: FaxSending;
  /** Card payments (buy_filings, buy_extension, credits); without it, list_payments only lists. */
  payments?: PaymentSelling;
}

/**
 * The tool options once the database is open: what every tool group is built from. `irsForms` is
 * `loading/loaders.ts`'s loader, handed down so that a test can give its own.
 */
export type OpenFilingToolsOptions = FilingToolsOptions & {
  db: Kysely<FilingDatabase>;
  irsForms: LoadIrsForms;
};

/** One tool of the build-time `tools/list` answer (`tools-list.generated.ts`). */
export interface ListedTool {
  name: string;
  title?: string;
  description: string;
  inputSchema: Record<string, unknown>;
  outputSchema?: Record<string, unknown>;
  annotations?: ToolDefinition['annotations'];
}

/** Builds one tool's definition (its zod schemas and handler). */
export type FilingToolFactory = () => ToolDefinition<any, any>;
