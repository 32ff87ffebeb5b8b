/**
 * The rules of a single-member filing: a foreign-owned U.S. disregarded entity's Form 5472 with
 * its pro forma Form 1120 (kind `5472`). One record of KIND_RULES; sources in IRS_RULES.
 */
import type { SingleMemberInput } from '../filing-input.js';
import { IRS_RULES } from '../irs-rules.js';
import type { HowToFile, KindRules, Requirement } from '../kind-rules.js';
import { checkSingleMemberFiling } from './check.js';
import { FOREIGN_OWNED_DE_ADDRESS, FOREIGN_OWNED_DE_FAX } from './de-filing-address.js';
import { SINGLE_MEMBER_DUE_DATES } from './due-dates.js';
import { planSingleMemberPacket } from './packet.js';
import { form5472Recommendations } from './recommendations.js';

/** Required top-level lines of a single-member filing (rules allOfPartI, partII, proForma1120). */
const SINGLE_MEMBER_REQUIRED: readonly Requirement[] = [
  { form: '5472', part: 'header', line: 'header: beginning', field: 'taxYearBegin' },
  { form: '5472', part: 'header', line: 'header: ending', field: 'taxYearEnd' },
  { form: '5472', part: 'I', line: '1a', field: 'llcName' },
  { form: '5472', part: 'I', line: '1a (street)', field: 'llcStreet' },
  { form: '5472', part: 'I', line: '1a (city, state, ZIP)', field: 'llcCity' },
  { form: '5472', part: 'I', line: '1b', field: 'ein' },
  { form: '5472', part: 'I', line: '1c', field: 'totalAssets' },
  { form: '5472', part: 'I', line: '1d', field: 'businessActivity' },
  { form: '5472', part: 'I', line: '1e', field: 'businessActivityCode' },
  { form: '5472', part: 'I', line: '1l', field: 'countryIncorporation' },
  { form: '5472', part: 'I', line: '1m', field: 'dateIncorporation' },
  { form: '5472', part: 'I', line: '1n', field: 'taxResidentCountry' },
  { form: '5472', part: 'I', line: '1o', field: 'principalBusinessCountries' },
  { form: '5472', part: 'II', line: '4a', field: 'ownerName' },
  { form: '5472', part: 'II', line: '4a (address)', field: 'ownerStreet' },
  { form: '5472', part: 'II', line: '4a (address)', field: 'ownerCity' },
  { form: '5472', part: 'II', line: '4c', field: 'ownerBusinessCountries' },
  { form: '5472', part: 'II', line: '4d', field: 'ownerCitizenship' },
  { form: '5472', part: 'II', line: '4e', field: 'ownerTaxResidentCountry' },
];

/** Fax or mail to the IRS's Ogden unit; never electronically (rule foreignOwnedDeFiling). */
const DE_HOW_TO_FILE: HowToFile = {
  electronic_filing: 'not available: a foreign-owned U.S. DE cannot e-file Form 5472 with its pro forma 1120',
  fax: FOREIGN_OWNED_DE_FAX,
  mail: FOREIGN_OWNED_DE_ADDRESS,
  summary: IRS_RULES.foreignOwnedDeFiling.rule,
};

export const SINGLE_MEMBER_KIND_RULES: KindRules<'5472'> = Object.freeze<KindRules<'5472'>>({
  kind: '5472',
  required: SINGLE_MEMBER_REQUIRED,
  // The pro forma 1120's item C (dateIncorporation) and the signing date.
  dateFields: ['taxYearBegin', 'taxYearEnd', 'dateIncorporation', 'signatureDate', 'form7004FiledDate'],
  dueDates: SINGLE_MEMBER_DUE_DATES,
  check: checkSingleMemberFiling,
  recommend: (formData, facts) => form5472Recommendations(formData as SingleMemberInput, facts),
  plan: planSingleMemberPacket,
  filing: {
    returnName: 'A foreign-owned U.S. DE’s Form 5472 with its pro forma 1120',
    howToFile: () => DE_HOW_TO_FILE,
    methods: () => {
      const { rule, source } = IRS_RULES.foreignOwnedDeFiling;
      return { methods: ['fax', 'mail'], rule, source };
    },
    paperOnlyFields: [],
    incomplete: {
      consequence: 'a substantially incomplete Form 5472 is a failure to file',
      source: IRS_RULES.penalty6038A.source,
    },
  },
  preparerMark: false,
});
