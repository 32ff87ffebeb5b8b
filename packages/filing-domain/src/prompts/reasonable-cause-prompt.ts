// The prompt draft_reasonable_cause_statement: the facts a late filing holds, its penalties, what
// a reasonable-cause statement must contain and the rule's source, for an agent to draft the
// statement with the user and store it (lateFilingReason) with the kind's update tool.
import type { FilingDatabase } from '../storage/database.js';
import { type HandlerContext, JsonRpcErrorCode, McpError, type PromptDefinition } from '@filing-mcp/protocol';
import { DESCRIPTION, UUID } from './reasonable-cause-texts.js';
import type { Kysely } from 'kysely';
import { DEFAULT_FILING_KIND, kindRecord, type FilingKind } from '../kinds/filing-kinds.js';
import type { FilingTableName } from '../storage/filing-repository.js';
import { loadIrsForms } from '../loading/loaders.js';

/** The rules-table entry a kind's late-return statement must also meet, beside reasonable cause. */
const STATEMENT_RULE = {
  '5472': 'lateReturnStatement',
  partnership: undefined,
} as const satisfies Record<FilingKind, string | undefined>;

/** A line of text for a value that may be missing. */
function given(value: unknown): string {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : '(not given yet)';
}

/**
 * The prompt's messages, bound to the filing server's database: loaded with the first
 * prompts/get of it (filing-prompts.ts lists the prompt without this module).
 */
export function reasonableCauseGet(db: () => Promise<Kysely<FilingDatabase>>): PromptDefinition['get'] {
  return async (args, context: HandlerContext) => {
    const id = args.filing_id?.trim() ?? '';
    if (!UUID.test(id)) {
      throw new McpError(
        JsonRpcErrorCode.InvalidParams,
        'Invalid params: filing_id must be the UUID of one of your filings (from list_filings or list_partnership_filings)',
      );
    }
    const userId = context.auth?.userId;
    if (userId === undefined) {
      throw new McpError(JsonRpcErrorCode.InvalidRequest, 'This prompt reads a filing: sign in first');
    }
    const [{ FilingRepository }, irsForms, database] = await Promise.all([
      // This module is itself loaded by the first prompts/get of it (reasonable-cause-definition.ts):
      // these two load with it.
      import('../storage/filing-repository.js'),
      loadIrsForms(),
      db(),
    ]);
    const repository = new FilingRepository(database);
    const kind = await repository.findFilingKind(userId, id.toLowerCase(), DEFAULT_FILING_KIND);
    const filing =
      kind &&
      (await repository.getFiling(kindRecord(kind).table as FilingTableName, userId, id.toLowerCase()));
    if (!kind || !filing) {
      throw new McpError(JsonRpcErrorCode.InvalidParams, `Invalid params: no filing of yours has id ${id}`);
    }
    const readiness = irsForms.checkFilingReadiness(kind, filing.form_data);
    const rules = irsForms.IRS_RULES as Record<string, { rule: string; source: string }>;
    const statementName = STATEMENT_RULE[kind];
    const statementRule = statementName === undefined ? undefined : rules[statementName];
    const data = filing.form_data as Record<string, unknown>;
    const update = kindRecord(kind).tools.update;
    const lateness = readiness.overdue
      ? `It was due ${readiness.extended_due_date ?? readiness.due_date} and is ${readiness.days_late} days late as of ${readiness.as_of}.`
      : `It is not late as of ${readiness.as_of} (due ${readiness.due_date ?? 'date not known yet'}): a statement is needed only for a return filed after its due date.`;
    const penalties =
      readiness.penalties.length === 0
        ? ['- none as of this day']
        : readiness.penalties.map(
            (penalty) =>
              `- ${penalty.code}: ${penalty.description} Amount: ${penalty.amount === null ? 'not computable' : `$${penalty.amount.toLocaleString('en-US')}`} (${penalty.basis}) Source: ${penalty.source}.`,
          );
    const text = [
      `Help the user write the reasonable-cause statement of their late return, filing ${filing.id} (${filing.llc_name ?? kindRecord(kind).unnamed}, EIN ${filing.ein ?? 'not given'}, tax year ${filing.tax_year_begin ?? '?'} to ${filing.tax_year_end ?? '?'}). ${lateness}`,
      '',
      'The penalties:',
      ...penalties,
      '',
      'What is on file now:',
      `- lateFilingReason (the statement's facts): ${given(data.lateFilingReason)}`,
      `- signerName, signerTitle (who signs it): ${given(data.signerName)}, ${given(data.signerTitle)}`,
      `- statement in the packet with its facts: ${readiness.late_filing?.statement_included === true ? 'yes' : 'no'}`,
      '',
      'What the statement must contain:',
      `- ${rules.reasonableCause?.rule ?? ''}`,
      ...(statementRule ? [`- ${statementRule.rule}`] : []),
      '- The facts, in the user’s own words: what happened, when, why it kept the return from being filed on time, what the user did with ordinary business care and prudence, when the duty to file was learned of, and that the return is now filed promptly.',
      '- The letter page adds the addressee, the request for relief, the declaration under penalties of perjury and the signature line: lateFilingReason holds only the facts.',
      `Source: ${rules.reasonableCause?.source ?? ''}${statementRule ? `; ${statementRule.source}` : ''}.`,
      '',
      'How to proceed:',
      '1. Ask the user what happened, one question at a time. Do not invent or embellish a fact; a statement signed under penalties of perjury must be true.',
      '2. Draft the facts in plain first-person sentences from the user’s answers, show the draft, and change it until the user agrees.',
      `3. Store it: ${update} {"id": "${filing.id}", "form_data": {"lateFilingReason": "<the agreed text>"}}.`,
      '4. Call check_filing: late_filing.statement_included is then true. Whether the IRS grants relief is its decision; say so, and suggest a tax professional when the facts are doubtful.',
    ].join('\n');
    return { description: DESCRIPTION, messages: [{ role: 'user', content: { type: 'text', text } }] };
  };
}
