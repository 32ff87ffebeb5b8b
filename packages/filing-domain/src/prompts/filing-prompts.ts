import type { FilingDatabase } from '../storage/database.js';
import { JsonRpcErrorCode, McpError, type PromptDefinition } from '@filing-mcp/protocol';
import type { Kysely } from 'kysely';
import { reasonableCausePrompt } from './reasonable-cause-definition.js';

/** The texts of the two interviews, loaded by the first `prompts/get` of one. */
const loadInterviews = () => import('./interviews.js');

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What prompts/list shows of each interview; the text is in interviews.ts. */
const LISTED = [
  {
    name: 'prepare_form_5472',
    title: 'Prepare Form 5472 (with pro forma 1120)',
    description:
      'A guided interview for a foreign-owned single-member US LLC: what to ask the user, in which order, and which tools to call until the IRS forms are ready.',
    list: 'list_filings',
  },
  {
    name: 'prepare_partnership_return',
    title: 'Prepare a partnership return (Form 1065 and K-1s)',
    description:
      'A guided interview for a US partnership: what to ask the user, in which order, and which tools to call until Form 1065 and the Schedules K-1 are ready.',
    list: 'list_partnership_filings',
  },
] as const;

/**
 * The guided interviews: `prepare_form_5472` and `prepare_partnership_return`, served
 * on both protocol eras. Each renders one user message an agent can follow: what to ask the user,
 * in which order, and which tools to call. An optional `filing_id` continues an existing filing.
 * With a database, also `draft_reasonable_cause_statement` (reasonable-cause-definition.ts).
 */
export function filingPrompts(db?: () => Promise<Kysely<FilingDatabase>>): PromptDefinition[] {
  const interviews = LISTED.map(
    (interview): PromptDefinition => ({
      name: interview.name,
      title: interview.title,
      description: interview.description,
      arguments: [
        {
          name: 'filing_id',
          title: 'Filing to continue',
          description: `Id of an existing filing to continue (from ${interview.list}); leave empty to start a new one.`,
          required: false,
        },
      ],
      get: async (args) => {
        const given = args.filing_id?.trim();
        if (given && !UUID.test(given)) {
          throw new McpError(
            JsonRpcErrorCode.InvalidParams,
            `Invalid params: filing_id must be the UUID of one of your filings (from ${interview.list}), or absent to start a new one`,
          );
        }
        const filingId = given ? given.toLowerCase() : undefined;
        const { INTERVIEWS, interviewText } = await loadInterviews();
        const text = interviewText(INTERVIEWS.find((entry) => entry.name === interview.name)!, filingId);
        return {
          description: interview.description,
          messages: [{ role: 'user', content: { type: 'text', text } }],
        };
      },
    }),
  );
  return db === undefined ? interviews : [...interviews, reasonableCausePrompt(db)];
}
