/**
 * Form 5472 Part II past line 4: whether the direct owner is itself owned 25% or more by another
 * person (ownerHasOwners), and each ultimate indirect 25% foreign shareholder's lines 6a-7e
 * (indirectOwners; past two, the Part II statement). Rules: IRS_RULES partIIIndirectOwners.
 */
import { countryList, readCountry } from '../countries.js';
import type { IndirectOwnerInput, SingleMemberInput } from '../filing-input.js';
import { type InvalidField, isEmpty, type MissingLine } from '../readiness-types.js';

/** The items of lines 6 and 7 a filing must give, with the item letter each prints as. */
const REQUIRED_ITEMS = [
  ['a', 'name'],
  ['a (address)', 'street'],
  ['a (address)', 'city'],
  ['a (address)', 'country'],
  ['c', 'businessCountries'],
  ['d', 'citizenship'],
  ['e', 'taxResidenceCountries'],
] as const satisfies ReadonlyArray<readonly [string, keyof IndirectOwnerInput & string]>;

const COUNTRY_ITEMS = ['country', 'businessCountries', 'citizenship', 'taxResidenceCountries'] as const;

/** The line an indirect owner prints on: 6, 7, then the Part II statement. */
function lineOf(index: number, item: string): string {
  return index < 2 ? `${index + 6}${item}` : `Part II statement, ${item}`;
}

export function checkIndirectOwners(
  filing: SingleMemberInput,
  missing: MissingLine[],
  invalid: InvalidField[],
): void {
  const owners = Array.isArray(filing.indirectOwners) ? filing.indirectOwners : [];
  if (typeof filing.ownerHasOwners !== 'boolean') {
    missing.push({ form: '5472', part: 'II', line: '6a-7e', field: 'ownerHasOwners' });
    return;
  }
  if (!filing.ownerHasOwners) {
    if (owners.length > 0) {
      invalid.push({
        field: 'indirectOwners',
        message:
          'lists owners, but ownerHasOwners is false: set ownerHasOwners to true, or send indirectOwners as []',
      });
    }
    return;
  }
  if (owners.length === 0) {
    missing.push({ form: '5472', part: 'II', line: '6a-6e', field: 'indirectOwners' });
    return;
  }
  owners.forEach((owner, index) => {
    const at = `indirectOwners[${index}]`;
    for (const [item, key] of REQUIRED_ITEMS) {
      if (isEmpty(owner?.[key])) {
        missing.push({ form: '5472', part: 'II', line: lineOf(index, item), field: `${at}.${key}` });
      }
    }
    for (const key of COUNTRY_ITEMS) {
      for (const value of countryList(owner?.[key])) {
        const reading = readCountry(value);
        if (!reading.ok) invalid.push({ field: `${at}.${key}`, message: reading.problem });
      }
    }
  });
}
