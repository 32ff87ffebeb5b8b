/** Whether a filing is late on a given day, and the penalties that then apply. */
import { type DueDateRule, filingDueDates, isRealDate } from './due-dates.js';

/** A penalty that applies to a filing as of a day. */
export type Penalty = {
  /** Stable code, e.g. `6038A(d)(1)`. */
  code: string;
  description: string;
  /** Whole USD accrued as of `as_of`; null when it cannot be computed (it depends on facts we do not hold). */
  amount: number | null;
  /** How the amount is reached. */
  basis: string;
  /** The code section, regulation or instruction it comes from. */
  source: string;
};

/** Today's date in UTC, `YYYY-MM-DD`. */
export function todayUtc(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (both `YYYY-MM-DD`); negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** Lateness as of a day: `overdue` once the day is after the due date in force. */
export interface Lateness {
  overdue: boolean;
  /** Days after the due date in force; 0 when not late (or when no due date is known). */
  days_late: number;
}

/** Lateness of a return due on `dueInForce` (null when unknown: never late), as of `asOf`. */
export function lateness(dueInForce: string | null, asOf: string): Lateness {
  if (dueInForce === null) return { overdue: false, days_late: 0 };
  const days = daysBetween(dueInForce, asOf);
  return days > 0 ? { overdue: true, days_late: days } : { overdue: false, days_late: 0 };
}

/** Why a Form 7004 asked for after the original due date is left out of the packet. */
export function form7004LateReason(due: string, asOf: string): string {
  return `Form 7004 extends only when filed by the original due date (${due}); as of ${asOf} that date has passed, so the packet leaves it out.`;
}

/**
 * Months "or fraction thereof" from `dueDate` to `asOf` (the count late-filing penalties use): one
 * day late is one month; a month is counted from the due date's day of the month.
 */
export function monthsOrFractionLate(dueDate: string, asOf: string): number {
  if (daysBetween(dueDate, asOf) <= 0) return 0;
  const [dy, dm, dd] = dueDate.split('-').map(Number) as [number, number, number];
  const [ay, am, ad] = asOf.split('-').map(Number) as [number, number, number];
  const whole = (ay - dy) * 12 + (am - dm) - (ad < dd ? 1 : 0);
  // Past the whole months, any remaining day starts another month.
  const anniversary = new Date(Date.UTC(dy, dm - 1 + whole, dd)).toISOString().slice(0, 10);
  return whole + (daysBetween(anniversary, asOf) > 0 ? 1 : 0);
}

/**
 * The due date in force under a kind's due-date `rule`: the extended one only for a Form 7004
 * filed (form7004FiledDate) by the original due date; null when the tax year is not known.
 */
export function dueDateInForce(rule: DueDateRule, formData: Record<string, unknown>): string | null {
  const { due, extended } = filingDueDates(rule, formData);
  const filed = formData.form7004FiledDate;
  return due !== null && extended !== null && isRealDate(filed) && filed <= due ? extended : due;
}

/**
 * Whether the packet holds the reasonable-cause statement: asked for (generateLateFilingLetter),
 * or the return is overdue on `asOf` and the statement was not turned off (false).
 */
export function includesLateFilingLetter(
  rule: DueDateRule,
  formData: Record<string, unknown>,
  asOf: string,
): boolean {
  if (formData.generateLateFilingLetter === true) return true;
  if (formData.generateLateFilingLetter === false) return false;
  return lateness(dueDateInForce(rule, formData), asOf).overdue;
}
