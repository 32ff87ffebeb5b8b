import { inputRequired, type ToolContext, type ToolDefinition, defineTool } from '@filing-mcp/protocol';
import * as z from 'zod';
import { filingKindAliases, resolveFilingKind } from '../forms/form-schema-descriptor.js';
import { DEFAULT_FILING_KIND, kindRecord, type FilingKind } from '../kinds/filing-kinds.js';
import { once } from '../once.js';
import type { FilingRepository } from '../storage/filing-repository.js';
import { type Answer, type Refusal, storeAnswers } from './complete-filing-store.js';
import {
  completeFilingOutputSchema,
  finalAnswer,
  nothingToAsk,
  type Outcome,
  owedFirst,
  UPDATE_TOOL,
} from './complete-filing-answer.js';
import {
  type AskedField,
  type FilingCheck,
  nextRound,
  requestedSchema,
  supportsFormElicitation,
} from './elicitation-form.js';
import {
  countLeft,
  DONT_KNOW,
  interviewFields,
  nextSection,
  openedSince,
  preparerAnswer,
  preparerQuestion,
  sectionOf,
} from './elicitation-sections.js';
import {
  addPreparerNotes,
  DONT_KNOW_NOTE,
  openPreparerNotes,
  PREPARER_NOTES_KEY,
  type PreparerNote,
} from './preparer-notes.js';
import { isGiven, pathOfFlatName, parseFieldPath, valueAt } from '../forms/elicitation-paths.js';
import {
  checkFingerprint,
  FIRST_ROUND,
  fieldHash,
  type RoundState,
  readAnswer,
  roundKey,
} from './elicitation-round.js';
import { findAnyFiling } from '../storage/find-any-filing.js';
import { filingIdSchema } from './filing-id.js';
import type { LoadIrsForms } from '../loading/load-irs-forms.js';

export { completeFilingOutputSchema } from './complete-filing-answer.js';
export { MAX_FIELDS_PER_ROUND, supportsFormElicitation } from './elicitation-form.js';
export { ELICITATION_KEY } from './elicitation-round.js';

/** Rounds in a row that bring the filing no closer to ready before complete_filing stops. */
export const MAX_STALLED_ROUNDS = 3;

/**
 * Most forms one complete_filing call shows. The official SDKs' clients stop a call that still
 * asks for input after 10 rounds (`inputRequired.maxRounds`, default 10: the 11th input_required
 * throws); a client may count the first request as a round too, so the call answers with a
 * result, `incomplete` and the count left, once the 9th form is answered.
 */
export const MAX_FORMS = 9;

const kindNames = Object.keys(filingKindAliases) as [string, ...string[]];

/** The input schema of complete_filing. */
const completeFilingInput = once(() =>
  z.object({
    id: filingIdSchema().describe('UUID of the filing (single-member or partnership).'),
    kind: z
      .enum(kindNames, { message: 'must be 5472 or partnership' })
      .optional()
      .describe('Expected kind, "5472" (default) or "partnership"; the server corrects it.'),
  }),
);

/**
 * The answers of an accepted form that name a field still to ask, trimmed, blanks left out; a
 * question for a preparer answered "I don't know" is a note for the preparer, never an answer.
 */
function answersOf(
  content: Record<string, unknown>,
  asked: AskedField[],
): { answers: Answer[]; notes: PreparerNote[] } {
  const byName = new Map(asked.map((field) => [field.name, field]));
  const answers: Answer[] = [];
  const notes: PreparerNote[] = [];
  for (const [name, value] of Object.entries(content)) {
    const field = byName.get(name);
    // Only what is still asked: a name no path maps to, or a field now answered, is ignored.
    if (field === undefined || pathOfFlatName(name) === undefined || !isGiven(value)) continue;
    if (Array.isArray(value) && value.length === 0) continue;
    if (preparerQuestion(field) !== undefined && field.primitive.choices) {
      const given = preparerAnswer(value);
      if (given === DONT_KNOW)
        notes.push({ field: field.field, question: field.title, note: DONT_KNOW_NOTE });
      else if (given !== undefined) answers.push({ path: field.path, value: given });
      continue;
    }
    answers.push({ path: field.path, value: typeof value === 'string' ? value.trim() : value });
  }
  return { answers, notes };
}

