import { dayOfMonthAfter, isRealDate, nextBusinessDay } from '../due-dates.js';
import type { PartnerInput, PartnershipInput } from '../filing-input.js';
import { amountOf } from './lines.js';
import { PARTNERSHIP_RULES, SECTION_1446_RATE } from './partnership-rules.js';
import { allocateByShares } from './schedule-k.js';

/** One foreign partner's section 1446 figures. */
export type ForeignPartnerWithholding = {
  partner_id: string | null;
  name: string | null;
  /** The partner's share of effectively connected taxable income, or null when not entered. */
  ecti_allocable: number | null;
  /** Percent: 37 (non-corporate) or 21 (corporate). */
  rate: number;
  /** Whole dollars (ECTI x rate, rounded; 0 for a loss), or null when the ECTI is not entered. */
  tax: number | null;
};

/** One Form 8813 installment. */
export type Installment1446 = { installment: number; due_date: string; amount: number };

/** check_filing's `withholding_1446`. */
export type Withholding1446 = {
  partners: ForeignPartnerWithholding[];
  total: number;
  installments: Installment1446[];
  form_8804_due_date: string | null;
  form_8804_extended_due_date: string | null;
  form_8804_where_to_file: string;
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
export function withholding1446(filing: PartnershipInput): Withholding1446 {
  const partners = (Array.isArray(filing.partners) ? filing.partners : []).filter(
    (partner) => partner?.isForeign === true,
  );
  const rows: ForeignPartnerWithholding[] = partners.map((partner) => {
    const ecti = amountOf(partner.ectiShare);
    const rate = section1446Rate(partner);
    return {
      partner_id: typeof partner.id === 'string' ? partner.id : null,
      name: typeof partner.name === 'string' ? partner.name : null,
      ecti_allocable: ecti ?? null,
      rate,
      tax: ecti === undefined ? null : taxAt(ecti, rate),
    };
  });
  const total = rows.reduce((sum, row) => sum + (row.tax ?? 0), 0);
  const begin = filing.taxYearBegin;
  const installments = isRealDate(begin)
    ? installmentDates(begin).map((due_date, index) => ({
        installment: index + 1,
        due_date,
        amount: allocateByShares(total, [25, 25, 25, 25])[index]!,
      }))
    : [];
  const end = filing.taxYearEnd;
  return {
    partners: rows,
    total,
    installments,
    form_8804_due_date: isRealDate(end) ? nextBusinessDay(dayOfMonthAfter(end, 3, 15)) : null,
    form_8804_extended_due_date: isRealDate(end) ? nextBusinessDay(dayOfMonthAfter(end, 9, 15)) : null,
    form_8804_where_to_file: PARTNERSHIP_RULES.form8804WhereToFile.rule,
    source: `${PARTNERSHIP_RULES.section1446Rates.source} ${PARTNERSHIP_RULES.section1446Installments.source} ${PARTNERSHIP_RULES.form8804DueDate.source}`,
  };
}
