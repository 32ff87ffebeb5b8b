import type * as z from 'zod';
import type { FilingKindRecord, KindForm } from '../kinds/filing-kind.js';
import { FILING_KINDS, type FilingKind } from '../kinds/filing-kinds.js';

export type { KindForm, TransactionKindEntry } from '../kinds/filing-kind.js';

/** A kind's record with its form loaded (`record.form()`): what the tools of the kind are built from. */
export interface KindWithForm {
  record: FilingKindRecord;
  form: KindForm;
}

/** `records` with their forms, each loaded, in their order. */
export async function withForms(records: readonly FilingKindRecord[]): Promise<readonly KindWithForm[]> {
  const forms = await Promise.all(records.map((record) => record.form()));
  return Object.freeze(records.map((record, index) => Object.freeze({ record, form: forms[index]! })));
}

/**
 * Every kind of `FILING_KINDS` with its form, loaded as this module loads (top-level await): the
 * records, read at cold start, load no form; whatever reads a form (the tools, get_form_schema's
 * descriptor, the companion's field order) imports this module, and so loads every kind's with it.
 */
export const KINDS_WITH_FORMS: readonly KindWithForm[] = await withForms(FILING_KINDS);

/** The form of `kind`. */
export function kindForm(kind: FilingKind): KindForm {
  const found = KINDS_WITH_FORMS.find(({ record }) => record.kind === kind);
  if (found === undefined) throw new TypeError(`kind ${String(kind)} has no form`);
  return found.form;
}

/** The form_data schema of `kind`. */
export function formDataSchemaOf(kind: FilingKind): z.ZodObject<any> {
  return kindForm(kind).schema();
}
