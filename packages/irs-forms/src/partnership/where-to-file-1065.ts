import type { PartnershipInput } from '../filing-input.js';
import { amountOf } from './lines.js';

/** States of the Kansas City row of the Form 1065 Where To File table (rule form1065WhereToFile). */
const KANSAS_CITY_STATES = new Set([
  'CT',
  'DE',
  'DC',
  'GA',
  'IL',
  'IN',
  'KY',
  'ME',
  'MD',
  'MA',
  'MI',
  'NH',
  'NJ',
  'NY',
  'NC',
  'OH',
  'PA',
  'RI',
  'SC',
  'TN',
  'VT',
  'VA',
  'WV',
  'WI',
]);

/** States of the "any amount" Ogden row. */
const OGDEN_STATES = new Set([
  'AL',
  'AK',
  'AZ',
  'AR',
  'CA',
  'CO',
  'FL',
  'HI',
  'ID',
  'IA',
  'KS',
  'LA',
  'MN',
  'MS',
  'MO',
  'MT',
  'NE',
  'NV',
  'NM',
  'ND',
  'OK',
  'OR',
  'SD',
  'TX',
  'UT',
  'WA',
  'WY',
]);

const KANSAS_CITY = 'Department of the Treasury, Internal Revenue Service Center, Kansas City, MO 64999-0011';
const OGDEN = 'Department of the Treasury, Internal Revenue Service Center, Ogden, UT 84201-0011';
const FOREIGN = 'Internal Revenue Service, P.O. Box 409101, Ogden, UT 84409';

/** The paper-filing address of Form 1065, or why it cannot be given yet. */
export type Form1065Address = { address: string | null; reason: string };

/**
 * The Form 1065 mailing address for the partnership's state (two-letter code; a foreign country
 * or U.S. possession when `state` names none of the 50 states and D.C. and `country` is not the
 * United States) and total assets at the end of the year (rule form1065WhereToFile).
 */
export function form1065Address(filing: PartnershipInput): Form1065Address {
  const state = typeof filing.state === 'string' ? filing.state.trim().toUpperCase() : '';
  const country = typeof filing.country === 'string' ? filing.country.trim().toLowerCase() : '';
  const foreign =
    country !== '' && !['us', 'usa', 'united states', 'united states of america'].includes(country);
  if (foreign)
    return { address: FOREIGN, reason: 'principal business in a foreign country or U.S. possession' };
  if (OGDEN_STATES.has(state))
    return { address: OGDEN, reason: `principal business in ${state}, any total assets` };
  if (!KANSAS_CITY_STATES.has(state)) {
    return {
      address: null,
      reason: 'enter the partnership’s state as a two-letter code (e.g. DE) to find the address',
    };
  }
  const assets = amountOf(filing.totalAssets);
  if (assets === undefined) {
    return {
      address: null,
      reason: `principal business in ${state}: the address depends on total assets (item F)`,
    };
  }
  if (assets >= 10_000_000 || filing.filesScheduleM3 === true) {
    return {
      address: OGDEN,
      reason: `principal business in ${state}, total assets $10 million or more or Schedule M-3 filed`,
    };
  }
  return {
    address: KANSAS_CITY,
    reason: `principal business in ${state}, total assets under $10 million${filing.filesScheduleM3 === false ? ' and no Schedule M-3' : ' (assuming no Schedule M-3: set filesScheduleM3 if it is filed)'}`,
  };
}
