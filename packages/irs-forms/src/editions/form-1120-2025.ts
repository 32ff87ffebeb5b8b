import type { FormEdition, TemplateField } from '../form-edition.js';
import { cityStateZip, dollars, isCalendarYear, monthDay, usDate, yearOf } from '../field-text.js';
import type { SingleMemberInput } from '../filing-input.js';

const P1 = 'topmostSubform[0].Page1[0].';
const text = (name: string, line: string): TemplateField => ({ name, type: 'text', line });

// Instructions for Form 5472, "Foreign-owned U.S. DEs": a pro forma 1120 carries the name and
// address and items B and E of page 1, with "Foreign-owned U.S. DE" written across the top; items C
// and D are printed too (IRS_RULES.proFormaItemsCD: line 1c of Form 5472 is item D).
const fields = {
  taxYearBegin: text(`${P1}PgHeader[0].f1_1[0]`, 'header: beginning'),
  taxYearEnd: text(`${P1}PgHeader[0].f1_2[0]`, 'header: ending'),
  taxYearEndYear: text(`${P1}PgHeader[0].f1_3[0]`, 'header: ending year'),
  llcName: text(`${P1}NameFieldsReadOrder[0].f1_4[0]`, 'Name'),
  llcStreet: text(`${P1}NameFieldsReadOrder[0].f1_5[0]`, 'Number and street'),
  city: text(`${P1}NameFieldsReadOrder[0].f1_7[0]`, 'City or town'),
  state: text(`${P1}NameFieldsReadOrder[0].f1_8[0]`, 'State or province'),
  zip: text(`${P1}NameFieldsReadOrder[0].f1_10[0]`, 'ZIP or foreign postal code'),
  ein: text(`${P1}f1_11[0]`, 'B'),
  dateIncorporation: text(`${P1}f1_12[0]`, 'C'),
  totalAssets: text(`${P1}f1_13[0]`, 'D'),
  isInitialYear: { name: `${P1}c1_6[0]`, type: 'checkbox', line: 'E(1)' },
  signerTitle: text(`${P1}SignHere-ReadOrder[0].f1_58[0]`, 'Sign Here: Title'),
} satisfies Record<string, TemplateField>;

/** Form 1120 for tax year 2025, used pro forma by a foreign-owned U.S. DE. */
export const form1120TaxYear2025: FormEdition<{ filing: SingleMemberInput }> = {
  form: '1120',
  title: 'Form 1120 (pro forma)',
  edition: '2025',
  firstTaxYear: 2025,
  template: 'f1120.pdf',
  sha256: '016c7fb4042a565c23a98014b17019af7ddc89e3260dd3f926b84d6688b7be6e',
  fields,
  values({ filing }) {
    const calendar = isCalendarYear(filing.taxYearBegin, filing.taxYearEnd, 2025);
    const address = cityStateZip(filing.llcCity);
    return {
      taxYearBegin: calendar ? undefined : monthDay(filing.taxYearBegin),
      taxYearEnd: calendar ? undefined : monthDay(filing.taxYearEnd),
      taxYearEndYear: calendar ? undefined : yearOf(filing.taxYearEnd)?.toString().slice(2),
      llcName: filing.llcName,
      llcStreet: filing.llcStreet,
      city: address.city,
      state: address.state,
      zip: address.zip,
      ein: filing.ein,
      dateIncorporation: usDate(filing.dateIncorporation),
      totalAssets: dollars(filing.totalAssets),
      isInitialYear: filing.isInitialYear === true,
      signerTitle: filing.signerTitle,
    };
  },
  // "Signature of officer" and "Date" stay empty: the officer signs and dates the return by hand
  // (IRS_RULES.handSignature); the packet's cover page says where. Only the title is printed.
  stamps: () => [{ page: 0, text: 'Foreign-owned U.S. DE', x: 200, y: 770, size: 14 }],
};
