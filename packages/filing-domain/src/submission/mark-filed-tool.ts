import { defineTool, type ToolDefinition, ToolError } from '@filing-mcp/protocol';
import * as z from 'zod';
import { calendarDate } from '../forms/form-fields.js';
import { type FilingRepository, filingTable } from '../storage/filing-repository.js';
import { filingIdSchema } from '../tools/filing-id.js';
import { FILING_NOT_FOUND, type LoadIrsForms } from '../tools/tool-options.js';
import { filedAnswer } from './filed-state.js';
import { submissionSchemas } from './submission-schemas.js';
import type { SubmissionStore } from './submission-store.js';
import { DEFAULT_FILING_KIND, FILING_KIND_LIST } from '../kinds/filing-kinds.js';

const reference = () => z.string().trim().min(1).max(100);

/**
 * mark_filed: records a filing made outside the server (mailed, e-filed, or faxed by hand) with its
 * date and optional tracking or confirmation number; called again, it corrects the record.
 */
export function markFiledTool(deps: {
  repository: FilingRepository;
  store: SubmissionStore;
  now: () => number;
  irsForms: LoadIrsForms;
}) {
  const { repository, store } = deps;
  return defineTool({
    name: 'mark_filed',
    title: 'Record that a filing was filed',
    description:
      'Records a filing (either kind) filed outside this server: method, date (certified mail: the postmark date), tracking number. check_filing then shows filed and stops days_late. A delivered send_fax records itself.',
    inputSchema: z.object({
      id: filingIdSchema().describe('UUID of the filing (single-member or partnership).'),
      method: z.enum(['fax', 'mail', 'e-file'], { message: 'must be fax, mail or e-file' }),
      date: calendarDate.describe('The filing date, YYYY-MM-DD.'),
      tracking_number: reference().optional().describe('Tracking or confirmation number.'),
    }),
    outputSchema: z.object({
      id: z.string(),
      kind: z.enum(FILING_KIND_LIST),
      filed: submissionSchemas().filed,
      message: z.string(),
    }),
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    handler: async (args, { auth }) => {
      const kind = await repository.findFilingKind(auth.userId, args.id, DEFAULT_FILING_KIND);
      const filing = kind && (await repository.getFiling(filingTable(kind), auth.userId, args.id));
      if (!kind || !filing) throw new ToolError(FILING_NOT_FOUND);
      const today = new Date(deps.now()).toISOString().slice(0, 10);
      // A day of slack: the filer's calendar may be a day ahead of UTC.
      const tomorrow = new Date(Date.parse(`${today}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
      if (args.date > tomorrow)
        throw new ToolError(`date ${args.date} is in the future: give the day it was filed`);
      if (filing.tax_year_end !== null && args.date <= filing.tax_year_end) {
        throw new ToolError(
          `date ${args.date} is not after the tax year's end (${filing.tax_year_end}): a return is filed after its tax year ends`,
        );
      }
      const number = args.tracking_number ?? null;
      await store.markFiled({
        userId: auth.userId,
        filingId: args.id,
        kind,
        method: args.method,
        date: args.date,
        reference: number,
      });
      const filed = await filedAnswer(
        { method: args.method, date: args.date, reference: number },
        deps.irsForms,
      );
      return {
        id: args.id,
        kind,
        filed,
        message: `Recorded as filed by ${args.method} on ${args.date}. Keep the proof: ${filed.proof}`,
      };
    },
  });
}

/**
 * Wraps check_filing: for a filed filing, the lateness is counted to the filing date (days_late
 * stops there), `late_filing` is null (there is nothing left to file) and `filed` says how and when.
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
        if (filed === null) return tool.handler(args, context);
        const asOf = args.as_of ?? new Date().toISOString().slice(0, 10);
        const countedTo = [filed.date, asOf].sort()[0]!;
        const answer = (await tool.handler({ ...args, as_of: countedTo }, context)) as Record<
          string,
          unknown
        >;
        return { ...answer, as_of: asOf, late_filing: null, filed: await filedAnswer(filed, irsForms) };
      },
    };
  };
}
