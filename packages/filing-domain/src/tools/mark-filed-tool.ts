import { defineTool, type ToolDefinition, ToolError } from '@filing-mcp/protocol';
import * as z from 'zod';
import { calendarDate } from '../forms/form-fields.js';
import type { FilingRepository } from '../storage/filing-repository.js';
import { filingIdSchema } from './filing-id.js';
import { findAnyFiling } from '../storage/find-any-filing.js';
import type { LoadIrsForms } from '../load-irs-forms.js';
import { filedAnswer } from '../submission/filed-state.js';
import { submissionSchemas } from '../submission/submission-schemas.js';
import type { SubmissionStore } from '../submission/submission-store.js';
import { FILING_KIND_LIST } from '../kinds/filing-kinds.js';

const reference = () => z.string().trim().min(1).max(100);

/**
 * mark_filed: records a filing made outside the server (mailed, e-filed, or faxed by hand) with its
 * date and optional tracking or confirmation number. Only a method the kind is filed by, and only a
 * filing complete as of that date (irs-forms' `checkFiledRecord`, from the rules table). A filing
 * recorded filed already is recorded again only with `replace: true`, never over a fax the
 * provider reported delivered; the record replaced stays in `filed.history`.
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
    handler: async (args, { auth }) => {
      const { kind, filing } = await findAnyFiling(repository, auth.userId, args.id, undefined);
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
      const check = (await deps.irsForms()).checkFiledRecord(kind, filing.form_data, args.method, args.date);
      if (!check.ok) throw new ToolError(check.reason);
      const number = args.tracking_number ?? null;
      const current = await store.filed(auth.userId, args.id);
      const answer = async (message: string) => {
        const filed = await store.filed(auth.userId, args.id);
        const shown = await filedAnswer(filed!, deps.irsForms);
        return { id: args.id, kind, filed: shown, message: `${message} Keep the proof: ${shown.proof}` };
      };
      if (
        current !== null &&
        current.method === args.method &&
        current.date === args.date &&
        current.reference === number
      ) {
        return answer(`Already recorded as filed by ${args.method} on ${args.date}; nothing changed.`);
      }
      if (current !== null) {
        const recorded = `filed by ${current.method} on ${current.date}${current.reference === null ? '' : ` (${current.reference})`}`;
        if (current.delivered_fax) {
          throw new ToolError(
            `This filing is recorded as ${recorded}: the fax provider reported that fax delivered to the IRS, so that record is never replaced. Nothing was changed. A correction to the return means an amended return.`,
          );
        }
        if (args.replace !== true) {
          throw new ToolError(
            `This filing is already recorded as ${recorded}. Nothing was changed. To replace that record (get_filing keeps it in submissions.filed.history), call mark_filed again with replace: true.`,
          );
        }
      }
      const written = await store.markFiled({
        userId: auth.userId,
        filingId: args.id,
        kind,
        method: args.method,
        date: args.date,
        reference: number,
        replace: args.replace === true,
      });
      if (!written) {
        throw new ToolError(
          'The filing was recorded as filed by another call meanwhile. Nothing was changed: call get_filing to see the record, then mark_filed again if it must be replaced.',
        );
      }
      const replaced =
        current === null
          ? ''
          : ` It replaced the record of ${current.method} on ${current.date}, which get_filing keeps in submissions.filed.history.`;
      return answer(
        `Recorded as filed by ${args.method} on ${args.date}.${replaced}${check.notes.map((note) => ` ${note}`).join('')}`,
      );
    },
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