/**
 * complete_filing: asks the user, through the client, for what check_filing finds missing or
 * invalid, and stores the answers with the update tool's own validation and write.
 *
 * On MCP 2026-07-28 with a client that declares elicitation, it answers `input_required` with a
 * form (up to {@link MAX_FIELDS_PER_ROUND} fields, or one partner, related party or object of lines
 * whole): flat fields named by their form_data paths (`relatedParties__0__partVII__line37`),
 * amounts as integers, yes/no as booleans, fixed sets with titles, stored values as defaults. Each
 * valid answer is stored; a refused one is asked again with its reason. It ends `ready`,
 * `prepare_elsewhere`, `declined`, `cancelled`, `incomplete`, or `stalled` after
 * {@link MAX_STALLED_ROUNDS} rounds in a row that bring the filing no closer to ready. The server
 * keeps nothing between rounds: each retry maps the answers back from the filing as it is, and
 * the round count and what earlier rounds stored travel in the input request's key
 * (elicitation-round.ts). Without elicitation it answers `ask_the_user` with the fields.
 */
export function completeFilingTool(deps: CompleteFilingDeps): ToolDefinition<any, any> {
  const updateTools: Partial<Record<FilingKind, ToolDefinition<any, any>>> = {};
  const updateTool = (kind: FilingKind) => (updateTools[kind] ??= deps.update[kind]());

  return defineTool({
    name: 'complete_filing',
    title: 'Ask the user for what a filing still needs',
    description:
      'Asks the user for what check_filing finds missing or invalid (either kind). With elicitation (MCP 2026-07-28): forms, each answer stored with update_filing’s checks, refused ones asked again, until an outcome. Otherwise (ask_the_user): the fields to ask for and the update_tool.',
    inputSchema: completeFilingInput(),
    outputSchema: completeFilingOutputSchema(),
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    handler: async (args, context) => {
      const interview = await openInterview(deps, args, context);
      const { answer } = interview;
      if (answer?.action === 'decline' || answer?.action === 'cancel')
        return endRefused(interview, answer.action);
      const stored =
        answer?.action === 'accept'
          ? await storeRound(interview, answer.content, updateTool(interview.kind), context as ToolContext)
          : { storedNow: [], refused: [], stalls: interview.state.stalls };
      return nextRoundOrEnd(interview, stored, supportsFormElicitation(context.clientCapabilities));
    },
  });
}

/** What {@link completeFilingTool} works with. */
interface CompleteFilingDeps {
  repository: FilingRepository;
  /** The update tools, whose validation and write store the answers. */
  update: Readonly<Record<FilingKind, () => ToolDefinition<any, any>>>;
  irsForms: LoadIrsForms;
}

/**
 * One call of the interview: the filing as it is (reloaded when a round stored answers), its
 * check, and the answer to the previous form with the state its key carried.
 */
interface Interview {
  deps: CompleteFilingDeps;
  userId: string;
  kind: FilingKind;
  filing: Awaited<ReturnType<typeof findAnyFiling>>['filing'];
  readiness: FilingCheck;
  check: (formData: Record<string, unknown>) => FilingCheck;
  answer: ReturnType<typeof readAnswer>;
  state: RoundState;
}

/** What this call's round stored, what the update refused, and the stalled rounds counted on. */
interface RoundStored {
  storedNow: string[];
  refused: Refusal[];
  stalls: number;
}

