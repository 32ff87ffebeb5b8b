import { dayOfMonthAfter, isRealDate, nextBusinessDay } from '../due-dates.js';
import type { PartnerInput, PartnershipInput } from '../filing-input.js';
import { todayUtc } from '../lateness.js';
import { partnerEcti } from './ecti.js';
import { type Installment1446, installmentStatuses, payments1446, scheduleACharge } from './installments.js';
import { PARTNERSHIP_RULES, SECTION_1446_RATE } from './partnership-rules.js';
import { allocateByShares, k1Shares } from './schedule-k.js';
import { WITHHOLDING_RULES } from './withholding-rules.js';

export type { Installment1446 } from './installments.js';

/** One foreign partner's section 1446 figures. */
export type ForeignPartnerWithholding = {
  partner_id: string | null;
  name: string | null;
  /** The ECTI the tax is figured on (computed, or a Form 8804-C-certified figure), or null when the shares are not known. */
  ecti_allocable: number | null;
  /** The partner's allocable share of the partnership's ECTI, computed from the return. */
  ecti_computed: number | null;
  /** Why a given ectiShare was not used, or null. */
  ecti_note: string | null;
  /** Percent: 37 (non-corporate) or 21 (corporate). */
  rate: number;
  /** Whole dollars (ECTI x rate, rounded; 0 for a loss), or null when the ECTI is not known. */
  tax: number | null;
};

/** check_filing's `withholding_1446`. */
export type Withholding1446 = {
  partners: ForeignPartnerWithholding[];
  total: number;
  installments: Installment1446[];
  form_8804_due_date: string | null;
  form_8804_extended_due_date: string | null;
  form_8804_where_to_file: string;
  /** The payments recorded (payments1446), in total. */
  paid: number;
  /** The year's tax less the payments: paid with Form 8804 (0 when paid in full). */
  balance_due: number;
  /** Payments beyond the year's tax. */
  overpaid: number;
  /** Schedule A (Form 8804): the underpayment charge as of as_of, at most (null when not figured), and how. */
  underpayment_charge: { amount_at_most: number | null; basis: string };
  /** What filing Forms 8804 and 8805 late risks, with the sections. */
  late_filing_exposure: string;
  source: string;
};

/** True when the partner is taxed as a corporation for section 1446 (item I1 entity type). */
export function isCorporatePartner(partner: PartnerInput): boolean {
  return typeof partner.entityType === 'string' && partner.entityType.trim().toLowerCase() === 'corporation';
}

/** The section 1446 rate of a partner, in percent (rule section1446Rates). */
export function section1446Rate(partner: PartnerInput): number {
  return isCorporatePartner(partner) ? SECTION_1446_RATE.corporate : SECTION_1446_RATE.noncorporate;
}

/** Whole-dollar tax on `ecti` at `rate` percent; a loss owes nothing. */
export function taxAt(ecti: number, rate: number): number {
  return ecti <= 0 ? 0 : Math.round((ecti * rate) / 100);
}

/**
 * The Form 8813 installment dates of a tax year beginning `taxYearBegin`: the 15th day of its 4th,
 * 6th, 9th and 12th months, moved to the next business day (rule section1446Installments).
 */
export function installmentDates(taxYearBegin: string): string[] {
  return [3, 5, 8, 11].map((months) => nextBusinessDay(dayOfMonthAfter(taxYearBegin, months, 15)));
}

/**
 * Section 1446 withholding of a partnership (rules section1446Rates, section1446Installments,
 * form8804DueDate): each foreign partner's tax on its ECTI share, the total, the four Form 8813
 * installments (the year's tax in four equal parts, to the dollar) and the Form 8804 dates.
 */
export function withholding1446(filing: PartnershipInput, asOf: string = todayUtc()): Withholding1446 {
  const all = Array.isArray(filing.partners) ? filing.partners : [];
  const rows: ForeignPartnerWithholding[] = [];
  const shares = k1Shares(filing);
  all.forEach((partner, index) => {
    if (partner?.isForeign !== true) return;
    const ecti = partnerEcti(filing, index, shares);
    const rate = section1446Rate(partner);
    rows.push({
      partner_id: typeof partner.id === 'string' ? partner.id : null,
      name: typeof partner.name === 'string' ? partner.name : null,
      ecti_allocable: ecti.used,
      ecti_computed: ecti.computed,
      ecti_note: ecti.refused,
      rate,
      tax: ecti.used === null ? null : taxAt(ecti.used, rate),
    });
  });
  const total = rows.reduce((sum, row) => sum + (row.tax ?? 0), 0);
  const begin = filing.taxYearBegin;
  const end = filing.taxYearEnd;
  const payments = payments1446(filing);
  const dates = isRealDate(begin) ? installmentDates(begin) : [];
  const amounts = allocateByShares(total, [25, 25, 25, 25]);
  const form8804Due = isRealDate(end) ? nextBusinessDay(dayOfMonthAfter(end, 3, 15)) : null;
  const paid = payments.reduce((sum, payment) => sum + payment.amount, 0);
  const charge =
    form8804Due === null || dates.length === 0
      ? null
      : scheduleACharge(total, dates, amounts, payments, form8804Due, asOf);
  return {
    partners: rows,
    total,
    installments: installmentStatuses(dates, amounts, payments, asOf),
    form_8804_due_date: form8804Due,
    form_8804_extended_due_date: isRealDate(end) ? nextBusinessDay(dayOfMonthAfter(end, 9, 15)) : null,
    form_8804_where_to_file: PARTNERSHIP_RULES.form8804WhereToFile.rule,
    paid,
    balance_due: Math.max(total - paid, 0),
    overpaid: Math.max(paid - total, 0),
    underpayment_charge: {
      amount_at_most: charge,
      basis:
        charge === null
          ? `Not figured: ${form8804Due === null ? 'the tax year is not known' : 'the underpayment rate for part of the period is not confirmed here'}. ${WITHHOLDING_RULES.scheduleA8804.rule}`
          : `${WITHHOLDING_RULES.scheduleA8804.rule} ${WITHHOLDING_RULES.underpaymentRate.rule}`,
    },
    late_filing_exposure: `${form8804Due === null ? '' : `Forms 8804 and 8805 are due ${form8804Due} (${asOf > form8804Due ? `past due as of ${asOf} unless filed or extended with Form 7004` : `not yet due as of ${asOf}`}). `}${WITHHOLDING_RULES.late8804And8805.rule}`,
    source: `${PARTNERSHIP_RULES.section1446Rates.source} ${PARTNERSHIP_RULES.section1446Installments.source} ${PARTNERSHIP_RULES.form8804DueDate.source} ${WITHHOLDING_RULES.ectiComputed.source}`,
  };
}
