/**
 * The Principal Business Activity Codes of the 2025 Instructions for Form 1120, the list Form 5472
 * line 1e (and a related party's code) is taken from, and the check of a code against it. A code
 * off the list is refused with the list's nearest codes and, where the list has one, the catch-all
 * of its group. Rule: IRS_RULES businessActivityCode. The Form 1065 instructions carry a list of
 * their own, which is not vendored here (docs/irs-forms.md).
 */
import { ACTIVITY_CODES_2025_GOODS } from './activity-codes-2025-goods.js';
import { ACTIVITY_CODES_2025_SERVICES } from './activity-codes-2025-services.js';

/** The edition of the list, as the refusals name it. */
export const ACTIVITY_CODE_LIST = '2025 Instructions for Form 1120, Principal Business Activity Codes';

function parse(text: string): [string, string][] {
  return text
    .split('\n')
    .map((line) => /^(\d{6}) (.+)$/.exec(line.trim()))
    .filter((match): match is RegExpExecArray => match !== null)
    .map((match) => [match[1] as string, match[2] as string]);
}

/** Every code of the list with its title, in the list's order. */
export const ACTIVITY_CODES: ReadonlyMap<string, string> = new Map([
  ...parse(ACTIVITY_CODES_2025_GOODS),
  ...parse(ACTIVITY_CODES_2025_SERVICES),
]);

/**
 * The catch-all of a sector where the list has one for the whole sector (not only for one of its
 * groups): manufacturing, retail trade, and professional, scientific and technical services.
 */
const SECTOR_CATCH_ALL: Record<string, string> = {
  '31': '339900',
  '32': '339900',
  '33': '339900',
  '44': '459990',
  '45': '459990',
  '54': '541990',
};

const named = (code: string): string => `${code} (${ACTIVITY_CODES.get(code)})`;

/** The codes of the list sharing the longest prefix (3 digits at least) with `code`. */
function nearestCodes(code: string): { prefix: string; codes: string[] } | undefined {
  for (let length = 5; length >= 3; length--) {
    const prefix = code.slice(0, length);
    const codes = [...ACTIVITY_CODES.keys()].filter((listed) => listed.startsWith(prefix));
    if (codes.length > 0) return { prefix, codes };
  }
  return undefined;
}

/** The "Other ..." code of the code's 3-digit group, else its sector's catch-all, if any. */
function catchAll(code: string): string | undefined {
  const group = [...ACTIVITY_CODES].filter(
    ([listed, title]) => listed.startsWith(code.slice(0, 3)) && /^(All )?Other /.test(title),
  );
  return group.at(-1)?.[0] ?? SECTOR_CATCH_ALL[code.slice(0, 2)];
}

/** Why a well-formed six-digit code is not on the list, with the codes to use instead. */
function offListProblem(code: string): string {
  const near = nearestCodes(code);
  const fallback = catchAll(code);
  const parts = [
    `"${code}" is not on the list of principal business activity codes (${ACTIVITY_CODE_LIST}): enter the list's six-digit code that best describes the activity`,
  ];
  if (code.startsWith('454')) {
    parts.push(
      'the list has no nonstore-retailer codes: an online or mail-order seller uses the code of the main line of products it sells',
    );
  }
  if (near) {
    const shown = near.codes.slice(0, 4).map(named).join(', ');
    parts.push(
      `its codes that begin with ${near.prefix}: ${shown}${near.codes.length > 4 ? ` and ${near.codes.length - 4} more` : ''}`,
    );
  }
  if (fallback && !near?.codes.includes(fallback)) parts.push(`where none fits, use ${named(fallback)}`);
  return parts.join('; ');
}

/** The problem of a principal business activity code, or undefined when it is on the list. */
export function activityCodeProblem(value: unknown): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const code = String(value).trim();
  if (ACTIVITY_CODES.has(code)) return undefined;
  if (/^\d{6}$/.test(code)) return offListProblem(code);
  return `"${code}" is not a principal business activity code: enter the six-digit code of the list in the Form 1120 instructions (Principal Business Activity Codes) that best describes the activity, e.g. 541511 (custom computer programming services), 512100 (motion picture and video industries), 523900 (other financial investment activities)`;
}