/** Find the filing (either kind; `kind` is a hint), check it, and read the previous round. */
async function openInterview(
  deps: CompleteFilingDeps,
  args: { id: string; kind?: string | undefined },
  context: ToolContext,
): Promise<Interview> {
  const userId = context.auth.userId;
  const preferred = resolveFilingKind(args.kind ?? DEFAULT_FILING_KIND) ?? DEFAULT_FILING_KIND;
  const { kind, filing } = await findAnyFiling(deps.repository, userId, args.id, preferred);
  const { checkFilingReadiness } = await deps.irsForms();
  const answer = readAnswer(context);
  const interview: Interview = {
    deps,
    userId,
    kind,
    filing,
    readiness: { ready: false, missing: [], invalid: [] },
    check: (formData) => checkFilingReadiness(interview.kind, formData),
    answer,
    state: answer?.state ?? FIRST_ROUND,
  };
  interview.readiness = interview.check(filing.form_data);
  return interview;
}

/** The fields to ask of the filing as it is now. */
function fieldsNow(interview: Interview) {
  return interviewFields(interview.kind, interview.readiness, interview.filing.form_data, interview.check);
}

/** What earlier rounds stored, as far as the filing still holds it. */
function storedEarlier(interview: Interview): string[] {
  return interview.state.stored.filter((field) => {
    const path = parseFieldPath(field);
    return path !== undefined && isGiven(valueAt(interview.filing.form_data, path));
  });
}

/** The call's result with an outcome (every outcome but the next form). */
function end(
  interview: Interview,
  outcome: Outcome,
  stored: string[],
  refused: Refusal[],
  fields: AskedField[],
  message: string,
  left = countLeft(interview.kind, fieldsNow(interview)),
) {
  const { kind, filing, readiness } = interview;
  return finalAnswer({
    id: filing.id,
    kind,
    readiness,
    outcome,
    stored,
    refused,
    fields,
    message,
    left: readiness.ready ? 0 : left,
    preparerNotes: openPreparerNotes(filing.form_data),
  });
}

/** The user declined or cancelled the form: nothing more is stored. */
function endRefused(interview: Interview, action: 'decline' | 'cancel') {
  const stored = storedEarlier(interview);
  const what = action === 'decline' ? 'declined' : 'cancelled';
  return end(
    interview,
    what,
    stored,
    [],
    [],
    stored.length === 0
      ? `The user ${what} the form: nothing was changed.`
      : `The user ${what} the form. Earlier rounds stored ${stored.length === 1 ? 'one answer' : `${stored.length} answers`} (${stored.join(', ')}); nothing else was changed.`,
  );
}

/**
 * Store the accepted form's answers with the update tool (the filing reloaded and checked again
 * when any was stored), and count the round as stalled unless it brought the filing closer.
 */
async function storeRound(
  interview: Interview,
  content: Record<string, unknown>,
  update: ToolDefinition<any, any>,
  context: ToolContext,
): Promise<RoundStored> {
  const { state } = interview;
  const { asked } = fieldsNow(interview);
  const { answers, notes } = answersOf(content, asked);
  if (notes.length > 0) {
    answers.push({ path: [PREPARER_NOTES_KEY], value: addPreparerNotes(interview.filing.form_data, notes) });
  }
  const touch = wholeObjectsAsked(interview, asked);
  let storedNow: string[] = [];
  let refused: Refusal[] = [];
  let noted = 0;
  if (answers.length > 0 || touch.length > 0) {
    ({ stored: storedNow, refused } = await storeAnswers({
      kind: interview.kind,
      filing: interview.filing,
      answers,
      touch,
      update,
      context,
    }));
    if (storedNow.length > 0) {
      ({ kind: interview.kind, filing: interview.filing } = await findAnyFiling(
        interview.deps.repository,
        interview.userId,
        interview.filing.id,
        interview.kind,
      ));
      interview.readiness = interview.check(interview.filing.form_data);
    }
    if (storedNow.includes(PREPARER_NOTES_KEY)) noted = notes.length;
  }
  const closer =
    storedNow.length > 0 && (noted > 0 || checkFingerprint(interview.readiness) !== state.fingerprint);
  return { storedNow, refused, stalls: closer ? 0 : state.stalls + 1 };
}

