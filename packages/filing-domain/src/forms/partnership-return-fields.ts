import { CONTRIBUTION_CODES, ECTI_LINES, ECTI_REFUSED_LINES } from '@filing-mcp/irs-forms/kinds';
import * as z from 'zod';
import { calendarDate, text } from './form-fields.js';

// Partnership form_data fields of the return as a whole: ECTI lines, section 1446 payments, the
// box 13 code and the late-return statement. get_form_schema's schema describes each (tools/list
// shows no form field: the write tools' form_data points there).

/**
 * A field whose zod type is its outer type only (a record, or an array of anything), validated
 * with `real`: a wrong value is an error at its own path. get_form_schema's schema shows the
 * shape of `real` ({@link CHECKED_AS}).
 */
export function checkedAs(outer: 'object' | 'array', real: z.ZodType) {
  const base = outer === 'object' ? z.record(z.string(), z.unknown()) : z.array(z.unknown());
  const checked = base.superRefine((value, context) => {
    const result = real.safeParse(value);
    for (const issue of result.success ? [] : result.error.issues) {
      context.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    }
  });
  CHECKED_AS.set(checked, real);
  return checked;
}

/** The schema each {@link checkedAs} field checks its value with: get_form_schema shows its shape. */
export const CHECKED_AS = new WeakMap<z.ZodType, z.ZodType>();

/**
 * A field get_form_schema documents with `description`. The `advertised: false` marker is what
 * tools/list once left out; it no longer shows form fields, and the schema drops the marker.
 */
export function unadvertised<T extends z.ZodType>(schema: T, description: string): T {
  return schema.meta({ description, advertised: false });
}

/** One `ectiLines` entry: an income line; a deduction line is refused with its reason (rule ectiRefusedLines). */
const ectiLine = z.string().superRefine((line, context) => {
  // Own entries only: `toString` or `constructor` is no line, refused or not.
  const refused = Object.hasOwn(ECTI_REFUSED_LINES, line) ? ECTI_REFUSED_LINES[line] : undefined;
  if (refused !== undefined) {
    context.addIssue({
      code: 'custom',
      message: `${line} is refused: Schedule K ${line.replace('line', 'line ')} ${refused}`,
    });
  } else if (!(ECTI_LINES as readonly string[]).includes(line)) {
    context.addIssue({ code: 'custom', message: `must be one of ${ECTI_LINES.join(', ')}` });
  }
});

/** One question left for a preparer: the field stays open, the note says why. */
const preparerNote = z.strictObject({
  field: z.string().min(1).max(300),
  question: z.string().max(2000),
  note: z.string().max(2000),
});

/** The ECTI, payments, box 13 code and late-statement fields; `amount` is whole dollars. */
export function returnFields(amount: z.ZodType) {
  return {
    ectiLines: unadvertised(
      checkedAs('array', z.array(ectiLine)).optional(),
      `Schedule K income lines effectively connected with the U.S. business (ECTI), default ["line1"]; of: ${ECTI_LINES.join(', ')}. Deduction lines (12, 13a-13e) are refused, each with its reason.`,
    ),
    section199A: unadvertised(
      z
        .strictObject({
          w2Wages: amount
            .optional()
            .describe('Section 199A W-2 wages of the trade or business (Forms W-2), USD.'),
          ubia: amount.optional().describe('UBIA of qualified property (section 199A(b)(6)), USD.'),
          sstb: z
            .boolean()
            .optional()
            .describe(
              'True if the trade or business is a specified service trade or business (section 199A(d)(2)).',
            ),
        })
        .optional(),
      'Section 199A inputs for K-1 box 20 code Z and its statement; asked, never guessed.',
    ),
    payments1446: unadvertised(
      checkedAs('array', z.array(z.object({ date: calendarDate, amount }))).optional(),
      "Section 1446 tax paid (Forms 8813): each payment's date and amount, USD.",
    ),
    contributionsCode: text
      .refine((code) => (CONTRIBUTION_CODES as readonly string[]).includes(code), {
        message: `must be one of ${CONTRIBUTION_CODES.join(', ')}`,
      })
      .optional()
      .describe(
        'K-1 box 13 code of Schedule K line 13a: A cash (60%), B cash (30%), C noncash (50%), D noncash (30%), E capital gain property to 50% org. (30%), F capital gain property (20%), G (100%).',
      ),
    generateLateFilingLetter: unadvertised(
      z.boolean().optional(),
      'True to add a reasonable-cause statement for a late Form 1065.',
    ),
    lateFilingReason: unadvertised(
      text.optional(),
      'The facts that prevented timely filing (the statement).',
    ),
    signerName: unadvertised(text.optional(), 'Who signs the statement (a general partner or LLC member).'),
    signerTitle: unadvertised(text.optional(), 'The signer’s title.'),
    signatureDate: unadvertised(
      calendarDate.optional(),
      'Date the statement is signed, YYYY-MM-DD (printed when on or after the end of the tax year).',
    ),
    preparerNotes: unadvertised(
      checkedAs('array', z.array(preparerNote).max(200)).optional(),
      'Questions the user could not answer, left for a paid preparer (complete_filing stores them when the user answers "I don\'t know"): [{field: the form_data path, question: its text, note}]. The field stays unanswered; check_filing lists the notes still open.',
    ),
  };
}
