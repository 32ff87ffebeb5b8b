import * as z from 'zod';
import { FILING_KIND_LIST, kindRecord, type FilingKind } from '../kinds/filing-kinds.js';
import { once } from '../once.js';
import type { Refusal } from './complete-filing-store.js';
import type { PreparerNote } from './preparer-notes.js';
import { type AskedField, type FilingCheck, fieldList } from './elicitation-form.js';

/** The tool that stores what the user gives, by kind of filing. */
export const UPDATE_TOOL: Readonly<Record<FilingKind, string>> = Object.fromEntries(
  FILING_KIND_LIST.map((kind) => [kind, kindRecord(kind).tools.update]),
) as Record<FilingKind, string>;

const OUTCOMES = [
  'ready',
  'prepare_elsewhere',
  'declined',
  'cancelled',
  'stalled',
  'ask_the_user',
  'incomplete',
] as const;

/** How complete_filing ended. */
export type Outcome = (typeof OUTCOMES)[number];

/** complete_filing's final answer (an `input_required` round has none). */
export const completeFilingOutputSchema = once(() =>
  z.object({
    id: z.string(),
    kind: z.enum(FILING_KIND_LIST),
    ready: z.boolean().describe('Whether check_filing now finds the filing ready.'),
    outcome: z
      .enum(OUTCOMES)
      .describe(
        'ready: nothing is missing; prepare_elsewhere: nothing is left to ask the user, and a paid preparer must prepare the forms this server does not produce (prepare_elsewhere) and answer the questions left for a preparer (preparer_notes); declined / cancelled: the user declined or cancelled a form (stored keeps what earlier rounds stored); stalled: 3 rounds in a row brought the filing no closer (refused, missing and invalid say why); ask_the_user: this client cannot show a form, so ask the user for fields and send them with update_tool; incomplete: answers are still needed (left counts them) after the forms one call shows (9), or what is left cannot be asked in a form: call complete_filing again.',
      ),
    stored: z.array(z.string()).describe('form_data fields stored from the user’s answers, in every round.'),
    refused: z
      .array(z.object({ field: z.string(), message: z.string() }))
      .describe(
        'Answers of the last round the filing did not take, with the reason (nothing of them stored).',
      ),
    fields: z
      .array(
        z.object({
          field: z.string(),
          title: z.string(),
          description: z.string(),
          type: z.string(),
          update: z
            .string()
            .optional()
            .describe('Without elicitation: the exact update_tool call that stores the answer.'),
        }),
      )
      .describe(
        'Fields still to ask the user for: a form’s worth, or without elicitation every field askable now.',
      ),
    update_tool: z
      .string()
      .describe('The tool that stores them: update_filing or update_partnership_filing.'),
    missing: z.array(z.object({ form: z.string(), line: z.string(), field: z.string() })),
    invalid: z.array(z.object({ field: z.string(), message: z.string() })),
    prepare_elsewhere: z
      .array(z.object({ form: z.string(), reason: z.string(), source: z.string() }))
      .optional()
      .describe('Forms the return needs that this server does not produce, as check_filing lists them.'),
    left: z
      .number()
      .int()
      .describe('Answers still needed from the user (the questions left for a preparer not counted).'),
    preparer_notes: z
      .array(z.object({ field: z.string(), question: z.string(), note: z.string() }))
      .optional()
      .describe(
        'Questions the user answered "I don\'t know", left open for a paid preparer (stored in form_data.preparerNotes).',
      ),
    message: z.string(),
  }),
);

const ANSWER = '@answer@';

/**
 * The update that stores one answer: the update tool with the field's path as a form_data key
 * (the update merges it into the filing), the answer's place shown by what it must be.
 */
export function updateCall(kind: FilingKind, id: string, field: string, type: string): string {
  const answer =
    type === 'boolean'
      ? '<true or false>'
      : type === 'integer' || type === 'number'
        ? '<number>'
        : `<${type.startsWith('one of ') || type.startsWith('any of ') ? type : `the user's answer (${type})`}>`;
  const call = JSON.stringify({ id, form_data: { [field]: ANSWER } });
  return `${UPDATE_TOOL[kind]} ${call.replace(JSON.stringify(ANSWER), answer)}`;
}

