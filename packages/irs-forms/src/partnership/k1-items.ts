import type { PartnershipInput } from '../filing-input.js';
import { CONTRIBUTION_CODES, K1_BOX_OF_LINE, type ScheduleKLine } from './lines.js';
import { mustEfile1065 } from './partnership-rules.js';
import { form1065Address } from './where-to-file-1065.js';

/** The box 13 code of Schedule K line 13a (`contributionsCode`), when given and known. */
export function contributionsCode(filing: PartnershipInput): string | undefined {
  const code =
    typeof filing.contributionsCode === 'string' ? filing.contributionsCode.trim().toUpperCase() : '';
  return (CONTRIBUTION_CODES as readonly string[]).includes(code) ? code : undefined;
}

/** Where a Schedule K line lands on this return's K-1s: its box and code, or undefined when the K-1 leaves it blank. */
export type K1Place = { box: string; code?: string };

/**
 * The K-1 box (and code) the packet prints a Schedule K line in (rule k1CodedBoxes): the fixed
 * places of K1_BOX_OF_LINE, and box 13 for line 13a with the code `contributionsCode` gives. The
 * Schedule K-1 edition prints by this, and `prepare_elsewhere` names a line as left blank only
 * when this gives it no place, so the two never disagree.
 */
export function k1PlaceOfLine(filing: PartnershipInput, line: ScheduleKLine): K1Place | undefined {
  if (line === 'line13a') {
    const code = contributionsCode(filing);
    return code ? { box: '13', code } : undefined;
  }
  return K1_BOX_OF_LINE[line];
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
