import type * as z from 'zod';
import type { FilingKindRecord, KindForm } from '../kinds/filing-kind.js';
import { FILING_KINDS, type FilingKind } from '../kinds/filing-kinds.js';
import { partnershipKindForm } from './partnership-kind-form.js';
import { singleMemberKindForm } from './single-member-kind-form.js';

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
 * The form of each kind of `FILING_KINDS`, imported statically (one line a kind): the same objects
 * each record's `form()` loads (a test checks it). Whatever reads a form synchronously (the tools,
 * get_form_schema's descriptor, the companion's field order) imports this module and so loads every
 * kind's form; the records alone, read at cold start, load none. Statically rather than by a
 * top-level await of the records' loaders, so that the package stays loadable by `require()`.
 */
const FORMS_BY_KIND = {
  '5472': singleMemberKindForm,
  partnership: partnershipKindForm,
} as const satisfies Readonly<Record<FilingKind, KindForm>>;

const FORMS = new Map<string, KindForm>(Object.entries(FORMS_BY_KIND));

/** Every kind of `FILING_KINDS` with its form, in their order. */
export const KINDS_WITH_FORMS: readonly KindWithForm[] = Object.freeze(
  FILING_KINDS.map((record) => Object.freeze({ record, form: kindForm(record.kind) })),
);

/** The form of `kind`. */
export function kindForm(kind: FilingKind): KindForm {
  const form = FORMS.get(kind);
  if (form === undefined) throw new TypeError(`kind ${String(kind)} has no form`);
  return form;
}

/** The form_data schema of `kind`. */
export function formDataSchemaOf(kind: FilingKind): z.ZodObject<any> {
  return kindForm(kind).schema();
}
