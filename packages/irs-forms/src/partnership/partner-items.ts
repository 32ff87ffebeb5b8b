import type { PartnerInput, PartnershipInput } from '../filing-input.js';
import { amountOf, type ScheduleKLine } from './lines.js';
import { record } from '../form-values.js';

/**
 * The Schedule K lines each partner's own data decides, not a split of a partnership total
 * (rules guaranteedPaymentsByPartner, selfEmploymentEarnings, distributionsByPartner): guaranteed
 * payments (4a-4c), net earnings from self-employment (14a) and distributions (19a cash, 19b other
 * property). The
 * Schedule K line is the sum of the partners' figures.
 */
export const PARTNER_DECIDED_LINES = ['line4a', 'line4b', 'line4c', 'line14a', 'line19a', 'line19b'] as const;
export type PartnerDecidedLine = (typeof PARTNER_DECIDED_LINES)[number];

type Shares = Partial<Record<ScheduleKLine, number>>;

const partnersOf = (filing: PartnershipInput): PartnerInput[] =>
  Array.isArray(filing.partners) ? filing.partners : [];

/** A partner's guaranteed payments for services (4a) and for capital (4b), when the data gives them. */
export function partnerGuaranteedPayments(partner: PartnerInput): { services?: number; capital?: number } {
  const own = record(partner.guaranteedPayments);
  const special = record(partner.specialAllocations);
  // A special allocation of line 4a/4b (filings stored before the partner's own `guaranteedPayments`,
  // added after 1.1.0) is the partner's own figure too.
  const services = amountOf(own.services) ?? amountOf(special.line4a);
  const capital = amountOf(own.capital) ?? amountOf(special.line4b);
  return {
    ...(services !== undefined && { services }),
    ...(capital !== undefined && { capital }),
  };
}

/** The part of a partner's guaranteed payments it capitalized (`guaranteedPayments.capitalized`), 0 when not given. */
export function partnerCapitalizedPayments(partner: PartnerInput): number {
  return amountOf(record(partner.guaranteedPayments).capitalized) ?? 0;
}

/**
 * Form 1065 page 1 line 10 as the partners' data decides it (rule guaranteedPaymentsLine10): the
 * sum of every partner's guaranteed payments for services and for capital, less the part each
 * partner's `guaranteedPayments.capitalized` says was capitalized (those stay on Schedule K line 4
 * and K-1 box 4, off line 10). Undefined when no partner carries a guaranteed payment.
 */
export function deductibleGuaranteedPayments(filing: PartnershipInput): number | undefined {
  const partners = partnersOf(filing);
  if (!partnersCarry(filing, 'line4a') && !partnersCarry(filing, 'line4b')) return undefined;
  return partners.reduce((sum, partner) => {
    const { services = 0, capital = 0 } = partnerGuaranteedPayments(partner);
    return sum + services + capital - Math.min(partnerCapitalizedPayments(partner), services + capital);
  }, 0);
}

/** True when some partner carries its own guaranteed payments (or a distribution, for 19a). */
export function partnersCarry(
  filing: PartnershipInput,
  line: 'line4a' | 'line4b' | 'line19a' | 'line19b',
): boolean {
  return partnersOf(filing).some((partner) =>
    line === 'line19a'
      ? partnerCashDistribution(filing, partner) !== undefined
      : line === 'line19b'
        ? amountOf(record(partner.distributions).property) !== undefined
        : partnerGuaranteedPayments(partner)[line === 'line4a' ? 'services' : 'capital'] !== undefined,
  );
}

/**
 * A partner's distributions of cash and marketable securities (K-1 box 19, code A): its
 * `distributions.cash`, or else the withdrawals of its capital account (item L) when the filing
 * reports no distribution of other property (Schedule K line 19b and every partner's
 * `distributions.property` empty). Undefined when neither is given.
 */
export function partnerCashDistribution(filing: PartnershipInput, partner: PartnerInput): number | undefined {
  const cash = amountOf(record(partner.distributions).cash);
  if (cash !== undefined) return cash;
  const propertyReported =
    amountOf(record(filing.scheduleK).line19b) !== undefined ||
    partnersOf(filing).some((other) => amountOf(record(other.distributions).property) !== undefined);
  if (propertyReported) return undefined;
  const withdrawals = amountOf(record(partner.capitalAccount).withdrawals);
  return withdrawals === undefined ? undefined : Math.abs(withdrawals);
}

/**
 * True when the filing reports guaranteed payments (Schedule K line 4a or 4b, or page 1 line 10)
 * that no partner carries: the K-1 boxes 4a-4c cannot be filled without inventing a split.
 */
