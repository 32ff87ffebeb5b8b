import { TRANSACTION_KINDS, type TransactionKind } from '@filing-mcp/irs-forms/kinds';
import type * as z from 'zod';
import type { FilingKind } from '../kinds/filing-kinds.js';
import { partnershipFormSchemas } from './partnership-form.js';
import { singleMemberFormSchemas } from './single-member-form.js';

/** The form of one kind of filing: its form_data schema (built on first call) and what it is. */
export interface KindForm {
  /** The form_data schema, built on the first call; the same instance after. */
  schema(): z.ZodObject<any>;
  /** get_form_schema's `description` of the kind. */
  description: string;
  /** What else get_form_schema answers for the kind (5472: `transaction_kinds`). */
  schemaExtras?: () => { transaction_kinds?: TransactionKindEntry[] };
}

/** One transaction kind as get_form_schema lists it: its Part IV line (or Part V) and label. */
export type TransactionKindEntry = {
  kind: string;
  part: string;
  line: string;
  label: string;
  example?: string;
};

/** The single-member transaction kinds, each with its Form 5472 line and the form's label. */
function transactionKinds(): TransactionKindEntry[] {
  return Object.entries(TRANSACTION_KINDS).map(([kind, entry]) => {
    const { part, line, title } = entry as TransactionKind;
    const example = (entry as TransactionKind).example;
    return Object.freeze({ kind, part, line, label: title, ...(example ? { example } : {}) });
  });
}

/**
 * The form of each kind of `FILING_KINDS`: the half of a kind's record that loads zod, kept
 * apart so that the record itself is read at cold start without it.
 */
export const KIND_FORMS: Readonly<Record<FilingKind, KindForm>> = {
  '5472': {
    schema: () => singleMemberFormSchemas().singleMemberFormDataSchema,
    description:
      'form_data of a single-member foreign-owned LLC filing (forms 5472 and 1120). All fields are optional ' +
      'when creating a draft; dates are YYYY-MM-DD strings; fields not listed here are kept as given.',
    schemaExtras: () => ({ transaction_kinds: Object.freeze(transactionKinds()) as TransactionKindEntry[] }),
  },
  partnership: {
    schema: () => partnershipFormSchemas().partnershipFormDataSchema,
    description:
      'form_data of a partnership filing (form 1065, Schedule K-1, forms 8804 and 8805). All fields are ' +
      'optional when creating a draft; dates are YYYY-MM-DD strings; fields not listed here are kept as given.',
  },
};

/** The form_data schema of `kind`. */
export function formDataSchemaOf(kind: FilingKind): z.ZodObject<any> {
  return KIND_FORMS[kind].schema();
}
