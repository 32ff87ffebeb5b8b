/** Lateness of a return against its due date: what check_filing reports as of a day. */

/** A penalty the filing incurs (or would incur) as of the readiness check's `as_of` day. */
export type Penalty = {
  /** Stable identifier, e.g. `irc_6698_late_partnership_return`. */
  code: string;
  description: string;
  /** US dollars, or null when the figure cannot be computed or is not confirmed. */
  amount: number | null;
  /** How the amount was figured (or why it is null). */
  basis: string;
  /** The code section or IRS text it comes from. */
  source: string;
};

const DAY_MS = 86_400_000;

/** Today's date in UTC, `YYYY-MM-DD`. */
export function todayUtc(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (both `YYYY-MM-DD`); negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/**
 * Whether a return due on `dueDate` is overdue on `asOf`, and by how many days. A return filed on
 * its due date is on time; with no due date (the tax year end is unknown) nothing is overdue.
 */
export function lateness(dueDate: string | null, asOf: string): { overdue: boolean; days_late: number } {
  if (dueDate === null) return { overdue: false, days_late: 0 };
  const days = daysBetween(dueDate, asOf);
  return { overdue: days > 0, days_late: Math.max(days, 0) };
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
