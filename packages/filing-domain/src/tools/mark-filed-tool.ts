import { defineTool, type ToolDefinition } from '@filing-mcp/protocol';
import * as z from 'zod';
import { calendarDate } from '../forms/form-fields.js';
import { filingIdSchema } from './filing-id.js';
import type { LoadIrsForms } from '../loading/load-irs-forms.js';
import { filedAnswer } from '../submission/filed-state.js';
import { type MarkFiledServices, markFiled } from '../submission/mark-filed-service.js';
import { submissionSchemas } from '../submission/submission-schemas.js';
import type { SubmissionStore } from '../submission/submission-store.js';
import { FILING_KIND_LIST } from '../kinds/filing-kinds.js';

const reference = () => z.string().trim().min(1).max(100);

/**
 * mark_filed: the tool of the filed-record service ({@link markFiled}): it parses the call, hands
 * it to the service, and answers the record with the filing's id.
 */
export function markFiledTool(services: MarkFiledServices) {
  return defineTool({
    name: 'mark_filed',
    title: 'Record a filing as filed',
    description:
      'Records a complete return filed elsewhere (5472: fax/mail; 1065: mail/e-file) on date (mail: postmark). Again only with replace, never over a delivered fax.',
    inputSchema: z.object({
      id: filingIdSchema().describe('UUID of the filing (single-member or partnership).'),
      method: z.enum(['fax', 'mail', 'e-file'], { message: 'must be fax, mail or e-file' }),
      date: calendarDate.describe('The filing date, YYYY-MM-DD.'),
      tracking_number: reference().optional().describe('Tracking or confirmation number.'),
      replace: z
        .boolean()
        .optional()
        .describe('true to replace an earlier record; get_filing keeps it in submissions.filed.history.'),
    }),
    outputSchema: z.object({
      id: z.string(),
      kind: z.enum(FILING_KIND_LIST),
      filed: submissionSchemas().filed,
      message: z.string(),
    }),
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    handler: async (args, { auth }) => ({
      id: args.id,
      ...(await markFiled(services, {
        userId: auth.userId,
        filingId: args.id,
        method: args.method,
        date: args.date,
        reference: args.tracking_number ?? null,
        replace: args.replace === true,
      })),
    }),
  });
}

/**
 * Wraps check_filing: for a filing filed on or before `as_of`, the lateness is counted to the filing
 * date (days_late stops there), `late_filing` is null (there is nothing left to file) and `filed`
 * says how and when. At an `as_of` before the filing date the answer is the status as of that day,
 * without `filed`.
 */
export function withFiledState(
  build: () => ToolDefinition<any, any>,
  store: SubmissionStore,
  irsForms: LoadIrsForms,
): () => ToolDefinition<any, any> {
  return () => {
    const tool = build();
    return {
      ...tool,
      handler: async (args: { id: string; as_of?: string }, context) => {
        const filed = await store.filed(context.auth.userId, args.id);
        const asOf = args.as_of ?? new Date().toISOString().slice(0, 10);
        // Before the filing date the return was not filed yet: the status as of that day.
        if (filed === null || asOf < filed.date) return tool.handler(args, context);
        const answer = (await tool.handler({ ...args, as_of: filed.date }, context)) as Record<
          string,
          unknown
        >;
        return { ...answer, as_of: asOf, late_filing: null, filed: await filedAnswer(filed, irsForms) };
      },
    };
  };
}
