import type { FormEdition, TemplateField } from '../form-edition.js';
import { dollars, joined, monthDay, usDate, yearOf } from '../field-text.js';
import type { RelatedPartyInput, SingleMemberInput } from '../filing-input.js';

/** Input of one Form 5472: the filing, one related party, and how many 5472s the packet holds. */
export interface Form5472Input {
  filing: SingleMemberInput;
  relatedParty: RelatedPartyInput | undefined;
  formCount: number;
}

const P1 = 'topmostSubform[0].Page1[0].';
const P2 = 'topmostSubform[0].Page2[0].';
const text = (name: string, line: string): TemplateField => ({ name, type: 'text', line });
const box = (name: string, line: string): TemplateField => ({ name, type: 'checkbox', line });

const fields = {
  taxYearBegin: text(`${P1}Pg1Header[0].f1_1[0]`, 'header: beginning'),
  taxYearBeginYear: text(`${P1}Pg1Header[0].f1_2[0]`, 'header: beginning year'),
  taxYearEnd: text(`${P1}Pg1Header[0].f1_3[0]`, 'header: ending'),
  taxYearEndYear: text(`${P1}Pg1Header[0].f1_4[0]`, 'header: ending year'),
  llcName: text(`${P1}Line1a[0].f1_5[0]`, '1a'),
  llcStreet: text(`${P1}Line1a[0].f1_6[0]`, '1a (street)'),
  llcCity: text(`${P1}Line1a[0].f1_7[0]`, '1a (city, state, ZIP)'),
  ein: text(`${P1}f1_8[0]`, '1b'),
  totalAssets: text(`${P1}f1_9[0]`, '1c'),
  businessActivity: text(`${P1}f1_10[0]`, '1d'),
  businessActivityCode: text(`${P1}f1_11[0]`, '1e'),
  formCount: text(`${P1}f1_13[0]`, '1g'),
  isInitialYear: box(`${P1}Line1j_ReadOrder[0].c1_2[0]`, '1j'),
  countryIncorporation: text(`${P1}f1_16[0]`, '1l'),
  dateIncorporation: text(`${P1}f1_17[0]`, '1m'),
  taxResidentCountry: text(`${P1}f1_18[0]`, '1n'),
  principalBusinessCountries: text(`${P1}f1_19[0]`, '1o'),
  foreignControlled: box(`${P1}c1_3[0]`, '2'),
  foreignOwnedDE: box(`${P1}c1_4[0]`, '3'),
  owner: text(`${P1}f1_20[0]`, '4a'),
  ownerUSId: text(`${P1}f1_21[0]`, '4b(1)'),
  ownerRefId: text(`${P1}f1_22[0]`, '4b(2)'),
  ownerFTIN: text(`${P1}f1_23[0]`, '4b(3)'),
  ownerBusinessCountries: text(`${P1}f1_24[0]`, '4c'),
  ownerCitizenship: text(`${P1}f1_25[0]`, '4d'),
  ownerTaxResidentCountry: text(`${P1}f1_26[0]`, '4e'),
  relatedPartyForeign: box(`${P2}c2_1[0]`, 'Part III: foreign person'),
  relatedPartyUS: box(`${P2}c2_1[1]`, 'Part III: U.S. person'),
  relatedParty: text(`${P2}f2_1[0]`, '8a'),
  relatedToReportingCorporation: box(`${P2}c2_2[0]`, '8e: related to reporting corporation'),
  relatedToShareholder: box(`${P2}c2_3[0]`, '8e: related to 25% foreign shareholder'),
  relatedIsShareholder: box(`${P2}c2_4[0]`, '8e: 25% foreign shareholder'),
} satisfies Record<string, TemplateField>;

/** Which line 8e box a free-text relationship means. */
function relationshipBox(relationship: string | undefined): keyof typeof fields | undefined {
  if (!relationship) return undefined;
  const value = relationship.toLowerCase();
  if (/related to (the )?(25%|foreign )?(shareholder|owner|member)/.test(value))
    return 'relatedToShareholder';
  if (/owner|shareholder|member|parent/.test(value)) return 'relatedIsShareholder';
  return 'relatedToReportingCorporation';
}

/** Form 5472 (Rev. December 2023), filed by a foreign-owned U.S. DE: Parts I, II and III. */
export const form5472RevDecember2023: FormEdition<Form5472Input> = {
  form: '5472',
  title: 'Form 5472',
  edition: 'Rev. December 2023',
  firstTaxYear: 2023,
  template: 'f5472.pdf',
  sha256: '7ac5b2c3ea1c1184cde04f52b6f2faa88d30124d8617beda350da1be5e0c2c1d',
  fields,
  values({ filing, relatedParty, formCount }) {
    const party = relatedParty;
    const related = relationshipBox(party?.relationship);
    const ownerAddress = [filing.ownerStreet, filing.ownerCity].filter(Boolean).join(', ');
    return {
      taxYearBegin: monthDay(filing.taxYearBegin),
      taxYearBeginYear: yearOf(filing.taxYearBegin)?.toString(),
      taxYearEnd: monthDay(filing.taxYearEnd),
      taxYearEndYear: yearOf(filing.taxYearEnd)?.toString(),
      llcName: filing.llcName,
      llcStreet: filing.llcStreet,
      llcCity: filing.llcCity,
      ein: filing.ein,
      totalAssets: dollars(filing.totalAssets),
      businessActivity: filing.businessActivity,
      businessActivityCode: joined(filing.businessActivityCode),
      formCount: String(formCount),
      isInitialYear: filing.isInitialYear === true,
      countryIncorporation: filing.countryIncorporation,
      dateIncorporation: usDate(filing.dateIncorporation),
      taxResidentCountry: filing.taxResidentCountry,
      principalBusinessCountries: joined(filing.principalBusinessCountries),
      foreignControlled: true,
      foreignOwnedDE: true,
      owner: filing.ownerName ? [filing.ownerName, ownerAddress].filter(Boolean).join(', ') : undefined,
      ownerUSId: filing.ownerUSId,
      ownerRefId: filing.ownerRefId,
      ownerFTIN: filing.ownerFTIN,
      ownerBusinessCountries: joined(filing.ownerBusinessCountries),
      ownerCitizenship: filing.ownerCitizenship,
      ownerTaxResidentCountry: filing.ownerTaxResidentCountry,
      relatedPartyForeign: party ? party.isForeign !== false : false,
      relatedPartyUS: party ? party.isForeign === false : false,
      relatedParty: party?.name ? [party.name, party.address].filter(Boolean).join(', ') : undefined,
      relatedToReportingCorporation: related === 'relatedToReportingCorporation',
      relatedToShareholder: related === 'relatedToShareholder',
      relatedIsShareholder: related === 'relatedIsShareholder',
    };
  },
};
