import type { FilingDatabase } from '../storage/database.js';
import { defineTool } from '@filing-mcp/protocol';
import * as z from 'zod';
import type { FilingRepository } from '../storage/filing-repository.js';
import { recordSchemas } from '../storage/records.js';
import type { Kysely } from 'kysely';
import { verifyOpenCheckouts } from '../payments/payment-store.js';
import { type FilingToolFactory, RECORD_LIST_LIMIT } from './tool-options.js';
import type { PaymentSelling } from '../payments/payment-selling.js';
import { readOnly } from './tool-schemas.js';

/** The tools that list the user's other records: payments and fax logs, in `tools/list` order. */
export function recordTools(
  repository: FilingRepository,
  billing?: { db: Kysely<FilingDatabase>; payments: PaymentSelling | undefined },
) {
  const listPayments = () =>
    defineTool({
      name: 'list_payments',
      title: 'List payments',
      description: `Lists your ${RECORD_LIST_LIMIT} newest payments (amount in the smallest currency unit, lower-case currency, filings_purchased). Answers { payments: [...] }.`,
      inputSchema: z.object({}),
      outputSchema: z.object({ payments: z.array(recordSchemas().paymentSchema) }),
      annotations: readOnly,
      handler: async (_args, { auth }) => {
        // A checkout paid since it was opened is recorded now, without waiting for the webhook.
        if (billing?.payments !== undefined) {
          await verifyOpenCheckouts(billing.db, billing.payments.provider, auth.userId);
        }
        return { payments: await repository.listPayments(auth.userId, RECORD_LIST_LIMIT) };
      },
    });

  const listFaxLogs = () =>
    defineTool({
      name: 'list_fax_logs',
      title: 'List fax logs',
      description: `Lists your ${RECORD_LIST_LIMIT} newest faxes (send_fax) with their delivery status and filing_id. Answers { fax_logs: [...] }.`,
      inputSchema: z.object({}),
      outputSchema: z.object({ fax_logs: z.array(recordSchemas().faxLogSchema) }),
      annotations: readOnly,
      handler: async (_args, { auth }) => ({
        fax_logs: await repository.listFaxLogs(auth.userId, RECORD_LIST_LIMIT),
      }),
    });

  return { list_payments: listPayments, list_fax_logs: listFaxLogs } satisfies Record<
    string,
    FilingToolFactory
  >;
}
