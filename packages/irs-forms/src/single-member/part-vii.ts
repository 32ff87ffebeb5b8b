/**
 * The questions of Form 5472 (Rev. December 2023), Part VII, lines 37-43, which "all reporting
 * corporations must complete". Each is keyed by its line (`line38a`); a follow-up is asked only
 * when the question it depends on is answered Yes (38a and 38c after 37; 40b after 40a; 41b-d
 * after 41a; 43b after 43a), as the form's own wording says. Part of the rules table.
 */
export interface PartVIIQuestion {
  line: string;
  kind: 'yes_no' | 'amount';
  /** The question, shortened from the form. */
  text: string;
  /** Asked only when every one of these lines is answered Yes. */
  askedWhen?: readonly string[];
}

export const PART_VII_QUESTIONS = {
  line37: {
    line: '37',
    kind: 'yes_no',
    text: 'Does the reporting corporation import goods from a foreign related party?',
  },
  line38a: {
    line: '38a',
    kind: 'yes_no',
    text: 'Is the basis or inventory cost of the goods valued at greater than the customs value?',
    askedWhen: ['line37'],
  },
  line38c: {
    line: '38c',
    kind: 'yes_no',
    text: 'Were the documents supporting this treatment in existence and available in the United States when Form 5472 was filed?',
    askedWhen: ['line37', 'line38a'],
  },
  line39: {
    line: '39',
    kind: 'yes_no',
    text: 'Was the foreign parent corporation a participant in any cost sharing arrangement (CSA)?',
  },
  line40a: {
    line: '40a',
    kind: 'yes_no',
    text: 'Did the reporting corporation pay or accrue interest or royalty whose deduction is not allowed under section 267A?',
  },
  line40b: {
    line: '40b',
    kind: 'amount',
    text: 'Total amount of the disallowed deductions',
    askedWhen: ['line40a'],
  },
  line41a: {
    line: '41a',
    kind: 'yes_no',
    text: 'Is the reporting corporation claiming an FDII deduction (section 250) for transactions with the foreign related party?',
  },
  line41b: {
    line: '41b',
    kind: 'amount',
    text: 'Gross receipts from sales of general property to the foreign related party included in FDDEI',
    askedWhen: ['line41a'],
  },
  line41c: {
    line: '41c',
    kind: 'amount',
    text: 'Gross receipts from sales of intangible property to the foreign related party included in FDDEI',
    askedWhen: ['line41a'],
  },
  line41d: {
    line: '41d',
    kind: 'amount',
    text: 'Gross receipts from services to the foreign related party included in FDDEI',
    askedWhen: ['line41a'],
  },
  line42a: {
    line: '42a',
    kind: 'yes_no',
    text: 'Any loan to or from the related party under the safe-haven rules of Regs. 1.482-2(a)(2)(iii)(B) at a rate within the safe-haven range?',
  },
  line42b: { line: '42b', kind: 'yes_no', text: 'Any such loan at a rate outside the safe-haven range?' },
  line43a: {
    line: '43a',
    kind: 'yes_no',
    text: 'Did the reporting corporation issue a covered debt instrument, or issue or refinance related-party debt, as Regs. 1.385-3 describes, during the tax year?',
  },
  line43b1: {
    line: '43b(1)',
    kind: 'amount',
    text: 'Amount of such transactions, distributions and acquisitions',
    askedWhen: ['line43a'],
  },
  line43b2: {
    line: '43b(2)',
    kind: 'amount',
    text: 'Amount of such related party indebtedness',
    askedWhen: ['line43a'],
  },
} as const satisfies Record<string, PartVIIQuestion>;

/** A Part VII field name (`line37` ... `line43b2`). */
export type PartVIILine = keyof typeof PART_VII_QUESTIONS;

/** Part VII as `form_data.partVII` holds it: true is Yes, false is No; amounts in whole USD. */
export type PartVIIAnswers = { [L in PartVIILine]?: boolean | number | string };

/** True when a question is asked, given the answers so far. */
export function partVIIAsked(line: PartVIILine, answers: PartVIIAnswers | undefined): boolean {
  const question: PartVIIQuestion = PART_VII_QUESTIONS[line];
  return (question.askedWhen ?? []).every((depends) => answers?.[depends as PartVIILine] === true);
}

/**
 * The lines that ask about the related party of the form ("with respect to any transactions with
 * the foreign related party", "any loan to or from the related party"): each Form 5472 answers
 * them for its own party. The other lines ask about the reporting corporation (37, 38, 39, 40, 43
 * speak of "a foreign related party" or "a related party that is a corporation", any of them).
 */
export const PART_VII_RELATED_PARTY_LINES: readonly PartVIILine[] = [
  'line41a',
  'line41b',
  'line41c',
  'line41d',
  'line42a',
  'line42b',
];

/** Where one Form 5472's answer to a line comes from. */
export type PartVIISource = 'party' | 'filing';

function answered(value: unknown): boolean {
  return value !== undefined && value !== null && value !== '';
}

function answersOf(value: unknown): PartVIIAnswers | undefined {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as PartVIIAnswers) : undefined;
}

/**
 * The Part VII answers of one Form 5472: the related party's own (`relatedParties[i].partVII`),
 * with the filing-level `partVII` as the default. For a line about the related party (41, 42) the
 * filing-level answer is the default only when it cannot belong to another party: the filing has
 * one related party, or the answer is No (none with any party). A filing-level Yes there, with
 * several parties, is no one's answer until each party gives its own.
 */
export function partVIIAnswersFor(
  filingPartVII: unknown,
  partyPartVII: unknown,
  partyCount: number,
): { answers: PartVIIAnswers; source: Partial<Record<PartVIILine, PartVIISource>> } {
  const filing = answersOf(filingPartVII);
  const own = answersOf(partyPartVII);
  const answers: PartVIIAnswers = {};
  const source: Partial<Record<PartVIILine, PartVIISource>> = {};
  for (const line of Object.keys(PART_VII_QUESTIONS) as PartVIILine[]) {
    if (answered(own?.[line])) {
      answers[line] = own![line];
      source[line] = 'party';
      continue;
    }
    const fallback = filing?.[line];
    if (!answered(fallback)) continue;
    const aboutParty = PART_VII_RELATED_PARTY_LINES.includes(line);
    if (!aboutParty || partyCount <= 1 || fallback === false) {
      answers[line] = fallback;
      source[line] = 'filing';
    }
  }
  return { answers, source };
}
