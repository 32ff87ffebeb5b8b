import type { FormEdition, TemplateField } from '../form-edition.js';
import { dollars, joined, monthDay, usDate, yearOf } from '../field-text.js';
import type { IndirectOwnerInput, RelatedPartyInput, SingleMemberInput } from '../filing-input.js';
import { form5472Amounts, line1hOf } from '../single-member/form-5472-amounts.js';
import { printedCountries } from '../countries.js';
import {
  PART_VII_QUESTIONS,
  type PartVIILine,
  partVIIAnswersFor,
  partVIIAsked,
} from '../single-member/part-vii.js';
import { relationshipBoxes, wholeDollars } from '../single-member/transaction-kinds.js';

/** Line 8a: the name and the address (street, city, country; or an older filing's one string). */
function relatedPartyLine(party: RelatedPartyInput): string {
  const address = [party.street, party.city, printedCountries(party.country)].filter(
    (part) => typeof part === 'string' && part.trim() !== '',
  );
  return [party.name, ...(address.length > 0 ? address : [party.address])].filter(Boolean).join(', ');
}

/** Lines 6a and 7a: the name and the address (street, city, country). */
function indirectOwnerLine(owner: IndirectOwnerInput): string | undefined {
  const parts = [owner.name, owner.street, owner.city, printedCountries(owner.country)];
  const kept = parts.filter((part) => typeof part === 'string' && part.trim() !== '');
  return owner.name ? kept.join(', ') : undefined;
}

/** Lines 6 and 7: the first two ultimate indirect 25% foreign shareholders (the others: a statement). */
export const INDIRECT_OWNER_LINES = ['6', '7'] as const;

/** The ultimate indirect owners a filing lists (none when it says the owner has no owner). */
export function indirectOwnersOf(filing: SingleMemberInput): IndirectOwnerInput[] {
  if (filing.ownerHasOwners === false || !Array.isArray(filing.indirectOwners)) return [];
  return filing.indirectOwners.map((owner) => owner ?? {});
}

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
  line1f: text(`${P1}Line1f_ReadOrder[0].f1_12[0]`, '1f'),
  formCount: text(`${P1}f1_13[0]`, '1g'),
  line1h: text(`${P1}f1_14[0]`, '1h'),
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
  ...indirectOwnerFields(),
  relatedPartyForeign: box(`${P2}c2_1[0]`, 'Part III: foreign person'),
  relatedPartyUS: box(`${P2}c2_1[1]`, 'Part III: U.S. person'),
  relatedParty: text(`${P2}f2_1[0]`, '8a'),
  relatedUSId: text(`${P2}f2_2[0]`, '8b(1)'),
  relatedRefId: text(`${P2}f2_3[0]`, '8b(2)'),
  relatedFTIN: text(`${P2}f2_4[0]`, '8b(3)'),
  relatedBusinessActivity: text(`${P2}f2_5[0]`, '8c'),
  relatedBusinessActivityCode: text(`${P2}f2_6[0]`, '8d'),
  related_to_reporting_corporation: box(`${P2}c2_2[0]`, '8e: related to reporting corporation'),
  related_to_foreign_shareholder: box(`${P2}c2_3[0]`, '8e: related to 25% foreign shareholder'),
  foreign_shareholder: box(`${P2}c2_4[0]`, '8e: 25% foreign shareholder'),
  relatedBusinessCountries: text(`${P2}f2_7[0]`, '8f'),
  relatedTaxResidenceCountries: text(`${P2}f2_8[0]`, '8g'),
  estimatesUsed: box(`${P2}PartIV[0].c2_5[0]`, 'Part IV: estimates used'),
  ...partIVFields(),
  partV: box(`${P2}PartV[0].c2_6[0]`, 'Part V'),
  partVI: box(`${P2}PartVI[0].c2_7[0]`, 'Part VI'),
  ...partVIIFields(),
} satisfies Record<string, TemplateField>;

/** Lines 6a-6e (f1_34 to f1_40) and 7a-7e (f1_41 to f1_47), in the order of line 4's fields. */
function indirectOwnerFields(): Record<string, TemplateField> {
  const items = ['a', 'b(1)', 'b(2)', 'b(3)', 'c', 'd', 'e'];
  const fields: Record<string, TemplateField> = {};
  INDIRECT_OWNER_LINES.forEach((line, row) => {
    items.forEach((item, column) => {
      fields[`line${line}${item.replace(/[()]/g, '')}`] = text(
        `${P1}f1_${34 + row * 7 + column}[0]`,
        `${line}${item}`,
      );
    });
  });
  return fields;
}

/** The printed values of lines 6 and 7. */
function indirectOwnerValues(filing: SingleMemberInput): Record<string, string | undefined> {
  const values: Record<string, string | undefined> = {};
  const owners = indirectOwnersOf(filing);
  INDIRECT_OWNER_LINES.forEach((line, row) => {
    const owner = owners[row];
    if (!owner) return;
    values[`line${line}a`] = indirectOwnerLine(owner);
    values[`line${line}b1`] = owner.usIdentifyingNumber;
    values[`line${line}b2`] = owner.referenceIdNumber;
    values[`line${line}b3`] = owner.ftin;
    values[`line${line}c`] = printedCountries(owner.businessCountries);
    values[`line${line}d`] = printedCountries(owner.citizenship);
    values[`line${line}e`] = printedCountries(owner.taxResidenceCountries);
  });
  return values;
}

