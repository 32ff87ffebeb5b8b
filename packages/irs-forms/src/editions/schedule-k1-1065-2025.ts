import type { FormEdition, TemplateField } from '../form-edition.js';
import { isCalendarYear, monthDay } from '../field-text.js';
import type { PartnerInput, PartnershipInput } from '../filing-input.js';

const P1 = 'topmostSubform[0].Page1[0].';
const HEADER = `${P1}Pg1Header[0].ForCalendarYear[0].`;
const LEFT = `${P1}LeftCol[0].`;
const text = (name: string, line: string): TemplateField => ({ name, type: 'text', line });
const box = (name: string, line: string): TemplateField => ({ name, type: 'checkbox', line });

const fields = {
  taxYearBeginMonth: text(`${HEADER}f1_1[0]`, 'header: beginning month'),
  taxYearBeginDay: text(`${HEADER}f1_2[0]`, 'header: beginning day'),
  taxYearEndMonth: text(`${HEADER}f1_3[0]`, 'header: ending month'),
  taxYearEndDay: text(`${HEADER}f1_4[0]`, 'header: ending day'),
  taxYearEndYear: text(`${HEADER}f1_5[0]`, 'header: ending year'),
  ein: text(`${LEFT}f1_6[0]`, 'A'),
  partnership: text(`${LEFT}f1_7[0]`, 'B'),
  partnerTin: text(`${LEFT}f1_9[0]`, 'E'),
  partner: text(`${LEFT}f1_10[0]`, 'F'),
  generalPartner: box(`${LEFT}c1_4[0]`, 'G: general partner'),
  limitedPartner: box(`${LEFT}c1_4[1]`, 'G: limited partner'),
  domesticPartner: box(`${LEFT}c1_5[0]`, 'H1: domestic partner'),
  foreignPartner: box(`${LEFT}c1_5[1]`, 'H1: foreign partner'),
  entityType: text(`${LEFT}f1_13[0]`, 'I1'),
} satisfies Record<string, TemplateField>;

/** Input of one Schedule K-1: the partnership filing and one partner. */
export interface ScheduleK1Input {
  filing: PartnershipInput;
  partner: PartnerInput;
}

/** Schedule K-1 (Form 1065) for tax year 2025: Parts I and II. */
export const scheduleK1Form1065TaxYear2025: FormEdition<ScheduleK1Input> = {
  form: '1065-K1',
  title: 'Schedule K-1 (Form 1065)',
  edition: '2025',
  firstTaxYear: 2025,
  template: 'f1065sk1.pdf',
  sha256: '66098d4d48537ce2dac1f093d6351567957896e5843d8c524823b380068f6547',
  fields,
  values({ filing, partner }) {
    const calendar = isCalendarYear(filing.taxYearBegin, filing.taxYearEnd, 2025);
    const begin = calendar ? undefined : monthDay(filing.taxYearBegin)?.split('/');
    const end = calendar ? undefined : monthDay(filing.taxYearEnd)?.split('/');
    const type = partner.type?.toLowerCase() ?? '';
    const cityLine = [filing.city, [filing.state, filing.zip].filter(Boolean).join(' ')]
      .filter(Boolean)
      .join(', ');
    return {
      taxYearBeginMonth: begin?.[0],
      taxYearBeginDay: begin?.[1],
      taxYearEndMonth: end?.[0],
      taxYearEndDay: end?.[1],
      taxYearEndYear: calendar ? undefined : filing.taxYearEnd?.slice(0, 4),
      ein: filing.ein,
      partnership: [filing.partnershipName, filing.street, cityLine].filter(Boolean).join('\n') || undefined,
      partnerTin: partner.tin,
      partner: [partner.name, partner.address].filter(Boolean).join('\n') || undefined,
      generalPartner: type.includes('general') || type.includes('manager'),
      limitedPartner: type.includes('limited'),
      domesticPartner: partner.isForeign === false,
      foreignPartner: partner.isForeign === true,
      entityType: partner.entityType,
    };
  },
};
