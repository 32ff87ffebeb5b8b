/** Helpers that turn `form_data` values into the text a form line shows. */

/** `2025-01-01` -> `01/01/2025`; anything else unchanged. */
export function usDate(value: string | undefined): string | undefined {
  const match = value ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value) : null;
  return match ? `${match[2]}/${match[3]}/${match[1]}` : value;
}

/** `2025-03-31` -> `03/31`. */
export function monthDay(value: string | undefined): string | undefined {
  const match = value ? /^\d{4}-(\d{2})-(\d{2})$/.exec(value) : null;
  return match ? `${match[1]}/${match[2]}` : undefined;
}

/** `2025-03-31` -> 2025. */
export function yearOf(value: string | undefined): number | undefined {
  const match = value ? /^(\d{4})-\d{2}-\d{2}$/.exec(value) : null;
  return match ? Number(match[1]) : undefined;
}

/** True when the tax year is the calendar year printed on a form (its header then stays empty). */
export function isCalendarYear(begin: string | undefined, end: string | undefined, year: number): boolean {
  return begin === `${year}-01-01` && end === `${year}-12-31`;
}

/** One string from a string, a number or a list of strings. */
export function joined(value: string | number | string[] | undefined): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (Array.isArray(value)) return value.filter(Boolean).join(', ') || undefined;
  const text = String(value).trim();
  return text === '' ? undefined : text;
}

/** Whole US dollars as the forms print amounts: `12,345`. */
export function dollars(value: string | number | undefined): string | undefined {
  if (value === undefined || value === '') return undefined;
  const number = typeof value === 'number' ? value : Number(String(value).replace(/[$,\s]/g, ''));
  if (!Number.isFinite(number)) return String(value);
  return Math.round(number).toLocaleString('en-US');
}

/** `Wilmington, DE 19801` -> city, state and ZIP (state and ZIP empty when the text has another shape). */
export function cityStateZip(value: string | undefined): { city?: string; state?: string; zip?: string } {
  if (!value) return {};
  const match = /^(.*?),?\s+([A-Za-z]{2})\s+(\d{5}(?:-\d{4})?)$/.exec(value.trim());
  if (!match) return { city: value.trim() };
  return { city: match[1]!.replace(/,\s*$/, ''), state: match[2]!.toUpperCase(), zip: match[3]! };
}
