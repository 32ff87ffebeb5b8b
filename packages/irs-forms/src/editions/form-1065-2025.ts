import type { FormEdition, TemplateField } from '../form-edition.js';
import { dollars, isCalendarYear, joined, monthDay, usDate, yearOf } from '../field-text.js';
import type { PartnershipInput } from '../filing-input.js';

const P1 = 'topmostSubform[0].Page1[0].';
const HEADER = `${P1}HeaderAddress_ReadOrder[0].CalendarName_ReadOrder[0].`;
const text = (name: string, line: string): TemplateField => ({ name, type: 'text', line });
const box = (name: string, line: string): TemplateField => ({ name, type: 'checkbox', line });

const fields = {
  taxYearBegin: text(`${HEADER}f1_01[0]`, 'header: beginning'),
  taxYearEnd: text(`${HEADER}f1_02[0]`, 'header: ending'),
  taxYearEndYear: text(`${HEADER}f1_03[0]`, 'header: ending year'),
  partnershipName: text(`${HEADER}f1_04[0]`, 'Name of partnership'),
  street: text(`${HEADER}f1_05[0]`, 'Number and street'),
  city: text(`${HEADER}f1_07[0]`, 'City or town'),
  state: text(`${HEADER}f1_08[0]`, 'State or province'),
  zip: text(`${HEADER}f1_10[0]`, 'ZIP or foreign postal code'),
  businessActivity: text(`${P1}LinesA-C[0].f1_11[0]`, 'A'),
  businessActivityCode: text(`${P1}LinesA-C[0].f1_13[0]`, 'C'),
  ein: text(`${P1}f1_14[0]`, 'D'),
  dateBusinessStarted: text(`${P1}f1_15[0]`, 'E'),
  totalAssets: text(`${P1}f1_16[0]`, 'F'),
  accountingCash: box(`${P1}c1_6[0]`, 'H(1)'),
  accountingAccrual: box(`${P1}c1_6[1]`, 'H(2)'),
  accountingOther: box(`${P1}c1_6[2]`, 'H(3)'),
  accountingOtherText: text(`${P1}f1_17[0]`, 'H(3) (specify)'),
  scheduleK1Count: text(`${P1}f1_18[0]`, 'I'),
} satisfies Record<string, TemplateField>;

/** Form 1065 for tax year 2025: the header, items A-I. */
export const form1065TaxYear2025: FormEdition<{ filing: PartnershipInput }> = {
  form: '1065',
  title: 'Form 1065',
  edition: '2025',
  firstTaxYear: 2025,
  template: 'f1065.pdf',
  sha256: '0f19f556e12ef53c41ba27e5930b4373103f3abcf64693c4ea686451b2a8f56f',
  fields,
  values({ filing }) {
    const calendar = isCalendarYear(filing.taxYearBegin, filing.taxYearEnd, 2025);
    const method = filing.accountingMethod?.trim().toLowerCase();
    const other = method !== undefined && method !== '' && method !== 'cash' && method !== 'accrual';
    return {
      taxYearBegin: calendar ? undefined : monthDay(filing.taxYearBegin),
      taxYearEnd: calendar ? undefined : monthDay(filing.taxYearEnd),
      taxYearEndYear: calendar ? undefined : yearOf(filing.taxYearEnd)?.toString().slice(2),
      partnershipName: filing.partnershipName,
      street: filing.street,
      city: filing.city,
      state: filing.state,
      zip: filing.zip,
      businessActivity: filing.businessActivity,
      businessActivityCode: joined(filing.businessActivityCode),
      ein: filing.ein,
      dateBusinessStarted: usDate(filing.dateBusinessStarted),
      totalAssets: dollars(filing.totalAssets),
      accountingCash: method === 'cash',
      accountingAccrual: method === 'accrual',
      accountingOther: other,
      accountingOtherText: other ? filing.accountingMethod : undefined,
      scheduleK1Count: String(filing.partners?.length ?? 0),
    };
  },
};