/**
 * The objects of lines asked whole (the last form asked them), stored even when every line was
 * left blank: the user saw their lines and gave none.
 */
function wholeObjectsAsked(interview: Interview, asked: AskedField[]) {
  const wholes = new Set(interview.state.whole.split(',').filter(Boolean));
  return [
    ...new Map(
      asked
        .filter((field) => field.wholeObject && field.group !== undefined && wholes.has(field.group))
        .map((field) => [field.group!, field.wholeObject!]),
    ).values(),
  ].filter((path) => !isGiven(valueAt(interview.filing.form_data, path)));
}

/**
 * After the round: `ready`, nothing left to ask, the fields for an agent without a form, a stop
 * (`stalled`, `incomplete`), or the next form.
 */
function nextRoundOrEnd(interview: Interview, { storedNow, refused, stalls }: RoundStored, elicits: boolean) {
  const { kind, readiness } = interview;
  const stored = [...new Set([...storedEarlier(interview), ...storedNow])];
  if (readiness.ready) {
    return end(interview, 'ready', stored, refused, [], 'The filing is ready: call get_pdf_url for the PDF.');
  }
  const fields = fieldsNow(interview);
  const { asked, unaskable } = fields;
  const left = countLeft(kind, fields);
  const round = roundToAsk(interview, asked, refused, elicits);
  if (round.length === 0) {
    const { outcome, message } = nothingToAsk(kind, readiness, unaskable, fields.forPreparer);
    return end(interview, outcome, stored, refused, [], message, left);
  }
  const next = { round, asked, left, stored, storedNow, refused, stalls };
  return stopBeforeForm(interview, next, elicits) ?? askForm(interview, next);
}

/** What this round asks, the refused answers' fields first. */
function roundToAsk(interview: Interview, asked: AskedField[], refused: Refusal[], elicits: boolean) {
  const refusedNames = new Set(
    refused.flatMap((refusal) =>
      asked.filter((field) => field.field === refusal.field).map((field) => field.name),
    ),
  );
  // A form holds one round; an agent without one is given every field it can ask now, so
  // that its user answers them in one update rather than round after round. A partnership
  // is asked schedule by schedule either way (its fields run to hundreds).
  return kindRecord(interview.kind).interviewBySchedule
    ? nextSection(asked, refusedNames)
    : elicits
      ? nextRound(asked, refusedNames)
      : asked;
}

/** A round to ask, and what the call knows when it is asked. */
interface NextRound {
  round: AskedField[];
  asked: AskedField[];
  left: number;
  stored: string[];
  storedNow: string[];
  refused: Refusal[];
  stalls: number;
}

/**
 * Where the call ends with fields still to ask: the fields for an agent without a form
 * (`ask_the_user`), `stalled` after {@link MAX_STALLED_ROUNDS} rounds that brought the filing no
 * closer, `incomplete` after {@link MAX_FORMS} forms; undefined when the next form is asked.
 */
function stopBeforeForm(interview: Interview, next: NextRound, elicits: boolean) {
  const { kind, readiness } = interview;
  const { round, left, stored, refused, stalls } = next;
  if (!elicits) {
    return end(
      interview,
      'ask_the_user',
      stored,
      refused,
      round,
      `This client cannot show the user a form (elicitation needs MCP 2026-07-28 and a client that declares it). Ask the user for the fields listed, then store the answers with ${UPDATE_TOOL[kind]} as each field's update shows: form_data takes the field's path as its key (${UPDATE_TOOL[kind]} merges it, every other field kept); several answers go in one form_data.`,
      left,
    );
  }
  if (stalls >= MAX_STALLED_ROUNDS) {
    const reasons = [...refused.map((refusal) => `${refusal.field} ${refusal.message}`)];
    return end(
      interview,
      'stalled',
      stored,
      refused,
      round,
      `Stopped after ${MAX_STALLED_ROUNDS} rounds that brought the filing no closer to ready${reasons.length > 0 ? ` (not accepted: ${reasons.join('; ')})` : ''}. Still missing or invalid: see missing and invalid; ask the user about them and send the answers with ${UPDATE_TOOL[kind]}.`,
      left,
    );
  }
  if (interview.state.round >= MAX_FORMS) {
    return end(
      interview,
      'incomplete',
      stored,
      refused,
      round,
      `${owedFirst(readiness)}${left === 1 ? 'One answer is' : `${left} answers are`} still needed after ${MAX_FORMS} forms in this call (a client stops a call after 10 rounds, so this one ends here; everything answered is stored). Call complete_filing again to go on where it stopped; fields shows the next form.`,
      left,
    );
  }
  return undefined;
}

