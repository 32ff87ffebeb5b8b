/**
 * Section 199A information for each partner (rule section199AStatement): the partner's share of
 * qualified business income, W-2 wages and UBIA of qualified property, and whether the trade or
 * business is a specified service trade or business, for K-1 box 20 code Z and the statement
 * attached to each K-1. Nothing is guessed: an input the filing lacks is printed as not given and
 * asked for; a return whose QBI this server cannot decide gets no statement.
 */
import type { PartnershipInput } from '../filing-input.js';
import { record } from '../form-values.js';
import { amountOf, type ScheduleKLine } from './lines.js';
import { allocateByShares, k1Shares, profitShare, specialAllocation } from './schedule-k.js';

/**
 * Schedule K lines whose place in QBI depends on facts the filing does not hold (rental activity
 * rising to a trade or business, section 1231 character, other income and deductions): with any
 * of them on the return, QBI is not computed here.
 */
export const QBI_UNDECIDED_LINES: readonly ScheduleKLine[] = [
  'line2',
  'line3c',
  'line10',
  'line11',
  'line13c',
  'line13d',
  'line13e',
  'line21',
];

/** One partner's section 199A figures; null where the filing does not give the input. */
export interface Partner199A {
  name: string;
  qbi: number;
  w2Wages: number | null;
  ubia: number | null;
}

export type Section199A =
  | { computed: true; sstb: boolean | undefined; partners: Partner199A[] }
  | { computed: false; reason: string }
  | { computed: false; reason: null };

/** The `section199A` inputs: the partnership's W-2 wages, UBIA and SSTB answer. */
function inputs(filing: PartnershipInput) {
  const given = record(filing.section199A);
  return {
    w2Wages: amountOf(given.w2Wages),
    ubia: amountOf(given.ubia),
    sstb: typeof given.sstb === 'boolean' ? given.sstb : undefined,
  };
}

/**
 * Each partner's section 199A figures (rule section199AStatement): QBI is its share of ordinary
 * business income (Schedule K line 1, after guaranteed payments, which are not QBI under section
 * 199A(c)(4)) less its share of the section 179 deduction (line 12); W-2 wages and UBIA are split
 * by the ending profit shares. `reason` null: the return has no trade or business income to report.
 */
export function section199A(filing: PartnershipInput): Section199A {
  const shares = k1Shares(filing);
  const partners = Array.isArray(filing.partners) ? filing.partners : [];
  if (!shares || shares.every((share) => share.line1 === undefined)) return { computed: false, reason: null };
  const undecided = QBI_UNDECIDED_LINES.filter((line) => shares.some((share) => (share[line] ?? 0) !== 0));
  if (undecided.length > 0) {
    return {
      computed: false,
      reason: `Schedule K ${undecided.map((line) => line.replace('line', 'line ')).join(', ')} ${undecided.length === 1 ? 'is' : 'are'} on the return, and whether ${undecided.length === 1 ? 'it is' : 'they are'} qualified business income depends on facts the filing does not hold`,
    };
  }
  if (partners.some((partner) => specialAllocation(partner, 'line1') !== undefined)) {
    return {
      computed: false,
      reason:
        'ordinary business income is specially allocated, so how W-2 wages and UBIA follow it (Regulations section 1.199A-6(b)(3)) is not decided here',
    };
  }
  const { w2Wages, ubia, sstb } = inputs(filing);
  const weights = partners.map((partner) => profitShare(partner) ?? 0);
  const wages = w2Wages === undefined ? undefined : allocateByShares(w2Wages, weights);
  const basis = ubia === undefined ? undefined : allocateByShares(ubia, weights);
  return {
    computed: true,
    sstb,
    partners: partners.map((partner, index) => ({
      name: partner.name ?? `Partner ${index + 1}`,
      qbi: (shares[index]!.line1 ?? 0) - (shares[index]!.line12 ?? 0),
      w2Wages: wages?.[index] ?? null,
      ubia: basis?.[index] ?? null,
    })),
  };
}

/** The `section199A` inputs check_filing asks for while the statement is produced without them. */
export function section199AMissing(filing: PartnershipInput): Array<{ line: string; field: string }> {
  if (!section199A(filing).computed) return [];
  const { w2Wages, ubia, sstb } = inputs(filing);
  const wages = amountOf(record(filing.deductions).line9);
  const out: Array<{ line: string; field: string }> = [];
  if (w2Wages === undefined)
    out.push({
      line: `box 20, code Z: section 199A W-2 wages (the Forms W-2 wages of the trade or business; page 1 line 9 is ${wages ?? 'blank'})`,
      field: 'section199A.w2Wages',
    });
  if (ubia === undefined)
    out.push({ line: 'box 20, code Z: section 199A UBIA of qualified property', field: 'section199A.ubia' });
  if (sstb === undefined)
    out.push({
      line: 'box 20, code Z: is the trade or business a specified service trade or business (section 199A(d)(2))?',
      field: 'section199A.sstb',
    });
  return out;
}
