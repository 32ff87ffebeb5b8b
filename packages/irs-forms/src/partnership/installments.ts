import { isRealDate } from '../due-dates.js';
import type { PartnershipInput } from '../filing-input.js';
import { daysBetween } from '../lateness.js';
import { amountOf } from './lines.js';
import { SCHEDULE_A_MIN_TAX, UNDERPAYMENT_RATES } from './withholding-rules.js';

/** One payment of section 1446 tax (`payments1446[]`): the day it was made and the amount. */
export type Payment1446 = { date: string; amount: number };

/** An installment's state as of `as_of` (rule installmentStatus). */
export type InstallmentStatus = 'paid' | 'paid_late' | 'upcoming' | 'past_due' | 'nothing_due';

/** One Form 8813 installment with what was paid toward it as of `as_of`. */
export type Installment1446 = {
  installment: number;
  due_date: string;
  amount: number;
  paid: number;
  status: InstallmentStatus;
};

/** The recorded payments with a real date and a positive whole-dollar amount, oldest first. */
export function payments1446(filing: PartnershipInput): Payment1446[] {
  const given = Array.isArray(filing.payments1446) ? filing.payments1446 : [];
  return given
    .map((payment) => {
      const entry = (payment ?? {}) as Record<string, unknown>;
      return { date: entry.date, amount: amountOf(entry.amount) };
    })
    .filter((p): p is Payment1446 => isRealDate(p.date) && p.amount !== undefined && p.amount > 0)
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}

/** Each payment split over the installments, earliest installment first: [installment][k] = {date, amount}. */
function applied(amounts: readonly number[], payments: readonly Payment1446[]): Payment1446[][] {
  const out: Payment1446[][] = amounts.map(() => []);
  let index = 0;
  let left = amounts[0] ?? 0;
  for (const payment of payments) {
    let rest = payment.amount;
    while (rest > 0 && index < amounts.length) {
      const part = Math.min(rest, left);
      if (part > 0) out[index]!.push({ date: payment.date, amount: part });
      rest -= part;
      left -= part;
      if (left === 0) left = amounts[++index] ?? 0;
    }
  }
  return out;
}

/**
 * The installments with their status as of `asOf` (rule installmentStatus): the payments made by
 * `asOf` fill the installments in order; one fully paid by its due date is `paid` (after it,
 * `paid_late`); one not fully paid is `upcoming` through its due date and `past_due` after it.
 */
export function installmentStatuses(
  dueDates: readonly string[],
  amounts: readonly number[],
  payments: readonly Payment1446[],
  asOf: string,
): Installment1446[] {
  const parts = applied(
    amounts,
    payments.filter((payment) => payment.date <= asOf),
  );
  return dueDates.map((due_date, index) => {
    const amount = amounts[index] ?? 0;
    const paidParts = parts[index] ?? [];
    const paid = paidParts.reduce((sum, part) => sum + part.amount, 0);
    const status: InstallmentStatus =
      amount === 0
        ? 'nothing_due'
        : paid >= amount
          ? paidParts.at(-1)!.date <= due_date
            ? 'paid'
            : 'paid_late'
          : asOf <= due_date
            ? 'upcoming'
            : 'past_due';
    return { installment: index + 1, due_date, amount, paid, status };
  });
}

const RATE_DAYS = (date: string) => {
  const year = Number(date.slice(0, 4));
  return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 366 : 365;
};

/** The underpayment rate (percent) on a day, when confirmed here (rule underpaymentRate). */
export function underpaymentRate(date: string): number | undefined {
  return UNDERPAYMENT_RATES.find((period) => date >= period.from && date <= period.to)?.percent;
}

/**
 * The Schedule A (Form 8804) charge as the required installments stand (rule scheduleA8804): on
 * each installment's unpaid part, from its due date until paid, the Form 8804 due date, or `asOf`,
 * whichever comes first, at the section 6621 underpayment rate, day by day. An upper bound: Schedule
 * A takes the smaller of this year's and last year's tax (line 3) and allows the annualized and
 * adjusted seasonal methods, which only lower it. Null when a day's rate is not confirmed here;
 * 0 when the year's tax is under $500.
 */
export function scheduleACharge(
  total: number,
  dueDates: readonly string[],
  amounts: readonly number[],
  payments: readonly Payment1446[],
  form8804Due: string,
  asOf: string,
): number | null {
  if (total < SCHEDULE_A_MIN_TAX) return 0;
  const end = asOf < form8804Due ? asOf : form8804Due;
  const parts = applied(amounts, payments);
  let charge = 0;
  for (const [index, due] of dueDates.entries()) {
    let unpaid = amounts[index] ?? 0;
    // Payments made by the due date count as on time.
    const late = (parts[index] ?? []).filter((part) => {
      if (part.date <= due) unpaid -= part.amount;
      return part.date > due;
    });
    let from = due;
    for (const segment of [...late, { date: '9999-12-31', amount: 0 }]) {
      const to = [segment.date, end].sort()[0]!;
      if (unpaid > 0 && from < to) {
        const part = chargeBetween(unpaid, from, to);
        if (part === null) return null;
        charge += part;
      }
      if (segment.date >= end) break;
      unpaid -= segment.amount;
      from = segment.date;
    }
  }
  return Math.round(charge);
}

/**
 * Simple interest on `unpaid` from `from` to `to` (days from `from`, not counting `to`), at each
 * period's rate over the days of its year; null when a day's rate is not confirmed here.
 */
function chargeBetween(unpaid: number, from: string, to: string): number | null {
  let total = 0;
  let start = from;
  while (start < to) {
    const period = UNDERPAYMENT_RATES.find((rate) => start >= rate.from && start <= rate.to);
    if (!period) return null;
    const stop = [to, `${Number(start.slice(0, 4)) + 1}-01-01`, addDays(period.to, 1)].sort()[0]!;
    total += (unpaid * period.percent * daysBetween(start, stop)) / 100 / RATE_DAYS(start);
    start = stop;
  }
  return total;
}

function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}