/** Part IV's amount fields, f2_9 (line 9) to f2_40 (line 36), top to bottom as the form prints them. */
function partIVFields(): Record<`line${string}`, TemplateField> {
  const lines = [
    '9',
    '10',
    '11',
    '12',
    '13a',
    '13b',
    '14',
    '15',
    '16',
    '17a',
    '17b',
    '18',
    '19',
    '20',
    '21',
    '22',
    '23',
    '24',
    '25',
    '26',
    '27a',
    '27b',
    '28',
    '29',
    '30',
    '31a',
    '31b',
    '32',
    '33',
    '34',
    '35',
    '36',
  ];
  return Object.fromEntries(
    lines.map((line, index) => [`line${line}`, text(`${P2}f2_${index + 9}[0]`, line)]),
  );
}

/** Part VII: a Yes and a No box per question (c3_N[0] is Yes, c3_N[1] No) and the amount fields. */
function partVIIFields(): Record<string, TemplateField> {
  const P3 = 'topmostSubform[0].Page3[0].';
  const yesNo = {
    line37: 1,
    line38a: 2,
    line38c: 3,
    line39: 4,
    line40a: 5,
    line41a: 6,
    line42a: 7,
    line42b: 8,
    line43a: 9,
  };
  const amounts = { line40b: 1, line41b: 2, line41c: 3, line41d: 4, line43b1: 5, line43b2: 6 };
  const fields: Record<string, TemplateField> = {};
  for (const [line, n] of Object.entries(yesNo)) {
    const question = PART_VII_QUESTIONS[line as PartVIILine].line;
    fields[`${line}Yes`] = box(`${P3}c3_${n}[0]`, `${question} Yes`);
    fields[`${line}No`] = box(`${P3}c3_${n}[1]`, `${question} No`);
  }
  for (const [line, n] of Object.entries(amounts)) {
    fields[line] = text(`${P3}f3_${n}[0]`, PART_VII_QUESTIONS[line as PartVIILine].line);
  }
  return fields;
}

/** Form 5472 (Rev. December 2023), filed by a foreign-owned U.S. DE: Parts I-VII (Parts VIII and IX are not produced). */
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
    const foreign = party ? party.isForeign !== false : false;
    const amounts = form5472Amounts(party);
    const money = (value: number | undefined) =>
      value === undefined ? undefined : value.toLocaleString('en-US');
    const partIV: Record<string, string | undefined> = {};
    const hasPartIV = Object.keys(amounts.partIV).length > 0;
    for (const [line, amount] of Object.entries(amounts.partIV)) partIV[`line${line}`] = money(amount);
    if (hasPartIV) {
      partIV.line22 = money(amounts.line22);
      partIV.line36 = money(amounts.line36);
    }
    // Every box that applies; a value outside the three boxes is reported by check_filing and ticks nothing.
    const box8e = relationshipBoxes(party?.relationship);
    // This form's own Part VII: the related party's answers, the filing's as the default.
    const partyCount = Array.isArray(filing.relatedParties) ? filing.relatedParties.length : 0;
    const { answers } = partVIIAnswersFor(filing.partVII, party?.partVII, partyCount);
    const partVII: Record<string, string | boolean | undefined> = {};
    for (const line of Object.keys(PART_VII_QUESTIONS) as PartVIILine[]) {
      if (!partVIIAsked(line, answers)) continue;
      const value = answers[line];
      if (PART_VII_QUESTIONS[line].kind === 'yes_no') {
        partVII[`${line}Yes`] = value === true;
        partVII[`${line}No`] = value === false;
      } else {
        partVII[line] = money(wholeDollars(value));
      }
    }
    const hasTransactions = hasPartIV || amounts.partV.length > 0;
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
      countryIncorporation: printedCountries(filing.countryIncorporation),
      dateIncorporation: usDate(filing.dateIncorporation),
      taxResidentCountry: printedCountries(filing.taxResidentCountry),
      principalBusinessCountries: printedCountries(filing.principalBusinessCountries),
      foreignControlled: true,
      foreignOwnedDE: true,
      owner: filing.ownerName ? [filing.ownerName, ownerAddress].filter(Boolean).join(', ') : undefined,
      ownerUSId: filing.ownerUSId,
      ownerRefId: filing.ownerRefId,
      ownerFTIN: filing.ownerFTIN,
      ownerBusinessCountries: printedCountries(filing.ownerBusinessCountries),
      ownerCitizenship: printedCountries(filing.ownerCitizenship),
      ownerTaxResidentCountry: printedCountries(filing.ownerTaxResidentCountry),
      ...indirectOwnerValues(filing),
      relatedPartyForeign: foreign,
      relatedPartyUS: party ? party.isForeign === false : false,
      relatedParty: party?.name ? relatedPartyLine(party) : undefined,
      relatedUSId: party?.usIdentifyingNumber,
      relatedRefId: party?.referenceIdNumber,
      relatedFTIN: party?.ftin,
      relatedBusinessActivity: party?.businessActivity,
      relatedBusinessActivityCode: joined(party?.businessActivityCode),
      related_to_reporting_corporation: box8e.includes('related_to_reporting_corporation'),
      related_to_foreign_shareholder: box8e.includes('related_to_foreign_shareholder'),
      foreign_shareholder: box8e.includes('foreign_shareholder'),
      relatedBusinessCountries: printedCountries(party?.businessCountries),
      relatedTaxResidenceCountries: printedCountries(party?.taxResidenceCountries),
      // Instructions, line 1f: left blank for a U.S. related party.
      line1f: foreign && hasTransactions ? money(amounts.line1f) : undefined,
      line1h: money(line1hOf(filing) || undefined),
      estimatesUsed: party?.estimatesUsed === true,
      ...partIV,
      partV: amounts.partV.length > 0,
      partVI: party?.nonmonetaryTransactions === true,
      ...partVII,
    };
  },
};
