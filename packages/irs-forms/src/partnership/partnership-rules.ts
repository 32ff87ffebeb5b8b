/**
 * The rules, rates, dates and addresses of a partnership return (Form 1065, Schedules K and K-1,
 * section 1446 withholding), each with its source. Spread into `IRS_RULES` (readiness.ts). Each
 * was checked with the project's search tool; where a figure could not be confirmed the rule says
 * so and the code reports it as unconfirmed instead of guessing.
 */
/** The Where To File address of Forms 8804, 8805 and 8813 (rule form8804WhereToFile; 2007 edition). */
export const FORM_8804_ADDRESS = 'Internal Revenue Service Center, P.O. Box 409101, Ogden, UT 84409';

/** What the item M statement holds (rule k1ItemM). */
export const K1_ITEM_M_STATEMENT =
  'attach to the K-1 a statement giving, for each date the partner contributed property with a built-in gain or loss, the total built-in gain and the total built-in loss of the property contributed that date (not netted)';

export const PARTNERSHIP_RULES = {
  accountingMethod: {
    rule: 'Item H checks one accounting method: (1) Cash, (2) Accrual, or (3) Other, with the method named beside it ("specify"). The filing says which (accountingMethod "cash", "accrual" or "other"); "other" needs the method in words (accountingMethodOther).',
    source: 'Form 1065 (2025), item H; Instructions for Form 1065 (2025), Accounting Methods.',
  },
  form1065Lines: {
    rule: 'Form 1065 page 1: income lines 1a-8 (1c = 1a - 1b; 3 = 1c - 2; 8 = lines 3 through 7), deductions lines 9-21 (16c = 16a - 16b), 22 = total deductions, 23 = ordinary business income (8 - 22).',
    source: 'Form 1065 (2025), page 1.',
  },
  scheduleKLines: {
    rule: 'Schedule K lines 1-21: line 1 is page 1, line 23; 3c = 3a - 3b; 4c = 4a + 4b; line 16a is checked (and Schedule K-2 attached) when the partnership reports items of international tax relevance, 16b when it qualifies for an exception to filing Schedule K-2.',
    source: 'Form 1065 (2025), Schedule K (page 5).',
  },
  scheduleK1Shares: {
    rule: "Each Schedule K-1 reports the partner's distributive share of each Schedule K item; without a special allocation the share follows the partner's profit share (item J). The K-1 box 16 checkbox says Schedule K-3 is attached.",
    source:
      'Schedule K-1 (Form 1065) 2025, Part III; Instructions for Form 1065, Schedule K-1; section 704(a)-(b).',
  },
  scheduleB1: {
    rule: 'Schedule B, questions 2a (an entity) and 2b (an individual or estate): answer Yes and attach Schedule B-1 when one partner owns, directly or indirectly, 50% or more of the profit, loss or capital at the end of the tax year.',
    source: 'Form 1065 (2025), Schedule B, lines 2a and 2b.',
  },
  scheduleBLine14: {
    rule: 'Schedule B, question 14: a partnership with foreign partners answers Yes and enters the number of Forms 8805 it files.',
    source: 'Form 1065 (2025), Schedule B, line 14.',
  },
  section1446Rates: {
    rule: 'Section 1446 withholding is the applicable percentage of the effectively connected taxable income (ECTI) allocable to each foreign partner: the highest rate of section 1 (37%) for a partner that is not a corporation, the highest rate of section 11(b) (21%) for a corporation.',
    source:
      'Internal Revenue Code section 1446(b)(2); IRS, Partnership Withholding (rates 37% and 21%); Instructions for Forms 8804, 8805, and 8813 (2018), What’s New.',
  },
  section1446Installments: {
    rule: "Installments of estimated section 1446 tax are due by the 15th day of the 4th, 6th, 9th and 12th months of the partnership's tax year (next business day when on a weekend or legal holiday), each paid with Form 8813; they are generally required when the year's tax is $500 or more.",
    source:
      'Instructions for Form 8804-W, When To Make Estimated Section 1446 Tax Payments; How To Make Estimated Section 1446 Tax Payments.',
  },
  form8804DueDate: {
    rule: "Form 8804 (with a Form 8805 for each foreign partner) is filed by the 15th day of the 3rd month after the partnership's tax year ends; Form 7004 extends the time to file by 6 months but not the time to pay. Forms 8804 and 8805 are filed separately from Form 1065 (they are not e-filed with it).",
    source: 'Instructions for Forms 8804, 8805, and 8813, When To File; Instructions for Form 7004.',
  },
  form8804WhereToFile: {
    rule: `Forms 8804 (with each Form 8805 attached) and 8813 are mailed to ${FORM_8804_ADDRESS}. That is the Where To File address of the Instructions for Forms 8804, 8805, and 8813 (2007), the latest edition found with the search tool: the current edition’s address could not be confirmed here, so check it before mailing.`,
    source:
      'Instructions for Forms 8804, 8805, and 8813 (2007), Where To File (File Forms 8804, 8805, and 8813 with: Internal Revenue Service Center, P.O. Box 409101, Ogden, UT 84409); the current edition not confirmed.',
  },
  form7004WhereToFilePartnership: {
    rule: 'A partnership’s Form 7004 on paper goes to the address the Where To File table of the Instructions for Form 7004 gives for Form 1065 and the partnership’s state. That table could not be confirmed here (the search tool found no edition of it), so no address is given: use the table of the Instructions for Form 7004 (Rev. December 2025), or e-file Form 7004.',
    source: 'Instructions for Form 7004 (Rev. December 2025), Where To File (not confirmed).',
  },
  k1ItemM: {
    rule: 'Schedule K-1 item M asks of every partner whether it contributed property with a built-in gain or loss (Yes or No; partners[].contributedBuiltInGainProperty). A Yes needs a statement attached to the K-1 giving, for each date the partner contributed such property, the total built-in gain and the total built-in loss of the property contributed on that date (not netted); the packet does not produce it, so prepare_elsewhere names it. A built-in gain (loss) is the amount by which the fair market value of the property exceeds (is less than) its adjusted tax basis when contributed.',
    source:
      'Schedule K-1 (Form 1065) 2025, item M; Instructions for Form 1065, Schedule K-1, Item M (text read in the 2022 edition: the 2025 text not confirmed here); Regulations section 1.704-3.',
  },
  form8804PartIII: {
    rule: 'Form 8804 Part III: 3a number of foreign partners, 3b number of Forms 8805 attached; 4a ECTI allocable to corporate partners, 4d lines 4a-4c combined; 4e ECTI allocable to noncorporate partners (ordinary), 4h lines 4e-4g combined; 5a = 4d x 21%, 5b = 4h x 37%, 5f = lines 5a-5e (gross section 1446 tax); 6a payments made during the year. Line numbers as in the 2019 edition.',
    source: 'Form 8804 (2019), Part III.',
  },
  form8805Lines: {
    rule: "Form 8805: 1a foreign partner's name, 1b U.S. identifying number, 1c address, 3 type of partner, 4 country code of partner (a two-letter code from the list the instructions name: the worksheet names the partner's country, partners[].country, and leaves the code to the preparer), 5a name of the partnership, 5b its EIN, 5c its address, 6 withholding agent (SAME when the partnership), 9 the partnership's ECTI allocable to the partner, 10 the total section 1446 tax credit allowed to the partner.",
    source:
      'Form 8805 (Rev. November 2019), lines 1a-10 (line 4: Country code of partner, enter two-letter code; line 5c: Address).',
  },
  latePartnershipReturnPenalty: {
    rule: 'A partnership that files Form 1065 late (counting extensions), or files one that fails to show the information required (section 6698(a)(2)), owes, for each month or part of a month the failure continues (at most 12), a penalty per person who was a partner during any part of the year: $245 for returns required to be filed in 2025, $255 for returns required to be filed in 2026. Other years’ figures are not confirmed here.',
    source:
      'Internal Revenue Code section 6698(a), (b) and (e) (inflation-adjusted); Rev. Proc. 2024-40 ($245 for returns required to be filed in 2025); Rev. Proc. 2025-32 ($255 for returns required to be filed in 2026).',
  },
  form1065WhereToFile: {
    rule: 'Form 1065 on paper: Connecticut, Delaware, District of Columbia, Georgia, Illinois, Indiana, Kentucky, Maine, Maryland, Massachusetts, Michigan, New Hampshire, New Jersey, New York, North Carolina, Ohio, Pennsylvania, Rhode Island, South Carolina, Tennessee, Vermont, Virginia, West Virginia, Wisconsin with total assets under $10 million and no Schedule M-3: Department of the Treasury, Internal Revenue Service Center, Kansas City, MO 64999-0011; those states with $10 million or more or Schedule M-3, and every other state: Department of the Treasury, Internal Revenue Service Center, Ogden, UT 84201-0011; a foreign country or U.S. possession: Internal Revenue Service, P.O. Box 409101, Ogden, UT 84409. This is the table of the 2022 Instructions for Form 1065: the 2025 instructions’ table could not be found with the search tool (a 2026 third-party summary gives the same Kansas City row), so check the 2025 table before mailing.',
    source:
      'Instructions for Form 1065 (2022), Where To File (the table used; the 2025 edition’s table not confirmed here).',
  },
  form1065Efile: {
    rule: 'A partnership must file Form 1065 electronically when it had more than 100 partners at any time during the tax year, or when it is required to file 10 or more returns of any type (information returns such as Forms W-2 and 1099 included) during the calendar year.',
    source:
      'T.D. 9972 (Electronic-Filing Requirements for Specified Returns and Other Documents); Internal Revenue Code section 6011(e)(2); Regulations section 301.6011-3.',
  },
  form1065Methods: {
    rule: 'Form 1065 is filed on paper, by mail to the IRS service center of the Where To File table, or electronically through an IRS authorized e-file provider (Modernized e-File: open to any partnership, and required of one with more than 100 partners or 10 or more returns of any type this calendar year). The instructions give no fax route for Form 1065. A partnership that must e-file does not file on paper.',
    source:
      'Instructions for Form 1065 (2025), Where To File; Electronic Filing; IRS, Partnership FAQs (Modernized e-File): partnerships with 100 or fewer partners may file electronically.',
  },
  amendedReturn1065: {
    rule: 'A Form 1065 once filed is changed only with the IRS: e-filed, by a Form 1065 with box G(5) "Amended return" checked; on paper, by Form 1065-X. A partnership under the centralized partnership audit regime (one that did not elect out on Schedule B-2) files an administrative adjustment request (AAR) instead of an amended return. A change stored here reaches no one: have a preparer decide which applies.',
    source:
      'Instructions for Form 1065, Amended Return; Instructions for Form 1065-X (Rev. December 2022), Purpose of Form; Internal Revenue Code section 6227.',
  },
  notGenerated: {
    rule: 'This service does not generate the official Forms 8804, 8805 and 8813, Schedule B-1, or Schedules K-2 and K-3; the packet carries a worksheet with the 8804 and 8805 figures instead.',
    source:
      'Instructions for Forms 8804, 8805, and 8813; Instructions for Schedules K-2 and K-3 (Form 1065).',
  },
} as const;

/** Section 1446 rates in percent, by partner kind (rule section1446Rates). */
export const SECTION_1446_RATE = { corporate: 21, noncorporate: 37 } as const;

/** Per-partner, per-month section 6698 amounts by the calendar year the return is required to be filed in. */
export const LATE_1065_PENALTY_PER_PARTNER_MONTH: Readonly<Record<number, number>> = Object.freeze({
  2025: 245,
  2026: 255,
});

/** Most months the section 6698 penalty runs. */
export const LATE_1065_PENALTY_MAX_MONTHS = 12;

/** At most this many partners on a paper return (more must be e-filed; rule form1065Efile). */
export const MAX_PARTNERS_ON_PAPER = 100;

/** Whether a partnership must file Form 1065 electronically (rule form1065Efile): more than 100 partners, or 10 or more returns this calendar year. */
export function mustEfile1065(filing: { partners?: unknown; filesTenOrMoreReturns?: unknown }): boolean {
  const partners = Array.isArray(filing.partners) ? filing.partners.length : 0;
  return partners > MAX_PARTNERS_ON_PAPER || filing.filesTenOrMoreReturns === true;
}