export function guaranteedPaymentsUnallocated(filing: PartnershipInput): boolean {
  const scheduleK = record(filing.scheduleK);
  const line10 = amountOf(record(filing.deductions).line10) ?? 0;
  const k4a = amountOf(scheduleK.line4a) ?? 0;
  const k4b = amountOf(scheduleK.line4b) ?? 0;
  const carries4a = partnersCarry(filing, 'line4a');
  const carries4b = partnersCarry(filing, 'line4b');
  return (!carries4a && k4a !== 0) || (!carries4b && k4b !== 0) || (!carries4a && !carries4b && line10 !== 0);
}

/** How section 1402 treats a partner: general (share + all guaranteed payments), limited, none, or unknown. */
export type SelfEmploymentClass = 'general' | 'limited' | 'none' | 'unknown';

const NONE_ENTITY_TYPES = new Set([
  'corporation',
  's corporation',
  'partnership',
  'limited partnership',
  'limited liability partnership',
  'limited liability company',
  'trust',
  'estate',
  'exempt organization',
  'ira/sep/keogh/retirement plan',
  'foreign government',
]);

/**
 * The partner's class for box 14, code A (rule selfEmploymentEarnings): none for an entity (a
 * corporation, partnership, estate, trust, ...), none for a nonresident alien individual (a foreign
 * individual partner, section 1402(b)); an individual's class follows item G. Unknown when item G,
 * H1 or I1 is not given, or for a disregarded entity or nominee (its owner decides, which the
 * filing does not say).
 */
export function selfEmploymentClass(partner: PartnerInput): SelfEmploymentClass {
  const entity = typeof partner.entityType === 'string' ? partner.entityType.trim().toLowerCase() : '';
  if (NONE_ENTITY_TYPES.has(entity)) return 'none';
  if (entity !== 'individual') return 'unknown';
  if (partner.isForeign === true) return 'none';
  if (partner.isForeign !== false) return 'unknown';
  const type = typeof partner.type === 'string' ? partner.type.toLowerCase() : '';
  if (type.includes('general') || type.includes('member-manager')) return 'general';
  if (type.includes('limited') || type.includes('other llc member')) return 'limited';
  return 'unknown';
}

/**
 * Each partner's figures on the partner-decided lines, given the profit-share split of the other
 * lines (`split`, which supplies each partner's share of Schedule K lines 1 and 3c) and each
 * partner's share of Form 1065 page 1 line 6 (`line6Shares`, the Form 4797 Part II amount the
 * self-employment worksheet takes out). A line is left out for a partner when the data does not
 * decide it.
 */
export function partnerDecidedShares(
  filing: PartnershipInput,
  split: readonly Shares[],
  line6Shares: readonly number[],
): Array<Partial<Record<PartnerDecidedLine, number>>> {
  const partners = partnersOf(filing);
  const carries4a = partnersCarry(filing, 'line4a');
  const carries4b = partnersCarry(filing, 'line4b');
  const unallocated = guaranteedPaymentsUnallocated(filing);
  const carries19b = partnersCarry(filing, 'line19b');
  return partners.map((partner, index) => {
    const out: Partial<Record<PartnerDecidedLine, number>> = {};
    const payments = partnerGuaranteedPayments(partner);
    if (carries4a) out.line4a = payments.services ?? 0;
    if (carries4b) out.line4b = payments.capital ?? 0;
    if (carries4a || carries4b) out.line4c = (out.line4a ?? 0) + (out.line4b ?? 0);
    const cash = partnerCashDistribution(filing, partner);
    if (cash !== undefined) out.line19a = cash;
    if (carries19b) out.line19b = amountOf(record(partner.distributions).property) ?? 0;
    const earnings = selfEmploymentEarnings(partner, split[index] ?? {}, line6Shares[index] ?? 0, out);
    if (earnings !== undefined && (!unallocated || selfEmploymentClass(partner) === 'none'))
      out.line14a = earnings;
    return out;
  });
}

/**
 * Net earnings (loss) from self-employment, box 14 code A (the Form 1065 instructions' worksheet,
 * lines 1a, 1c, 1d/2, 3c and 4c): a general partner's share of ordinary business income (less the
 * Form 4797 Part II amount of page 1 line 6) and of other net rental income, plus all its
 * guaranteed payments; a limited partner's guaranteed payments for services; nothing for a partner
 * section 1402 does not reach. Undefined when the class is unknown or guaranteed payments are
 * reported with no partner carrying them.
 */
function selfEmploymentEarnings(
  partner: PartnerInput,
  share: Shares,
  line6Share: number,
  own: Partial<Record<PartnerDecidedLine, number>>,
): number | undefined {
  const kind = selfEmploymentClass(partner);
  if (kind === 'unknown') return undefined;
  if (kind === 'none') return 0;
  if (kind === 'limited') return own.line4a ?? 0;
  return (share.line1 ?? 0) - line6Share + (share.line3c ?? 0) + (own.line4c ?? 0);
}
