import type { PartnerInput, PartnershipInput } from '../filing-input.js';
import {
  amountOf,
  DEDUCTION_INPUT_LINES,
  INCOME_INPUT_LINES,
  percentOf,
  SCHEDULE_K_AMOUNT_LINES,
  SCHEDULE_K_COMPUTED_LINES,
  type ScheduleKLine,
} from './lines.js';
import {
  deductibleGuaranteedPayments,
  PARTNER_DECIDED_LINES,
  type PartnerDecidedLine,
  partnerDecidedShares,
} from './partner-items.js';

/** Form 1065 page 1 with its computed lines (rule form1065Lines); a line is absent when nothing feeds it. */
export interface PageOne {
  lines: Record<string, number>;
  /** True when any income or deduction line was entered. */
  entered: boolean;
}

function record(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

/**
 * Page 1 lines 1a-23: the entered ones, line 10 from the partners' guaranteed payments when not
 * entered, and the totals the form computes from them.
 */
export function pageOne(filing: PartnershipInput): PageOne {
  const income = record(filing.income);
  const deductions = record(filing.deductions);
  const lines: Record<string, number> = {};
  let entered = false;
  for (const line of INCOME_INPUT_LINES) {
    const amount = amountOf(income[line]);
    if (amount !== undefined) {
      lines[line] = amount;
      entered = true;
    }
  }
  for (const line of DEDUCTION_INPUT_LINES) {
    const amount = amountOf(deductions[line]);
    if (amount !== undefined) {
      lines[line] = amount;
      entered = true;
    }
  }
  // Line 10 defaults to the partners' deductible guaranteed payments (rule guaranteedPaymentsLine10).
  const payments = deductibleGuaranteedPayments(filing);
  if (lines.line10 === undefined && payments !== undefined && payments !== 0) {
    lines.line10 = payments;
    entered = true;
  }
  if (!entered) return { lines, entered };
  const v = (line: string) => lines[line] ?? 0;
  lines.line1c = v('line1a') - v('line1b');
  lines.line3 = lines.line1c - v('line2');
  lines.line8 = lines.line3 + v('line4') + v('line5') + v('line6') + v('line7');
  lines.line16c = v('line16a') - v('line16b');
  const deductionTotal =
    DEDUCTION_INPUT_LINES.filter((line) => line !== 'line16a' && line !== 'line16b').reduce(
      (sum, line) => sum + v(line),
      0,
    ) + lines.line16c;
  lines.line22 = deductionTotal;
  lines.line23 = lines.line8 - lines.line22;
  return { lines, entered };
}

/** Schedule K line 20a's default: the investment income of lines 5, 6a and 7 (rule investmentIncome20a). */
const INVESTMENT_INCOME_LINES: readonly ScheduleKLine[] = ['line5', 'line6a', 'line7'];

/** The entered lines, 3c and 4c computed, line 1 from page 1, and line 20a's default. */
function enteredTotals(filing: PartnershipInput): Partial<Record<ScheduleKLine, number>> {
  const entered = record(filing.scheduleK);
  const totals: Partial<Record<ScheduleKLine, number>> = {};
  for (const line of SCHEDULE_K_AMOUNT_LINES) {
    if (SCHEDULE_K_COMPUTED_LINES.includes(line)) continue; // 3c and 4c are never entered
    const amount = amountOf(entered[line]);
    if (amount !== undefined) totals[line] = amount;
  }
  const page = pageOne(filing);
  if (totals.line1 === undefined && page.entered) totals.line1 = page.lines.line23;
  if (totals.line3a !== undefined || totals.line3b !== undefined) {
    totals.line3c = (totals.line3a ?? 0) - (totals.line3b ?? 0);
  }
  if (totals.line4a !== undefined || totals.line4b !== undefined) {
    totals.line4c = (totals.line4a ?? 0) + (totals.line4b ?? 0);
  }
  if (investmentIncomeComputed(filing, totals)) {
    totals.line20a = INVESTMENT_INCOME_LINES.reduce((sum, line) => sum + (totals[line] ?? 0), 0);
  }
  return totals;
}

/** True when line 20a is not entered and lines 5, 6a and 7 decide it (line 11 empty: its investment part is not known). */
function investmentIncomeComputed(
  filing: PartnershipInput,
  totals: Partial<Record<ScheduleKLine, number>>,
): boolean {
  return (
    amountOf(record(filing.scheduleK).line20a) === undefined &&
    totals.line11 === undefined &&
    INVESTMENT_INCOME_LINES.some((line) => totals[line] !== undefined)
  );
}

/**
 * Schedule K's amounts (rules scheduleKLines, guaranteedPaymentsByPartner, selfEmploymentEarnings,
 * distributionsByPartner, investmentIncome20a): the entered lines, 3c and 4c computed, line 1 from
 * page 1, line 23 when page 1 has figures and line 1 was not entered; a line the partners' own
 * data decides (4a-4c, 14a, 19a) is the sum of the K-1s when every partner's figure is known.
 */
export function scheduleKTotals(filing: PartnershipInput): Partial<Record<ScheduleKLine, number>> {
  const totals = enteredTotals(filing);
  const shares = k1Shares(filing);
  if (!shares) return totals;
  for (const line of PARTNER_DECIDED_LINES) {
    if (shares.every((share) => share[line] !== undefined)) {
      totals[line] = shares.reduce((sum, share) => sum + (share[line] ?? 0), 0);
    }
  }
  return totals;
}

const SCALE = 1_000_000n;

/**
 * Splits a whole-dollar `total` by `weights` (percentages) so the parts add up to `total` exactly:
 * each part is rounded toward zero, and the dollars left over go, one each, to the parts with the
 * largest remainders (ties to the earlier partner): the largest remainder method.
 */
export function allocateByShares(total: number, weights: readonly number[]): number[] {
  const scaled = weights.map((weight) => BigInt(Math.round(weight * Number(SCALE))));
  const sum = scaled.reduce((a, b) => a + b, 0n);
  if (sum === 0n) return weights.map(() => 0);
  const sign = total < 0 ? -1n : 1n;
  const magnitude = BigInt(Math.abs(total));
  const exact = scaled.map((weight) => magnitude * weight);
  const parts = exact.map((value) => value / sum);
  let left = magnitude - parts.reduce((a, b) => a + b, 0n);
  const order = exact
    .map((value, index) => ({ index, remainder: value % sum }))
    .sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1));
  for (const { index } of order) {
    if (left === 0n) break;
    parts[index] = parts[index]! + 1n;
    left -= 1n;
  }
  return parts.map((part) => Number(part * sign));
}

