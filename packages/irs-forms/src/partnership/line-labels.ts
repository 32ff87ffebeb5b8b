/**
 * The 2025 Form 1065 labels of the lines a partnership filing enters, by form_data key, as the
 * form prints them (Form 1065 (2025), page 1 and Schedule K on page 5). filing-domain puts them in
 * the zod schema's descriptions, so get_form_schema and the elicitation titles name each line.
 */
import type { ScheduleKLine } from './lines.js';

/** Page 1, income (lines 1a-7; 1c, 3 and 8 are computed). */
export const INCOME_LINE_LABELS = {
  line1a: 'Line 1a: Gross receipts or sales',
  line1b: 'Line 1b: Returns and allowances',
  line2: 'Line 2: Cost of goods sold (attach Form 1125-A)',
  line4: 'Line 4: Ordinary income (loss) from other partnerships, estates, and trusts (attach statement)',
  line5: 'Line 5: Net farm profit (loss) (attach Schedule F (Form 1040))',
  line6: 'Line 6: Net gain (loss) from Form 4797, Part II, line 17 (attach Form 4797)',
  line7: 'Line 7: Other income (loss) (attach statement)',
} as const;

/** Page 1, deductions (lines 9-21; 16c, 22 and 23 are computed). */
export const DEDUCTION_LINE_LABELS = {
  line9: 'Line 9: Salaries and wages (other than to partners) (less employment credits)',
  line10: 'Line 10: Guaranteed payments to partners',
  line11: 'Line 11: Repairs and maintenance',
  line12: 'Line 12: Bad debts',
  line13: 'Line 13: Rent',
  line14: 'Line 14: Taxes and licenses',
  line15: 'Line 15: Interest',
  line16a: 'Line 16a: Depreciation (if required, attach Form 4562)',
  line16b: 'Line 16b: Less depreciation reported on Form 1125-A and elsewhere on return',
  line17: 'Line 17: Depletion (do not deduct oil and gas depletion)',
  line18: 'Line 18: Retirement plans, etc.',
  line19: 'Line 19: Employee benefit programs',
  line20:
    'Line 20: Energy efficient commercial buildings deduction (attach Form 7205); not other deductions (line 21)',
  line21: 'Line 21: Other deductions (attach statement)',
} as const;

/** Schedule K lines (page 5), amounts. */
export const SCHEDULE_K_LINE_LABELS: Readonly<Record<ScheduleKLine, string>> = {
  line1: 'Line 1: Ordinary business income (loss) (page 1, line 23; computed when not given)',
  line2: 'Line 2: Net rental real estate income (loss) (attach Form 8825)',
  line3a: 'Line 3a: Other gross rental income (loss)',
  line3b: 'Line 3b: Expenses from other rental activities (attach statement)',
  line3c: 'Line 3c: Other net rental income (loss) (3a - 3b, computed)',
  line4a: 'Line 4a: Guaranteed payments for services',
  line4b: 'Line 4b: Guaranteed payments for capital',
  line4c: 'Line 4c: Total guaranteed payments (4a + 4b, computed)',
  line5: 'Line 5: Interest income',
  line6a: 'Line 6a: Ordinary dividends',
  line6b: 'Line 6b: Qualified dividends',
  line6c: 'Line 6c: Dividend equivalents',
  line7: 'Line 7: Royalties',
  line8: 'Line 8: Net short-term capital gain (loss) (attach Schedule D (Form 1065))',
  line9a: 'Line 9a: Net long-term capital gain (loss) (attach Schedule D (Form 1065))',
  line9b: 'Line 9b: Collectibles (28%) gain (loss)',
  line9c: 'Line 9c: Unrecaptured section 1250 gain (attach statement)',
  line10: 'Line 10: Net section 1231 gain (loss) (attach Form 4797)',
  line11: 'Line 11: Other income (loss) (its type in line11Type)',
  line12: 'Line 12: Section 179 deduction (attach Form 4562)',
  line13a: 'Line 13a: Cash contributions',
  line13b: 'Line 13b: Noncash contributions',
  line13c: 'Line 13c: Investment interest expense',
  line13d: 'Line 13d(2): Section 59(e)(2) expenditures, amount (its type in line13dType)',
  line13e: 'Line 13e: Other deductions (its type in line13eType)',
  line14a: 'Line 14a: Net earnings (loss) from self-employment',
  line14b: 'Line 14b: Gross farming or fishing income',
  line14c: 'Line 14c: Gross nonfarm income',
  line15a: 'Line 15a: Low-income housing credit (section 42(j)(5))',
  line15b: 'Line 15b: Low-income housing credit (other)',
  line15c: 'Line 15c: Qualified rehabilitation expenditures (rental real estate)',
  line15d: 'Line 15d: Other rental real estate credits (its type in line15dType)',
  line15e: 'Line 15e: Other rental credits (its type in line15eType)',
  line15f: 'Line 15f: Other credits (its type in line15fType)',
  line17a: 'Line 17a: Post-1986 depreciation adjustment',
  line17b: 'Line 17b: Adjusted gain or loss',
  line17c: 'Line 17c: Depletion (other than oil and gas)',
  line17d: 'Line 17d: Oil, gas, and geothermal properties, gross income',
  line17e: 'Line 17e: Oil, gas, and geothermal properties, deductions',
  line17f: 'Line 17f: Other AMT items (attach statement)',
  line18a: 'Line 18a: Tax-exempt interest income',
  line18b: 'Line 18b: Other tax-exempt income',
  line18c: 'Line 18c: Nondeductible expenses',
  line19a: 'Line 19a: Distributions of cash and marketable securities',
  line19b: 'Line 19b: Distributions of other property',
  line20a: 'Line 20a: Investment income',
  line20b: 'Line 20b: Investment expenses',
  line21: 'Line 21: Total foreign taxes paid or accrued',
};

/** Schedule K "Type:" texts and the two line 16 checkboxes. */
export const SCHEDULE_K_OTHER_LABELS = {
  line11Type: 'Line 11, Type: the kind of other income (loss)',
  line13dType: 'Line 13d(1), Type: the section 59(e)(2) expenditures',
  line13eType: 'Line 13e, Type: the other deductions',
  line15dType: 'Line 15d, Type: the other rental real estate credits',
  line15eType: 'Line 15e, Type: the other rental credits',
  line15fType: 'Line 15f, Type: the other credits',
  line16a:
    'Line 16a checkbox: true = Schedule K-2 (Form 1065) is attached, reporting items of international tax relevance',
  line16b: 'Line 16b checkbox: true = the partnership qualified for an exception to filing Schedule K-2',
} as const;
