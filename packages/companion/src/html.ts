/**
 * HTML built only through the {@link html} template: every interpolated value is escaped unless it
 * is already {@link SafeHtml}, so filing data (user input) can never become markup.
 */

/** A fragment of HTML that is known to be safe: produced by {@link html} or {@link join}. */
export class SafeHtml {
  readonly value: string;

  constructor(value: string) {
    this.value = value;
  }

  toString(): string {
    return this.value;
  }
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
  '`': '&#96;',
};

/** Escapes text for use in element content and in quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"'`]/g, (character) => ESCAPES[character]!);
}

/** A value an {@link html} template accepts: text is escaped, arrays are concatenated. */
export type HtmlValue = SafeHtml | string | number | boolean | null | undefined | readonly HtmlValue[];

function render(value: HtmlValue): string {
  if (value instanceof SafeHtml) return value.value;
  if (value === null || value === undefined || value === false) return '';
  if (Array.isArray(value)) return value.map(render).join('');
  return escapeHtml(String(value));
}

/**
 * Tagged template for HTML: the literal parts are trusted, every `${value}` is escaped.
 *
 * @example
 * ```ts
 * html`<td>${filing.llc_name}</td>` // '<td>&lt;script&gt;</td>' for '<script>'
 * ```
 */
export function html(strings: TemplateStringsArray, ...values: HtmlValue[]): SafeHtml {
  let out = strings[0]!;
  for (let index = 0; index < values.length; index++) {
    out += render(values[index]!) + strings[index + 1]!;
  }
  return new SafeHtml(out);
}