/** A partner's ending profit share (item J), or undefined when not given. */
export function profitShare(partner: PartnerInput): number | undefined {
  return percentOf(record(partner.shares).profitEnding);
}

/** A partner's special allocation of a Schedule K line, when the data gives one. */
export function specialAllocation(partner: PartnerInput, line: ScheduleKLine): number | undefined {
  return amountOf(record(partner.specialAllocations)[line]);
}

/**
 * Each partner's share of every Schedule K amount (rule scheduleK1Shares): a line some partner has
 * a special allocation for is split as those allocations say (a partner without one gets 0);
 * every other line is split by the ending profit shares with {@link allocateByShares}, so the
 * K-1s add up to Schedule K. Guaranteed payments (4a-4c), self-employment earnings (14a) and
 * cash distributions (19a) are each partner's own figures ({@link partnerDecidedShares}), left out
 * where the data does not decide them. Answers undefined when a partner's profit share is missing.
 */
export function k1Shares(
  filing: PartnershipInput,
): Array<Partial<Record<ScheduleKLine, number>>> | undefined {
  const partners = Array.isArray(filing.partners) ? filing.partners : [];
  const weights = partners.map(profitShare);
  if (partners.length === 0 || weights.some((weight) => weight === undefined)) return undefined;
  const totals = enteredTotals(filing);
  const shares: Array<Partial<Record<ScheduleKLine, number>>> = partners.map(() => ({}));
  for (const line of SCHEDULE_K_AMOUNT_LINES) {
    const total = totals[line];
    // Guaranteed payments, self-employment earnings and distributions are never a profit-share split.
    if (total === undefined || (PARTNER_DECIDED_LINES as readonly string[]).includes(line)) continue;
    const special = partners.map((partner) => specialAllocation(partner, line));
    const parts = special.some((amount) => amount !== undefined)
      ? special.map((amount) => amount ?? 0)
      : allocateByShares(total, weights as number[]);
    parts.forEach((part, index) => {
      shares[index]![line] = part;
    });
  }
  if (investmentIncomeComputed(filing, totals)) {
    for (const share of shares) {
      share.line20a = INVESTMENT_INCOME_LINES.reduce((sum, line) => sum + (share[line] ?? 0), 0);
    }
  }
  const line6 = pageOne(filing).lines.line6 ?? 0;
  const own = partnerDecidedShares(filing, shares, allocateByShares(line6, weights as number[]));
  own.forEach((lines, index) => {
    for (const [line, amount] of Object.entries(lines) as Array<[PartnerDecidedLine, number]>) {
      shares[index]![line] = amount;
    }
  });
  return shares;
}
