import { IrsFormsError } from './irs-forms-error.js';

// The standard PDF fonts (Helvetica here) print WinAnsi: ASCII, Latin-1 and a few typographic
// marks. The IRS asks for English, so anything else is refused with the field that holds it.
const WIN_ANSI_EXTRAS = '€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ';
const extras = new Set([...WIN_ANSI_EXTRAS].map((char) => char.codePointAt(0)!));

/** The first character of `text` a standard PDF font cannot show, or undefined. */
export function firstUnprintable(text: string): string | undefined {
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (code === 0x0a) continue;
    if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || extras.has(code)) continue;
    return char;
  }
  return undefined;
}

/** A form_data value that cannot be printed on an IRS form, with its path (`relatedParties[1].name`). */
export interface UnprintableValue {
  field: string;
  character: string;
}

/** Every string in `formData` (at any depth, `id` fields excepted) a standard font cannot show. */
export function unprintableValues(formData: unknown, path = ''): UnprintableValue[] {
  if (typeof formData === 'string') {
    const character = firstUnprintable(formData);
    return character === undefined ? [] : [{ field: path, character }];
  }
  if (Array.isArray(formData)) {
    return formData.flatMap((item, index) => unprintableValues(item, `${path}[${index}]`));
  }
  if (formData !== null && typeof formData === 'object') {
    return Object.entries(formData).flatMap(([key, value]) =>
      key === 'id' ? [] : unprintableValues(value, path === '' ? key : `${path}.${key}`),
    );
  }
  return [];
}

/** `U+674E` for a character. */
export function codePointLabel(character: string): string {
  return `U+${character.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
}

/** Thrown when a filing holds text the forms cannot print; names the form_data field. */
export class UnprintableTextError extends IrsFormsError {
  override readonly name = 'UnprintableTextError';
  readonly code = 'unprintable_text';
  readonly field: string;
  readonly character: string;

  constructor(value: UnprintableValue) {
    super(
      `form_data.${value.field} holds "${value.character}" (${codePointLabel(value.character)}), which the IRS forms cannot print: enter it in English (Latin letters)`,
    );
    this.field = value.field;
    this.character = value.character;
  }
}
