import type { PartnershipInput } from '../filing-input.js';
import { dollars } from '../field-text.js';
import { CONTRIBUTION_CODES, K1_BOX_OF_LINE, SCHEDULE_K_AMOUNT_LINES, type ScheduleKLine } from './lines.js';
import { PARTNER_DECIDED_LINES } from './partner-items.js';
import { section199A } from './section-199a.js';
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

/** The code lines each coded box of the 2025 Schedule K-1 holds (its template's fields). */
export const K1_CODE_ROWS: Readonly<Record<string, number>> = Object.freeze({
  '13': 1,
  '14': 2,
  '18': 3,
  '19': 1,
  '20': 3,
});

/** One partner's K-1 boxes: the uncoded boxes' amounts, and each coded box's [code, text] lines. */
export type K1Boxes = {
  plain: Record<string, number>;
  coded: Record<string, Array<[string, string]>>;
};

/**
 * What one partner's K-1 holds in boxes 1-21 (rules k1CodedBoxes, section199AStatement): each
 * Schedule K line with a place (k1PlaceOfLine), a partner's own 0 of a line it decides left
 * blank, and box 20 code Z "STMT" when the return's section 199A figures are computed. A coded
 * box may hold more lines than its template has rows (K1_CODE_ROWS): the K-1 prints the first
 * ones and `prepare_elsewhere` names the rest.
 */
export function k1Boxes(
  filing: PartnershipInput,
  share: Partial<Record<ScheduleKLine, number>> | undefined,
): K1Boxes {
  const plain: Record<string, number> = {};
  const coded: Record<string, Array<[string, string]>> = { '13': [], '14': [], '18': [], '19': [], '20': [] };
  for (const line of SCHEDULE_K_AMOUNT_LINES) {
    const place = k1PlaceOfLine(filing, line);
    const amount = share?.[line];
    if (amount === undefined || !place) continue;
    if (amount === 0 && (PARTNER_DECIDED_LINES as readonly string[]).includes(line)) continue;
    if (place.code) coded[place.box]!.push([place.code, dollars(amount) ?? '']);
    else plain[place.box] = amount;
  }
  if (section199A(filing).computed) coded['20']!.push(['Z', 'STMT']);
  return { plain, coded };
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
