import { defineTool } from '@filing-mcp/protocol';
import * as z from 'zod';
import { once } from '../once.js';
import { type SendFaxServices, sendFax } from '../submission/send-fax-service.js';
import { submissionSchemas } from '../submission/submission-schemas.js';
import { supportsFormElicitation } from './elicitation-form.js';
import { filingIdSchema } from './filing-id.js';

const sendFaxOutput = once(() =>
  z.object({
    id: z.string(),
    outcome: z
      .enum(['confirm', 'sent', 'already_sent', 'declined'])
      .describe('confirm: show the user the summary, then call again with confirm: its signed_copy_id.'),
    summary: z.object({
      llc_name: z.string().nullable(),
      tax_year: z.string().nullable(),
      pages: z.number().int(),
      to: z.string().describe('The IRS fax number (rules table).'),
      signed_copy_id: z.string(),
      signed_copy_sha256: z.string(),
      reasonable_cause_statement: z
        .enum(['included', 'not_included'])
        .describe('Whether the packet carries the reasonable-cause statement (a late return does).'),
      filing_version: z.string().nullable().describe('Of the copy; faxed only when current.'),
      current_filing_version: z.string(),
      contents: z
        .array(z.object({ form: z.string(), first_page: z.number().int(), pages: z.number().int() }))
        .describe('All that is faxed.'),
      notes: z
        .array(z.string())
        .describe('What the upload check could not tell (is it signed?): ask the user before confirming.'),
    }),
    fax: submissionSchemas().fax.nullable(),
    message: z.string(),
  }),
);

/**
 * send_fax: the tool of the fax service ({@link sendFax}): it parses the call, hands it to the
 * service, and answers its outcome with the filing's id (or the confirmation form to ask). A form
 * confirms the fax when the client declares elicitation (MCP 2026-07-28), otherwise the agent's
 * `confirm`.
 */
export function sendFaxTool(services: SendFaxServices) {
  return defineTool({
    name: 'send_fax',
    title: 'Fax the signed return to the IRS',
    description:
      'Faxes the signed part to file (get_pdf_url’s upload_url) of a ready 5472 filing to the IRS (855-887-7737) once the user confirms: a form, or show the summary, then confirm: its signed_copy_id. Once per copy unless resend; 3 a day. Status: list_fax_logs.',
    inputSchema: z.object({
      id: filingIdSchema().describe('UUID of the single-member filing.'),
      confirm: z
        .union([z.string(), z.boolean()])
        .optional()
        .describe('summary.signed_copy_id, once the user agreed.'),
      resend: z.boolean().optional().describe('true to fax the same signed copy again (asks again).'),
    }),
    outputSchema: sendFaxOutput(),
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
    handler: async (args, context) => {
      const result = await sendFax(services, {
        userId: context.auth.userId,
        filingId: args.id,
        confirm: args.confirm,
        resend: args.resend === true,
        form: supportsFormElicitation(context.clientCapabilities) ? context : undefined,
      });
      return 'ask' in result ? result.ask : { id: args.id, ...result };
    },
  });
}
