import * as z from 'zod';
import { once } from '../once.js';

/**
 * The records tools answer with, as zod schemas (they are the tools' output schemas) and types.
 * Database drivers hand back `Date` objects for `timestamptz` (pg and PGlite alike); every
 * timestamp leaves through {@link toIsoTimestamp}, and dates are selected as text so no time zone
 * can shift them.
 */

/** The record schemas, built by the first call (the public exports are in schemas.ts). */
export const recordSchemas = once(() => {
  const isoTimestamp = z.string().describe('ISO 8601 timestamp.');

  /** The spec's filing summary (list tools), shared by both kinds of filing. */
  const filingSummarySchema = z.object({
    id: z.string().describe('Filing UUID.'),
    llc_name: z.string().nullable().describe('Entity name on the record; null until one is known.'),
    ein: z.string().nullable().describe('Employer identification number; null until one is known.'),
    tax_year_begin: z.string().nullable().describe('Start of the tax year, YYYY-MM-DD; null until known.'),
    tax_year_end: z.string().nullable().describe('End of the tax year, YYYY-MM-DD; null until known.'),
    status: z.string().describe('Current status of the filing, `completed` once created.'),
    created_at: isoTimestamp,
  });

  /** A filing with its full `form_data` (get_filing, get_partnership_filing). */
  const filingSchema = filingSummarySchema.extend({
    form_data: z.record(z.string(), z.unknown()).describe('The full form payload.'),
  });

  /** A payment record (list_payments). */
  const paymentSchema = z.object({
    id: z.string(),
    amount: z.number().int().describe('Amount in the smallest currency unit.'),
    currency: z.string().describe('Lower-case currency code.'),
    status: z.string(),
    filings_purchased: z.number().int().describe('Count of filings or credits bought.'),
    created_at: isoTimestamp,
    receipt_url: z.string().nullable().describe('The card receipt; null until known.'),
    promotion_code: z.string().nullable(),
    kind: z.enum(['tier', 'extension']).describe('A tier of filings, or one Form 7004 extension.'),
    filing_id: z.string().nullable().describe('The filing an extension is for.'),
  });

  /** A fax log record (list_fax_logs). */
  const faxLogSchema = z.object({
    id: z.string(),
    to_number: z.string(),
    from_number: z.string(),
    status: z.string(),
    pages_sent: z.number().int(),
    created_at: isoTimestamp,
    completed_at: isoTimestamp.nullable().describe('Set when processing has finished.'),
    failure_reason: z.string().nullable(),
    filing_id: z
      .string()
      .nullable()
      .describe('The filing faxed (send_fax); null for a fax sent before send_fax recorded its filing.'),
  });
  return { filingSummarySchema, filingSchema, paymentSchema, faxLogSchema };
});

/** A filing summary. */
export type FilingSummary = z.output<ReturnType<typeof recordSchemas>['filingSummarySchema']>;

/** A filing with its `form_data`. */
export type Filing = z.output<ReturnType<typeof recordSchemas>['filingSchema']>;

/** A payment record. */
export type Payment = z.output<ReturnType<typeof recordSchemas>['paymentSchema']>;

/** A fax log record. */
export type FaxLog = z.output<ReturnType<typeof recordSchemas>['faxLogSchema']>;

/** What a filing's packet is drawn from: the row's owner, its last change and its form_data. */
export interface PacketSource {
  id: string;
  user_id: string;
  /** The row's `updated_at` at full precision (as text): any change makes a new packet. */
  updated_at: string;
  /**
   * The last change of the filing's Form 7004 extension payment, when it has one: a change of the
   * packet (its owner's part) that is no change of the return, so no part of the cache key's
   * `updated_at`, which a signed copy is checked against.
   */
  extension_changed_at?: string;
  form_data: Record<string, unknown>;
}
