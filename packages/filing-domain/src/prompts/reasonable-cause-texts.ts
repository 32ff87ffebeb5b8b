// The names and texts the prompt draft_reasonable_cause_statement shares between its listing
// (reasonable-cause-definition.ts) and its messages (reasonable-cause-prompt.ts).

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const REASONABLE_CAUSE_PROMPT = 'draft_reasonable_cause_statement';

export const DESCRIPTION =
  'Drafts, with the user, the reasonable-cause statement of a late return: the facts on file, the penalty, what the statement must contain and the rule’s source; the result is stored in lateFilingReason.';
