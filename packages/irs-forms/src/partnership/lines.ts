/**
 * The form_data keys of a partnership's figures, named after the Form 1065 lines they fill
 * (rules form1065Lines and scheduleKLines). Amounts are whole US dollars.
 */

/** Page 1 income lines the filer enters (1c, 3 and 8 are computed). */
export const INCOME_INPUT_LINES = ['line1a', 'line1b', 'line2', 'line4', 'line5', 'line6', 'line7'] as const;

/** Page 1 deduction lines the filer enters (16c, 22 and 23 are computed). */
export const DEDUCTION_INPUT_LINES = [
  'line9',
  'line10',
  'line11',
  'line12',
  'line13',
  'line14',
  'line15',
  'line16a',
  'line16b',
  'line17',
  'line18',
  'line19',
  'line20',
  'line21',
] as const;

/** Schedule K amount lines, in form order (3c and 4c are computed; line 1 defaults to page 1, line 23). */
export const SCHEDULE_K_AMOUNT_LINES = [
  'line1',
  'line2',
  'line3a',
  'line3b',
  'line3c',
  'line4a',
  'line4b',
  'line4c',
  'line5',
  'line6a',
  'line6b',
  'line6c',
  'line7',
  'line8',
  'line9a',
  'line9b',
  'line9c',
  'line10',
  'line11',
  'line12',
  'line13a',
  'line13b',
  'line13c',
  'line13d',
  'line13e',
  'line14a',
  'line14b',
  'line14c',
  'line15a',
  'line15b',
  'line15c',
  'line15d',
  'line15e',
  'line15f',
  'line17a',
  'line17b',
  'line17c',
  'line17d',
  'line17e',
  'line17f',
  'line18a',
  'line18b',
  'line18c',
  'line19a',
  'line19b',
  'line20a',
  'line20b',
  'line21',
] as const;

/** A Schedule K amount line key. */
export type ScheduleKLine = (typeof SCHEDULE_K_AMOUNT_LINES)[number];

/** Schedule K lines the filer does not enter: the form computes them. */
export const SCHEDULE_K_COMPUTED_LINES: readonly ScheduleKLine[] = ['line3c', 'line4c'];

/** Schedule K "Type:" text lines. */
export const SCHEDULE_K_TYPE_LINES = [
  'line11Type',
  'line13dType',
  'line13eType',
  'line15dType',
  'line15eType',
  'line15fType',
] as const;

/** Schedule K-1 item J: each partner's profit, loss and capital percentages, beginning and end of year. */
export const K1_SHARE_KEYS = [
  'profitBeginning',
  'profitEnding',
  'lossBeginning',
  'lossEnding',
  'capitalBeginning',
  'capitalEnding',
] as const;

/**
 * Where each Schedule K line lands on Schedule K-1: its box and, for coded boxes, the code (rule
 * k1CodedBoxes). Line 13a's code depends on the kind of contribution (`contributionsCode`). Lines
 * with no entry here (3a, 3b, 11, 13b-13e, 15a-15f, 17a-17f, 19b) are coded on the K-1 by their
 * type, and those codes are not confirmed here: the K-1 leaves them blank.
 */
export const K1_BOX_OF_LINE: Partial<Record<ScheduleKLine, { box: string; code?: string }>> = {
  line1: { box: '1' },
  line2: { box: '2' },
  line3c: { box: '3' },
  line4a: { box: '4a' },
  line4b: { box: '4b' },
  line4c: { box: '4c' },
  line5: { box: '5' },
  line6a: { box: '6a' },
  line6b: { box: '6b' },
  line6c: { box: '6c' },
  line7: { box: '7' },
  line8: { box: '8' },
  line9a: { box: '9a' },
  line9b: { box: '9b' },
  line9c: { box: '9c' },
  line10: { box: '10' },
  line12: { box: '12' },
  line14a: { box: '14', code: 'A' },
  line14b: { box: '14', code: 'B' },
  line14c: { box: '14', code: 'C' },
  line18a: { box: '18', code: 'A' },
  line18b: { box: '18', code: 'B' },
  line18c: { box: '18', code: 'C' },
  line19a: { box: '19', code: 'A' },
  line20a: { box: '20', code: 'A' },
  line20b: { box: '20', code: 'B' },
  line21: { box: '21' },
};

/** The codes of Schedule K-1 box 13 for Schedule K line 13a, by the kind of contribution (rule k1CodedBoxes). */
export const CONTRIBUTION_CODES = ['A', 'B', 'C', 'D', 'E', 'F', 'G'] as const;

/** Schedule K income lines a partnership may treat as effectively connected (rule ectiComputed). */
export const ECTI_INCOME_LINES = [
  'line1',
  'line2',
  'line3c',
  'line5',
  'line6a',
  'line7',
  'line8',
  'line9a',
  'line10',
  'line11',
] as const;
/** Every line `ectiLines` may name: the income lines (rule ectiComputed). */
export const ECTI_LINES = ECTI_INCOME_LINES;

const CHARITY =
  'is a charitable contribution: section 703(a)(2)(C) allows no charitable deduction in computing partnership taxable income, and ECTI is computed from that taxable income (section 1446(c); Regulations section 1.1446-2(b)), so it never reduces ECTI';
/** Why line 12 is refused (rule ectiSection179): its treatment in ECTI has no source found here. */
export const SECTION_179 =
  'the section 179 deduction: section 703(a) computes partnership taxable income as an individual’s, with the section 702(a) items separately stated, and its list of deductions the partnership may not take (section 703(a)(2)) does not name section 179; but the section 179 deduction is one of those separately stated items, limited again at the partner level (section 179(d)(8)), and whether Regulations section 1.1446-2(b) lets it reduce ECTI could not be confirmed (the regulation’s text was not found with the search tool). It is refused rather than taken: a preparer may reduce a foreign partner’s ECTI for it only on a sourced reading of Regulations section 1.1446-2(b) (or the partner’s Form 8804-C)';

/**
 * Schedule K deduction lines `ectiLines` refuses, each with its reason (rule ectiRefusedLines):
 * charitable contributions never enter ECTI; the others' treatment could not be confirmed here.
 */
export const ECTI_REFUSED_LINES: Readonly<Record<string, string>> = Object.freeze({
  line12: SECTION_179,
  line13a: CHARITY,
  line13b: CHARITY,
  line13c:
    'investment interest expense: its deduction is limited at the partner level (section 163(d)), and its treatment in ECTI could not be confirmed here',
  line13d:
    'section 59(e)(2) expenditures: the election is each partner’s (section 59(e)(4)), and their treatment in ECTI could not be confirmed here',
  line13e: 'other deductions: their kind decides whether they enter ECTI, which could not be confirmed here',
});

/** Parses a whole-dollar amount as stored (a number or a string of digits); undefined when empty or malformed. */
export function amountOf(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isSafeInteger(value) ? value : undefined;
  if (typeof value === 'string' && /^-?\d+$/.test(value.trim())) {
    const number = Number(value.trim());
    return Number.isSafeInteger(number) ? number : undefined;
  }
  return undefined;
}

/** Parses a percentage (0-100, a number or numeric string); undefined when empty or malformed. */
export function percentOf(value: unknown): number | undefined {
  const number =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && value.trim() !== ''
        ? Number(value)
        : NaN;
  return Number.isFinite(number) && number >= 0 && number <= 100 ? number : undefined;
}
