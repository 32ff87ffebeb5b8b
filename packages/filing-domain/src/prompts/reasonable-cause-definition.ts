// The prompt draft_reasonable_cause_statement as prompts/list shows it; its messages
// (reasonable-cause-prompt.ts) load with the first prompts/get of it, off the cold start.
import type { FilingDatabase } from '../storage/database.js';
import type { PromptDefinition } from '@filing-mcp/protocol';
import type { Kysely } from 'kysely';
import { DESCRIPTION, REASONABLE_CAUSE_PROMPT } from './reasonable-cause-texts.js';

/** The prompt's messages, loaded by its first prompts/get. */
const loadReasonableCausePrompt = () => import('./reasonable-cause-prompt.js');

/** The prompt, bound to the filing server's database. */
export function reasonableCausePrompt(db: () => Promise<Kysely<FilingDatabase>>): PromptDefinition {
  let get: PromptDefinition['get'] | undefined;
  return {
    name: REASONABLE_CAUSE_PROMPT,
    title: 'Draft the reasonable-cause statement of a late return',
    description: DESCRIPTION,
    arguments: [
      {
        name: 'filing_id',
        title: 'Late filing',
        description: 'Id of the late filing (from list_filings or list_partnership_filings).',
        required: true,
      },
    ],
    get: async (args, context) => {
      get ??= (await loadReasonableCausePrompt()).reasonableCauseGet(db);
      return get(args, context);
    },
  };
}
