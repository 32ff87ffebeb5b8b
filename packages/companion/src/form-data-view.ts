import { html, type SafeHtml } from './html.js';

// jsonb can nest arbitrarily deep; past this the rest is shown as JSON text instead of recursing.
const MAX_DEPTH = 12;

const ACRONYMS: Record<string, string> = {
  llc: 'LLC',
  ein: 'EIN',
  us: 'US',
  ftin: 'FTIN',
  id: 'ID',
  zip: 'ZIP',
  k: 'K',
  url: 'URL',
};

/** `ownerUSId` -> `Owner US ID`, `tax_year_end` -> `Tax year end`: form_data keys made readable. */
export function fieldLabel(key: string): string {
  const words = key
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .trim()
    .split(/\s+/)
    .filter(Boolean);
  if (words.length === 0) return key;
  return words
    .map((word, index) => {
      // Own entries only: a key such as `constructor` is a word, not Object.
      const acronym = Object.hasOwn(ACRONYMS, word.toLowerCase()) ? ACRONYMS[word.toLowerCase()] : undefined;
      if (acronym) return acronym;
      if (/^[A-Z0-9]+$/.test(word) && word.length > 1) return word;
      const lower = word.toLowerCase();
      return index === 0 ? lower.charAt(0).toUpperCase() + lower.slice(1) : lower;
    })
    .join(' ');
}

/**
 * The object's entries with the fields of `fieldOrder` first, in that order: jsonb hands keys
 * back sorted by length, which would scatter a form's fields; the form's own order reads better.
 */
function orderedEntries(value: Record<string, unknown>, fieldOrder: readonly string[]): [string, unknown][] {
  const known = fieldOrder.filter((key) => Object.hasOwn(value, key));
  const knownSet = new Set(known);
  const rest = Object.keys(value).filter((key) => !knownSet.has(key));
  return [...known, ...rest].map((key) => [key, value[key]]);
}

// Identifying numbers (SSN, ITIN, EIN) show only their last four digits: by the field that holds
// one, and by the shape of a U.S. number wherever else it is.
const IDENTIFYING_FIELDS = new Set(['ein', 'tin', 'ssn', 'itin', 'ownerusid', 'usidentifyingnumber']);
const US_NUMBER = /^\s*(\d{3}-?\d{2}-?\d{4}|\d{2}-\d{7})\s*$/;

/** `123-45-6789` -> `•••-••-6789`: an identifying number with only its last four digits. */
export function maskedNumber(value: string): string {
  const digits = value.replace(/\D/g, '');
  if (digits.length < 4) return '••••';
  return `${'•'.repeat(Math.max(digits.length - 4, 1))}${digits.slice(-4)}`;
}

function isIdentifying(key: string | undefined, value: string): boolean {
  return (key !== undefined && IDENTIFYING_FIELDS.has(key.toLowerCase())) || US_NUMBER.test(value);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Renders a stored JSON value readably and safely: objects as definition lists (readable label
 * plus the raw key), arrays as numbered lists, scalars as escaped text. Everything that reaches
 * the page passes through the escaping {@link html} template.
 */
export function renderJsonValue(
  value: unknown,
  depth = 0,
  fieldOrder: readonly string[] = [],
  key?: string,
): SafeHtml {
  if (value === null || value === undefined) return html`<span class="muted">(empty)</span>`;
  if (typeof value === 'boolean') return html`${value ? 'Yes' : 'No'}`;
  if (typeof value === 'number' || typeof value === 'bigint')
    return html`${isIdentifying(key, String(value)) ? maskedNumber(String(value)) : String(value)}`;
  if (typeof value === 'string') {
    if (value === '') return html`<span class="muted">(empty)</span>`;
    return html`${isIdentifying(key, value) ? maskedNumber(value) : value}`;
  }
  if (depth >= MAX_DEPTH) return html`<code>${JSON.stringify(value)}</code>`;
  if (Array.isArray(value)) {
    if (value.length === 0) return html`<span class="muted">(none)</span>`;
    return html`<ol class="items">${value.map((item) => html`<li>${renderJsonValue(item, depth + 1)}</li>`)}</ol>`;
  }
  if (isRecord(value)) {
    const entries = orderedEntries(value, fieldOrder);
    if (entries.length === 0) return html`<span class="muted">(none)</span>`;
    return html`<dl class="fields">${entries.map(
      ([key, item]) =>
        html`<dt>${fieldLabel(key)}<small>${key}</small></dt><dd>${renderJsonValue(item, depth + 1, [], key)}</dd>`,
    )}</dl>`;
  }
  return html`${String(value)}`;
}
