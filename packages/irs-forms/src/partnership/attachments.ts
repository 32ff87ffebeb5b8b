/**
 * The attachments a 2025 Form 1065 asks for by its own lines ("attach Form 1125-A", "attach
 * statement"), Schedule B's follow-ups, and Schedule K-1 boxes the packet leaves blank: each one the
 * filing's figures call for and the packet does not hold is a `prepare_elsewhere` entry (rule
 * attachments), so `ready` never claims a return whose attachments are missing.
 */
import type { PartnershipInput } from '../filing-input.js';
import { K1_CODE_ROWS, k1Boxes, k1PlaceOfLine } from './k1-items.js';
import { amountOf, SCHEDULE_K_AMOUNT_LINES } from './lines.js';
import { k1Shares, pageOne, scheduleKTotals } from './schedule-k.js';
import { record } from '../form-values.js';

/** One form a preparer must add to the packet (check_filing's `prepare_elsewhere`). */
export type PrepareElsewhere = { form: string; reason: string; source: string };

const SOURCE =
  'Form 1065 (2025), the line named (its "attach" instruction); Instructions for Form 1065 (2025).';

/** Page 1 lines that attach a form, and the form. */
const PAGE_ONE_FORMS: ReadonlyArray<[string, string]> = [
  ['line2', 'Form 1125-A'],
  ['line5', 'Schedule F (Form 1040)'],
  ['line6', 'Form 4797'],
  ['line16a', 'Form 4562'],
  ['line20', 'Form 7205'],
];
/** Schedule K lines that attach a form, and the form. */
const SCHEDULE_K_FORMS: ReadonlyArray<[string, string]> = [
  ['line2', 'Form 8825'],
  ['line8', 'Schedule D (Form 1065)'],
  ['line9a', 'Schedule D (Form 1065)'],
  ['line10', 'Form 4797'],
  ['line12', 'Form 4562'],
];
/** Lines that attach a statement: page 1 and Schedule K. */
const PAGE_ONE_STATEMENTS = ['line4', 'line7', 'line21'];
const SCHEDULE_K_STATEMENTS = ['line3b', 'line9c', 'line17f'];
/** K lines that a K-1 reports through box 3 or another line (no box of their own). */
const FOLDED = new Set(['line3a', 'line3b']);

const label = (line: string) => line.replace(/^line/, '');

/** The attachments the filing's figures and answers call for. */
export function attachments(filing: PartnershipInput): PrepareElsewhere[] {
  const page = pageOne(filing).lines;
  const k = scheduleKTotals(filing);
  const nonzero = (value: number | undefined) => value !== undefined && value !== 0;
  const byForm = new Map<string, string[]>();
  const need = (form: string, why: string) => byForm.set(form, [...(byForm.get(form) ?? []), why]);
  for (const [line, form] of PAGE_ONE_FORMS)
    if (nonzero(page[line])) need(form, `page 1, line ${label(line)}`);
  for (const [line, form] of SCHEDULE_K_FORMS) {
    if (nonzero(k[line as keyof typeof k])) need(form, `Schedule K, line ${label(line)}`);
  }
  const out: PrepareElsewhere[] = [...byForm].map(([form, lines]) => ({
    form,
    reason: `${lines.join(' and ')} ${lines.length > 1 ? 'are' : 'is'} entered: the form says to attach ${form}`,
    source: SOURCE,
  }));
  const statements = [
    ...PAGE_ONE_STATEMENTS.filter((line) => nonzero(page[line])).map((line) => `page 1, line ${label(line)}`),
    ...SCHEDULE_K_STATEMENTS.filter((line) => nonzero(k[line as keyof typeof k])).map(
      (line) => `Schedule K, line ${label(line)}`,
    ),
  ];
  if (statements.length > 0) {
    out.push({
      form: 'Statements itemizing the lines that say "attach statement"',
      reason: `${statements.join(', ')}: the form asks for a statement of the items`,
      source: SOURCE,
    });
  }
  out.push(...scheduleBAttachments(filing));
  const blank = SCHEDULE_K_AMOUNT_LINES.filter(
    (line) => nonzero(k[line]) && k1PlaceOfLine(filing, line) === undefined && !FOLDED.has(line),
  );
  if (blank.length > 0) {
    out.push({
      form: 'Schedule K-1 coded boxes',
      reason: `Schedule K line(s) ${blank.map(label).join(', ')} go to coded K-1 boxes (codes by the kind of item, with statements) that the packet leaves blank`,
      source: 'Schedule K-1 (Form 1065) 2025; Partner’s Instructions for Schedule K-1 (Form 1065), codes.',
    });
  }
  const overflow = codedOverflow(filing);
  if (overflow.length > 0) {
    out.push({
      form: 'Schedule K-1 coded box lines past the form’s rows',
      reason: `${overflow.join('; ')}: the K-1 prints the first codes only, so the others go on an attached statement`,
      source: 'Schedule K-1 (Form 1065) 2025, boxes 13-20 (the code lines each box holds).',
    });
  }
  return out;
}

/** Each partner's coded box holding more codes than the K-1 has lines for (K1_CODE_ROWS). */
function codedOverflow(filing: PartnershipInput): string[] {
  const partners = Array.isArray(filing.partners) ? filing.partners : [];
  const shares = k1Shares(filing);
  const out: string[] = [];
  partners.forEach((partner, index) => {
    const { coded } = k1Boxes(filing, shares?.[index]);
    for (const [box, rows] of Object.entries(coded)) {
      const room = K1_CODE_ROWS[box] ?? 0;
      if (rows.length <= room) continue;
      const left = rows.slice(room).map(([code]) => code);
      out.push(
        `${partner?.name ?? `partner ${index + 1}`}’s box ${box} has ${rows.length} codes and the form ${room} line(s): code(s) ${left.join(', ')} not printed`,
      );
    }
  });
  return out;
}

/** Schedule B answers whose follow-up the packet does not hold. */
function scheduleBAttachments(filing: PartnershipInput): PrepareElsewhere[] {
  const b = record(filing.scheduleB);
  const out: PrepareElsewhere[] = [];
  const source = (question: string) => `Form 1065 (2025), Schedule B, question ${question}.`;
  if (b.line3a === true || b.line3b === true) {
    out.push({
      form: 'Schedule B, question 3 tables (Form 1065, page 2)',
      reason:
        'question 3a or 3b is Yes: the entities owned are listed in its table, which the packet leaves blank',
      source: source('3a and 3b'),
    });
  }
  if (b.line10b === true || b.line10c === true || b.line10d === true) {
    out.push({
      form: 'Statement of section 743(b)/734(b) basis adjustments',
      reason: 'question 10b, 10c or 10d is Yes: the amounts and a statement of each adjustment are required',
      source: source('10b-10d'),
    });
  }
  for (const [key, form, question] of [
    ['line20', 'Form 8938', '20'],
    ['line24', 'Form 8990', '24'],
    ['line25', 'Form 8996', '25'],
  ] as const) {
    if (b[key] === true) out.push({ form, reason: `question ${question} is Yes`, source: source(question) });
  }
  for (const [key, form, question] of [
    ['line13a', 'Form 8858', '13a'],
    ['line15', 'Form 8865', '15'],
    ['line17', 'Form 5471', '17'],
  ] as const) {
    const count = amountOf(b[key]);
    if (count !== undefined && count > 0) {
      out.push({ form, reason: `question ${question}: ${count} attached`, source: source(question) });
    }
  }
  return out;
}
