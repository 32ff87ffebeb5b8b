/**
 * Form 1065 (2025) Schedule B, question 4 (rule scheduleBQuestion4), computed from the filing: its
 * four conditions, each true, false or undecided, and what a "No" requires (Schedules L, M-1, M-2).
 */
import { filingDueDates, isRealDate } from '../due-dates.js';
import { PARTNERSHIP_DUE_DATES } from './due-dates.js';
import type { PartnershipInput } from '../filing-input.js';
import type { InvalidField, MissingLine } from '../readiness-types.js';
import { amountOf } from './lines.js';
import { scheduleLColumn, scheduleLTotals } from './schedule-l.js';
import { scheduleM1 } from './schedules-m.js';
import { analysisOfNetIncome } from './analysis-of-net-income.js';
import { scheduleKTotals } from './schedule-k.js';
import { record } from '../form-values.js';

export const QUESTION_4_RECEIPTS_LIMIT = 250_000;
export const QUESTION_4_ASSETS_LIMIT = 1_000_000;

/**
 * Total receipts from the lines the filing holds: page 1 line 1a, the income (not losses) of lines
 * 4-7, and of Schedule K the gross rents of 3a, lines 5, 6a, 7, and the gains of 8, 9a, 10 and 11.
 * Schedule K line 2 is a net figure (the gross rents are on Form 8825, which the filing does not
 * hold): a positive line 2 is counted, so the figure is a floor when line 2 is entered (`floor`).
 */
export function totalReceipts(filing: PartnershipInput): { amount: number; floor: boolean } {
  const income = record(filing.income);
  const k = scheduleKTotals(filing);
  const positive = (value: number | undefined) => Math.max(0, value ?? 0);
  const amount =
    positive(amountOf(income.line1a)) +
    ['line4', 'line5', 'line6', 'line7'].reduce((sum, line) => sum + positive(amountOf(income[line])), 0) +
    (['line2', 'line3a', 'line5', 'line6a', 'line7', 'line8', 'line9a', 'line10', 'line11'] as const).reduce(
      (sum, line) => sum + positive(k[line]),
      0,
    );
  return { amount, floor: k.line2 !== undefined && k.line2 !== 0 };
}

export interface Question4 {
  /** true (Yes), false (No), or undefined when a condition cannot be decided from the filing. */
  answer: boolean | undefined;
  conditions: { a?: boolean; b?: boolean; c: boolean; d: boolean };
  receipts: number;
}

/** Question 4 from the figures; `overdue` says the return (and so its K-1s) is past its due date. */
export function question4(filing: PartnershipInput, options: { overdue: boolean }): Question4 {
  const receipts = totalReceipts(filing);
  const assets = amountOf(filing.totalAssets);
  const a = receipts.amount >= QUESTION_4_RECEIPTS_LIMIT ? false : receipts.floor ? undefined : true;
  const b = assets === undefined ? undefined : assets < QUESTION_4_ASSETS_LIMIT;
  const c = !options.overdue;
  const d = filing.filesScheduleM3 !== true;
  const conditions = { a, b, c, d };
  const values = [a, b, c, d];
  const answer = values.includes(false) ? false : values.includes(undefined) ? undefined : true;
  return { answer, conditions, receipts: receipts.amount };
}

/** What question 4 requires: its answer as computed, and, when "No", Schedules L, M-1 and M-2. */
export function question4Problems(
  filing: PartnershipInput,
  options: { overdue: boolean },
): { missing: MissingLine[]; invalid: InvalidField[]; notes: string[] } {
  const missing: MissingLine[] = [];
  const invalid: InvalidField[] = [];
  const q4 = question4(filing, options);
  const given = record(filing.scheduleB).line4;
  const answer = q4.answer ?? (typeof given === 'boolean' ? given : undefined);
  const notes = q4.answer === undefined ? [] : [question4Note(q4, given)];
  if (answer !== false) return { missing, invalid, notes };
  const columns = { beginning: scheduleLColumn(filing, 'beginning'), end: scheduleLColumn(filing, 'end') };
  for (const [column, lines] of Object.entries(columns)) {
    if (lines === undefined) {
      missing.push({
        form: '1065',
        line: `Schedule L, ${column === 'end' ? 'end' : 'beginning'} of tax year`,
        field: `scheduleL.${column}`,
      });
      continue;
    }
    const totals = scheduleLTotals(lines);
    if (totals.line14 !== totals.line22) {
      invalid.push({
        field: `scheduleL.${column}`,
        message: `does not balance: total assets (line 14) ${totals.line14} but total liabilities and capital (line 22) ${totals.line22}`,
      });
    }
  }
  const assets = amountOf(filing.totalAssets);
  if (columns.end && assets !== undefined && scheduleLTotals(columns.end).line14 !== assets) {
    invalid.push({
      field: 'totalAssets',
      message: `item F (${assets}) must equal Schedule L line 14, end of year (${scheduleLTotals(columns.end).line14})`,
    });
  }
  const m1 = scheduleM1(filing);
  if (m1 === undefined || record(filing.scheduleM1).line1 === undefined) {
    missing.push({ form: '1065', line: 'Schedule M-1, 1', field: 'scheduleM1.line1' });
  } else {
    const analysis = analysisOfNetIncome(filing);
    if (analysis && m1.line9 !== analysis.line1) {
      invalid.push({
        field: 'scheduleM1',
        message: `line 9 (${m1.line9}) must equal Analysis of Net Income (Loss) line 1 (${analysis.line1})`,
      });
    }
  }
  if (record(filing.scheduleM2).line1 === undefined) {
    missing.push({ form: '1065', line: 'Schedule M-2, 1', field: 'scheduleM2.line1' });
  }
  return { missing, invalid, notes };
}

/** What check_filing says of question 4: the answer the form prints, and why. */
function question4Note(q4: Question4, given: unknown): string {
  const failed = (Object.entries(q4.conditions) as Array<[string, boolean | undefined]>)
    .filter(([, met]) => met === false)
    .map(([key]) => `4${key}`);
  const answer = q4.answer
    ? 'Schedule B question 4 is answered Yes (total receipts under $250,000, total assets under $1 million, K-1s by the due date, no Schedule M-3): Schedules L, M-1 and M-2 are not required.'
    : `Schedule B question 4 is answered No (condition ${failed.join(', ')} not met; total receipts ${q4.receipts.toLocaleString('en-US')}${q4.conditions.c ? '' : '; the return is past its due date, so its K-1s are late'}): Schedules L, M-1 and M-2 are required.`;
  return typeof given === 'boolean' && given !== q4.answer
    ? `${answer} The filing's scheduleB.line4 (${given}) is not printed.`
    : answer;
}

/** Whether the return is past its due date in force on `asOf` (the extended date when a Form 7004 was filed in time). */
export function returnOverdue(filing: PartnershipInput, asOf: string): boolean {
  const { due, extended } = filingDueDates(PARTNERSHIP_DUE_DATES, filing);
  if (due === null) return false;
  const filed = filing.form7004FiledDate;
  const inForce = extended !== null && isRealDate(filed) && filed <= due ? extended : due;
  return asOf > inForce;
}
