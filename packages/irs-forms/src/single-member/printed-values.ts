/**
 * Checks of the values the single-member forms print that have a fixed form: countries (a country
 * name, a two-letter code turned into the name), the business activity codes (on the list of the Form 1120 instructions, activity-codes.ts), and the
 * dates that must fall in order. Each problem says what to write instead. Rules: IRS_RULES
 * countryNames, countryIncorporation, businessActivityCode, dateIncorporation, form7004FiledDate.
 */
import { activityCodeProblem } from '../activity-codes.js';
import { countryList, readCountry } from '../countries.js';
import { isRealDate } from '../due-dates.js';
import type { SingleMemberInput } from '../filing-input.js';
import type { InvalidField } from '../readiness-types.js';

/** The country fields of a single-member filing and the line each prints on. */
const COUNTRY_FIELDS = [
  'countryIncorporation',
  'taxResidentCountry',
  'principalBusinessCountries',
  'ownerBusinessCountries',
  'ownerCitizenship',
  'ownerTaxResidentCountry',
] as const;

const PARTY_COUNTRY_FIELDS = ['country', 'businessCountries', 'taxResidenceCountries'] as const;

function checkCountries(field: string, value: unknown, invalid: InvalidField[]): void {
  for (const item of countryList(value)) {
    const reading = readCountry(item);
    if (!reading.ok) invalid.push({ field, message: reading.problem });
  }
}

/** Countries, activity codes and date order of a single-member filing, as of `asOf`. */
export function printedValueProblems(filing: SingleMemberInput, asOf: string, invalid: InvalidField[]): void {
  for (const field of COUNTRY_FIELDS) checkCountries(field, filing[field], invalid);
  const incorporation = countryList(filing.countryIncorporation)
    .map(readCountry)
    .find((reading) => reading.ok);
  if (incorporation?.ok && !incorporation.name.startsWith('United States')) {
    invalid.push({
      field: 'countryIncorporation',
      message: `is "${incorporation.name}", but a foreign-owned U.S. DE is formed in the United States: write United States (the state may follow in parentheses, e.g. "United States (Wyoming)")`,
    });
  }
  const parties = Array.isArray(filing.relatedParties) ? filing.relatedParties : [];
  parties.forEach((party, index) => {
    for (const field of PARTY_COUNTRY_FIELDS) {
      checkCountries(`relatedParties[${index}].${field}`, party?.[field], invalid);
    }
    const partyCode = activityCodeProblem(party?.businessActivityCode);
    if (partyCode)
      invalid.push({ field: `relatedParties[${index}].businessActivityCode`, message: partyCode });
  });
  const code = activityCodeProblem(filing.businessActivityCode);
  if (code) invalid.push({ field: 'businessActivityCode', message: code });

  if (
    isRealDate(filing.dateIncorporation) &&
    isRealDate(filing.taxYearEnd) &&
    filing.dateIncorporation > filing.taxYearEnd
  ) {
    invalid.push({
      field: 'dateIncorporation',
      message: `is after the end of the tax year (${filing.taxYearEnd}): an LLC files for a tax year only once it exists. Correct the date, or the tax year`,
    });
  }
  if (isRealDate(filing.form7004FiledDate) && filing.form7004FiledDate > asOf) {
    invalid.push({
      field: 'form7004FiledDate',
      message: `is after ${asOf}, the day checked for: give the day the Form 7004 was actually filed, or leave it out and set generateForm7004 to have the packet include one`,
    });
  }
}
