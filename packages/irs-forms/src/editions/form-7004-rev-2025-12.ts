import type { FormEdition, TemplateField } from '../form-edition.js';
import { cityStateZip, isCalendarYear, monthDay, yearOf } from '../field-text.js';
import type { SingleMemberInput } from '../filing-input.js';

const P1 = 'topmostSubform[0].Page1[0].';
const text = (name: string, line: string): TemplateField => ({ name, type: 'text', line });

const fields = {
  llcName: text(`${P1}f1_1[0]`, 'Name'),
  ein: text(`${P1}f1_2[0]`, 'Identifying number'),
  llcStreet: text(`${P1}f1_3[0]`, 'Number and street'),
  city: text(`${P1}f1_5[0]`, 'City or town'),
  state: text(`${P1}f1_6[0]`, 'State or province'),
  zip: text(`${P1}f1_8[0]`, 'ZIP or foreign postal code'),
  formCodeTens: text(`${P1}f1_9[0]`, '1 (form code, first digit)'),
  formCodeUnits: text(`${P1}f1_10[0]`, '1 (form code, second digit)'),
  calendarYear: text(`${P1}f1_11[0]`, '5a: calendar year'),
  taxYearBegin: text(`${P1}f1_12[0]`, '5a: beginning'),
  taxYearBeginYear: text(`${P1}f1_13[0]`, '5a: beginning year'),
  taxYearEnd: text(`${P1}f1_14[0]`, '5a: ending'),
  taxYearEndYear: text(`${P1}f1_15[0]`, '5a: ending year'),
  tentativeTax: text(`${P1}f1_16[0]`, '6'),
  payments: text(`${P1}f1_17[0]`, '7'),
  balanceDue: text(`${P1}f1_18[0]`, '8'),
} satisfies Record<string, TemplateField>;

/** Form 7004 (Rev. December 2025) for the pro forma 1120 (form code 12). */
export const form7004RevDecember2025: FormEdition<{ filing: SingleMemberInput }> = {
  form: '7004',
  title: 'Form 7004',
  edition: 'Rev. December 2025',
  firstTaxYear: 2025,
  template: 'f7004.pdf',
  sha256: '9fc3dbf661741266974b29444c5649993d0105531b56fe34b5dc14c37a89f932',
  fields,
  values({ filing }) {
    const beginYear = yearOf(filing.taxYearBegin);
    const calendar =
      beginYear !== undefined && isCalendarYear(filing.taxYearBegin, filing.taxYearEnd, beginYear);
    const address = cityStateZip(filing.llcCity);
    return {
      llcName: filing.llcName,
      ein: filing.ein,
      llcStreet: filing.llcStreet,
      city: address.city,
      state: address.state,
      zip: address.zip,
      formCodeTens: '1',
      formCodeUnits: '2',
      calendarYear: calendar ? String(beginYear).slice(2) : undefined,
      taxYearBegin: calendar ? undefined : monthDay(filing.taxYearBegin),
      taxYearBeginYear: calendar ? undefined : filing.taxYearBegin?.slice(2, 4),
      taxYearEnd: calendar ? undefined : monthDay(filing.taxYearEnd),
      taxYearEndYear: calendar ? undefined : filing.taxYearEnd?.slice(2, 4),
      tentativeTax: '0',
      payments: '0',
      balanceDue: '0',
    };
  },
};
