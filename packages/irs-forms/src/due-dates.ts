/** Calendar arithmetic on `YYYY-MM-DD` strings, in UTC so no time zone moves a day. */

function parse(date: string): Date {
  return new Date(`${date}T00:00:00Z`);
}

function format(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** True when `value` is `YYYY-MM-DD` and a real day (no 2025-02-30). */
export function isRealDate(value: unknown): value is string {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = parse(value);
  return !Number.isNaN(date.getTime()) && format(date) === value;
}

/** The `day`th day of the `months`th month after the month of `date`. */
export function dayOfMonthAfter(date: string, months: number, day: number): string {
  const base = parse(date);
  return format(new Date(Date.UTC(base.getUTCFullYear(), base.getUTCMonth() + months, day)));
}

/** `date` plus `months` calendar months (clamped to the month's last day). */
export function addMonths(date: string, months: number): string {
  const base = parse(date);
  const target = new Date(Date.UTC(base.getUTCFullYear(), base.getUTCMonth() + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(base.getUTCDate(), lastDay));
  return format(target);
}

function nthWeekday(year: number, month: number, weekday: number, n: number): string {
  const first = new Date(Date.UTC(year, month, 1));
  const offset = (weekday - first.getUTCDay() + 7) % 7;
  return format(new Date(Date.UTC(year, month, 1 + offset + (n - 1) * 7)));
}

function lastWeekday(year: number, month: number, weekday: number): string {
  const last = new Date(Date.UTC(year, month + 1, 0));
  const offset = (last.getUTCDay() - weekday + 7) % 7;
  return format(new Date(Date.UTC(year, month, last.getUTCDate() - offset)));
}

/** A fixed-date holiday moved as D.C. observes it: Saturday to Friday, Sunday to Monday. */
function observed(year: number, month: number, day: number): string {
  const date = new Date(Date.UTC(year, month, day));
  const weekday = date.getUTCDay();
  if (weekday === 6) date.setUTCDate(day - 1);
  if (weekday === 0) date.setUTCDate(day + 1);
  return format(date);
}

/**
 * Legal holidays in the District of Columbia in `year` (D.C. Code § 1-612.02 and § 28-2701, which
 * adds D.C. Emancipation Day on April 16 and Inauguration Day every fourth year), as observed.
 */
export function dcLegalHolidays(year: number): Set<string> {
  const days = [
    observed(year, 0, 1), // New Year's Day
    nthWeekday(year, 0, 1, 3), // Birthday of Martin Luther King, Jr.
    nthWeekday(year, 1, 1, 3), // Washington's Birthday
    observed(year, 3, 16), // D.C. Emancipation Day
    lastWeekday(year, 4, 1), // Memorial Day
    observed(year, 5, 19), // Juneteenth
    observed(year, 6, 4), // Independence Day
    nthWeekday(year, 8, 1, 1), // Labor Day
    nthWeekday(year, 9, 1, 2), // Columbus Day
    observed(year, 10, 11), // Veterans Day
    nthWeekday(year, 10, 4, 4), // Thanksgiving Day
    observed(year, 11, 25), // Christmas Day
    observed(year + 1, 0, 1), // next New Year's Day, observed on December 31 when a Saturday
  ];
  if (year % 4 === 1) days.push(observed(year, 0, 20)); // Inauguration Day
  return new Set(days);
}

/** The holidays of each year asked for, computed once (a fixed set: the calendar never changes). */
const holidaysByYear = new Map<number, ReadonlySet<string>>();

function holidaysOf(year: number): ReadonlySet<string> {
  const known = holidaysByYear.get(year);
  if (known) return known;
  const holidays = dcLegalHolidays(year);
  holidaysByYear.set(year, holidays);
  return holidays;
}

/** `date`, or the next day that is neither a Saturday, a Sunday nor a D.C. legal holiday. */
export function nextBusinessDay(date: string): string {
  let day = parse(date);
  for (;;) {
    const text = format(day);
    const weekday = day.getUTCDay();
    if (weekday !== 0 && weekday !== 6 && !holidaysOf(day.getUTCFullYear()).has(text)) return text;
    day = new Date(day.getTime() + 86_400_000);
  }
}

/**
 * A kind's due-date rule: how many months after the end of the tax year its return is due (on the
 * 15th day), and how many more a Form 7004 adds. Each kind's is in its folder, with its IRS_RULES.
 */
export interface DueDateRule {
  months(taxYear: { begin: string; end: string }): { due: number; extension: number };
}

/**
 * The original and the extended due date of a filing under its kind's `rule` (IRS_RULES
 * nextBusinessDay moves each past weekends and holidays); the extended one only when a Form 7004
 * is asked for or was filed. Null until the tax year end is known.
 */
export function filingDueDates(
  rule: DueDateRule,
  formData: Record<string, unknown>,
): { due: string | null; extended: string | null } {
  const end = formData.taxYearEnd;
  if (!isRealDate(end)) return { due: null, extended: null };
  const begin = isRealDate(formData.taxYearBegin) ? formData.taxYearBegin : end;
  const months = rule.months({ begin, end });
  const due = nextBusinessDay(dayOfMonthAfter(end, months.due, 15));
  const extended =
    formData.generateForm7004 === true ||
    formData.form7004Paid === true ||
    isRealDate(formData.form7004FiledDate)
      ? nextBusinessDay(dayOfMonthAfter(end, months.due + months.extension, 15))
      : null;
  return { due, extended };
}
