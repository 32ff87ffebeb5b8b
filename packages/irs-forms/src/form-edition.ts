/** The forms the packet can hold. `1065-K1` is Schedule K-1 (Form 1065). */
export type FormId = '1120' | '5472' | '7004' | '1065' | '1065-K1';

/** One field of an official template: its internal AcroForm name, its type and its line on the form. */
export interface TemplateField {
  /** Full AcroForm name, e.g. `topmostSubform[0].Page1[0].Line1a[0].f1_5[0]`. */
  name: string;
  type: 'text' | 'checkbox';
  /** The line or item of the form the field carries, as the form prints it (`1a`, `B`, `4b(3)`). */
  line: string;
}

/** A filled value: text for a text field, `true` to check a checkbox. */
export type FieldValue = string | boolean;

/** Text drawn on a page outside any field (the pro forma 1120's "Foreign-owned U.S. DE"). */
export interface PageStamp {
  page: number;
  text: string;
  /** Lower-left corner in PDF points. */
  x: number;
  y: number;
  size: number;
}

/**
 * One edition of one official form: the template it fills, and the map from our fields to the
 * template's field names. An operator adds a newer edition by writing one of these (and vendoring
 * its template); the packet builder picks it through the {@link FormRegistry}, unchanged.
 */
export interface FormEdition<Input = any> {
  form: FormId;
  /** Title used for file names and the readiness report. */
  title: string;
  /** The edition as the PDF prints it: `Rev. December 2023`, `2025`. */
  edition: string;
  /** First tax year (by the year the tax year begins) the edition serves; newer editions win. */
  firstTaxYear: number;
  /** Template file name, e.g. `f5472.pdf`. */
  template: string;
  /** SHA-256 (hex) of the template the map was written against. */
  sha256: string;
  /** Our field key -> template field. Every key here is checked against the template. */
  fields: Readonly<Record<string, TemplateField>>;
  /** Our field key -> value for one copy of the form. Keys not in `fields` are a bug. */
  values(input: Input): Record<string, FieldValue | undefined>;
  /** Text drawn on the page outside the fields. */
  stamps?: (input: Input) => PageStamp[];
}

/**
 * The editions an installation knows, by form. `select` answers the newest edition that serves a
 * tax year beginning in `taxYear` (or the oldest one when none is that old), so adding a newer
 * edition needs no change to the code that builds packets.
 *
 * @example
 * ```ts
 * const registry = new FormRegistry([...DEFAULT_EDITIONS, form5472Rev2026]);
 * registry.select('5472', 2026).edition; // 'Rev. December 2026'
 * ```
 */
export class FormRegistry {
  readonly #byForm = new Map<FormId, FormEdition[]>();

  constructor(editions: readonly FormEdition[]) {
    for (const edition of editions) this.add(edition);
  }

  /** Adds an edition; two editions of one form may not share `firstTaxYear`. */
  add(edition: FormEdition): void {
    const list = this.#byForm.get(edition.form) ?? [];
    if (list.some((known) => known.firstTaxYear === edition.firstTaxYear)) {
      throw new Error(`Form ${edition.form} already has an edition for tax year ${edition.firstTaxYear}`);
    }
    list.push(edition);
    list.sort((a, b) => b.firstTaxYear - a.firstTaxYear);
    this.#byForm.set(edition.form, list);
  }

  /** The edition for a tax year beginning in `taxYear`; throws for a form with no edition. */
  select(form: FormId, taxYear: number | undefined): FormEdition {
    const list = this.#byForm.get(form);
    if (!list || list.length === 0) throw new Error(`No edition of form ${form} is installed`);
    if (taxYear === undefined) return list[0]!;
    return list.find((edition) => edition.firstTaxYear <= taxYear) ?? list[list.length - 1]!;
  }

  /** Every installed edition. */
  all(): FormEdition[] {
    return [...this.#byForm.values()].flat();
  }
}