/** The next form, its round state sealed in the input request's key. */
function askForm(interview: Interview, next: NextRound) {
  const { kind, filing, readiness, state } = interview;
  const { round, asked, left, refused } = next;
  const opened = openedSince(state, asked, readiness, left);
  return inputRequired({
    inputRequests: {
      [roundKey({
        round: state.round + 1,
        stalls: next.stalls,
        fingerprint: checkFingerprint(readiness),
        stored: next.stored,
        whole: [
          ...new Set(round.filter((field) => field.wholeObject).map((field) => field.group ?? '')),
        ].join(','),
        left,
        open: asked.map((field) => fieldHash(field.name)),
      })]: {
        method: 'elicitation/create',
        params: {
          mode: 'form',
          message: `${lateNote(readiness, round)}${introOf(filing.llc_name, kind, left, round, refused, next.storedNow.length)}${opened}`,
          requestedSchema: requestedSchema(withReasons(round, refused)),
        },
      },
    },
  });
}

/** The round's fields, a refused answer's reason added to its field's description. */
function withReasons(round: AskedField[], refused: Refusal[]): AskedField[] {
  return round.map((field) => {
    const reasons = refused
      .filter((refusal) => refusal.field === field.field)
      .map((refusal) => refusal.message);
    return reasons.length === 0
      ? field
      : {
          ...field,
          description: `${field.description} Your answer was not accepted: ${reasons.join('; ')}.`,
        };
  });
}

/** For a round that asks the reasonable-cause facts: how late the return is and what is at stake. */
function lateNote(readiness: FilingCheck, round: AskedField[]): string {
  if (!round.some((field) => field.field === 'lateFilingReason')) return '';
  const { days_late: days, penalties } = readiness as FilingCheck & {
    days_late?: number;
    penalties?: Array<{ amount: number | null }>;
  };
  const amount = penalties?.[0]?.amount;
  const stake = typeof amount === 'number' ? ` of $${amount.toLocaleString('en-US')}` : '';
  return `The return is ${days ?? 'some'} days late. Its reasonable-cause statement asks the IRS not to impose the penalty${stake}: in your own words, say what happened, when, and why it kept the return from being filed on time. `;
}

function introOf(
  llcName: string | null,
  kind: FilingKind,
  left: number,
  round: AskedField[],
  refused: Refusal[],
  stored: number,
): string {
  const name = llcName ?? kindRecord(kind).unnamed;
  const more = left > round.length ? ` (${round.length} of them here)` : '';
  const sections = kindRecord(kind).interviewBySchedule
    ? ` This form: ${[...new Set(round.map((field) => sectionOf(field).title))].join('; ')}.`
    : '';
  const need = `${name}: the IRS forms still need ${left === 1 ? 'one answer' : `${left} answers`}${more}.${sections}`;
  const blanks = round.some((field) => !field.required) ? ' Leave blank the lines that do not apply.' : '';
  if (refused.length === 0) return `${need}${blanks}`;
  const kept = stored > 0 ? `${stored === 1 ? 'One answer was' : `${stored} answers were`} stored. ` : '';
  return `${kept}Not accepted: ${refused.map((refusal) => `${refusal.field} ${refusal.message}`).join('; ')}. Please correct ${refused.length === 1 ? 'it' : 'them'}. ${need}${blanks}`;
}
