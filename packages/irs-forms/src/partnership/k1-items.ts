import type { PartnershipInput } from '../filing-input.js';
import { CONTRIBUTION_CODES } from './lines.js';
import { mustEfile1065 } from './partnership-rules.js';
import { form1065Address } from './where-to-file-1065.js';

/** The box 13 code of Schedule K line 13a (`contributionsCode`), when given and known. */
export function contributionsCode(filing: PartnershipInput): string | undefined {
  const code =
    typeof filing.contributionsCode === 'string' ? filing.contributionsCode.trim().toUpperCase() : '';
  return (CONTRIBUTION_CODES as readonly string[]).includes(code) ? code : undefined;
}

/**
 * Schedule K-1 item C, the IRS center where the partnership filed its return (rule k1ItemC):
 * "e-file" for a return that must be filed electronically, else the city of the Form 1065 Where
 * To File address; undefined while that address is not known.
 */
export function irsCenterOfFiling(filing: PartnershipInput): string | undefined {
  if (mustEfile1065(filing)) return 'e-file';
  const { address } = form1065Address(filing);
  if (!address) return undefined;
  if (address.includes('Kansas City')) return 'Kansas City, MO';
  return 'Ogden, UT';
}