/** complete_filing's final answer, from the filing's check as it is now. */
export function finalAnswer(options: {
  id: string;
  kind: FilingKind;
  readiness: FilingCheck;
  outcome: Outcome;
  stored: string[];
  refused: Refusal[];
  fields: AskedField[];
  message: string;
  left: number;
  preparerNotes: PreparerNote[];
}) {
  const { readiness } = options;
  const elsewhere = (readiness as { prepare_elsewhere?: unknown }).prepare_elsewhere;
  return {
    id: options.id,
    kind: options.kind,
    ready: readiness.ready,
    outcome: options.outcome,
    stored: options.stored,
    refused: options.refused,
    fields:
      options.outcome === 'ask_the_user'
        ? fieldList(options.fields).map((field) => ({
            ...field,
            update: updateCall(options.kind, options.id, field.field, field.type),
          }))
        : fieldList(options.fields),
    update_tool: UPDATE_TOOL[options.kind],
    missing: readiness.missing,
    invalid: readiness.invalid,
    ...(Array.isArray(elsewhere) && { prepare_elsewhere: elsewhere }),
    left: options.left,
    ...(options.preparerNotes.length > 0 && { preparer_notes: options.preparerNotes }),
    message: options.message,
  };
}

/** The forms check_filing says are to be prepared elsewhere (an empty list when it says none). */
function prepareElsewhere(readiness: FilingCheck): Array<{ form: string }> {
  const list = (readiness as { prepare_elsewhere?: unknown }).prepare_elsewhere;
  return Array.isArray(list)
    ? list.filter(
        (entry): entry is { form: string } =>
          typeof entry === 'object' &&
          entry !== null &&
          typeof (entry as { form?: unknown }).form === 'string',
      )
    : [];
}

/** The money already owed, for the start of a final message: '' when nothing is owed. */
export function owedFirst(readiness: FilingCheck): string {
  const {
    withholding_1446: withholding,
    penalties,
    as_of: asOf,
  } = readiness as FilingCheck & {
    as_of?: string;
    penalties?: Array<{ description: string; amount: number | null; basis: string }>;
    withholding_1446?: {
      installments: Array<{
        installment: number;
        due_date: string;
        amount: number;
        paid: number;
        status: string;
      }>;
      underpayment_charge: { amount_at_most: number | null; basis: string };
    };
  };
  const dollars = (amount: number) => `$${amount.toLocaleString('en-US')}`;
  const owed: string[] = [];
  const past = withholding?.installments.filter((installment) => installment.status === 'past_due') ?? [];
  if (past.length > 0) {
    const unpaid = past.reduce(
      (sum, installment) => sum + Math.max(installment.amount - installment.paid, 0),
      0,
    );
    owed.push(
      `section 1446 tax of ${dollars(unpaid)} is past due (${past.map((installment) => `installment ${installment.installment}, due ${installment.due_date}`).join('; ')}): pay it with Form 8813`,
    );
  }
  const charge = withholding?.underpayment_charge.amount_at_most;
  if (typeof charge === 'number' && charge > 0)
    owed.push(`the Form 8804 Schedule A underpayment charge runs (at most ${dollars(charge)} so far)`);
  for (const penalty of penalties ?? []) {
    owed.push(
      penalty.amount === null
        ? `${penalty.description} runs (${penalty.basis})`
        : `${penalty.description} runs: ${dollars(penalty.amount)} so far`,
    );
  }
  return owed.length === 0 ? '' : `Money already owed${asOf ? ` as of ${asOf}` : ''}: ${owed.join('; ')}. `;
}

/**
 * How complete_filing ends when no field is left to ask: `prepare_elsewhere` when all that is left
 * is for a paid preparer (the forms check_filing lists to prepare elsewhere, the questions the user
 * did not know), else `incomplete` (what is left cannot be asked in a form).
 */
export function nothingToAsk(
  kind: FilingKind,
  readiness: FilingCheck,
  unaskable: string[],
  forPreparer: AskedField[] = [],
): { outcome: 'prepare_elsewhere' | 'incomplete'; message: string } {
  const elsewhere = prepareElsewhere(readiness);
  const noted = new Set(forPreparer.map((field) => field.field));
  const missing = readiness.missing.filter((entry) => !noted.has(entry.field));
  const invalid = readiness.invalid.filter((entry) => !noted.has(entry.field));
  if (missing.length === 0 && invalid.length === 0 && (elsewhere.length > 0 || noted.size > 0)) {
    const forms = elsewhere.length > 0 ? `prepare ${elsewhere.map((entry) => entry.form).join(', ')}` : '';
    const questions =
      noted.size > 0
        ? `answer ${forPreparer.map((field) => field.field).join(', ')} (questions the user did not know, kept as notes for the preparer: preparer_notes)`
        : '';
    return {
      outcome: 'prepare_elsewhere',
      message: `${owedFirst(readiness)}A paid preparer must ${[forms, questions].filter(Boolean).join(', and ')}. Nothing else is left to ask the user; until then the packet is not the whole return and is not ready to file.`,
    };
  }
  return {
    outcome: 'incomplete',
    message: `${owedFirst(readiness)}What is left cannot be asked in a form (${unaskable.join(', ')}): ask the user and send it with ${UPDATE_TOOL[kind]}, as get_form_schema describes.`,
  };
}
