import { TRANSACTION_KINDS, type TransactionKind } from '@filing-mcp/irs-forms/kinds';
import type * as z from 'zod';
import type { KindWrites } from '../kinds/filing-kind.js';
import type { FilingKind } from '../kinds/filing-kinds.js';
import { partnershipFormSchemas } from './partnership-form.js';
import { singleMemberFormSchemas } from './single-member-form.js';

/**
 * The form of one kind of filing: its form_data schema (built on first call) and what it is, with
 * what else only the tools read of the kind (its write tools' texts, its row mapping, its forms'
 * names: `KindWrites`), kept off the cold start with it.
 */
export interface KindForm extends KindWrites {
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
 * The form of each kind of `FILING_KINDS` (one line a kind): the half of a kind that loads zod and
 * only the tools read, kept apart so that the record itself (`kinds/<kind>.ts`) is read at cold
 * start without it.
 */
export const KIND_FORMS: Readonly<Record<FilingKind, KindForm>> = {
  '5472': {
    schema: () => singleMemberFormSchemas().singleMemberFormDataSchema,
    description:
      'form_data of a single-member foreign-owned LLC filing (forms 5472 and 1120). All fields are optional ' +
      'when creating a draft; dates are YYYY-MM-DD strings; fields not listed here are kept as given.',
    schemaExtras: () => ({ transaction_kinds: Object.freeze(transactionKinds()) as TransactionKindEntry[] }),
    write: {
      create: {
        title: 'Create a single-member filing',
        description:
          'Creates a single-member foreign-owned LLC filing (forms 5472, pro forma 1120), status completed; get_form_schema lists the form_data fields. llc_name, ein and tax years default to form_data’s. Answers { id, view_url, possible_duplicates: your filings of that EIN and year }.',
      },
      update: {
        title: 'Update a single-member filing',
        description:
          'Updates a single-member filing, the same fields as create_filing: objects merge field by field, a list is sent whole, null clears. Answers { id, view_url, removed }.',
      },
      updateAnswer: 'link',
      pathExample: 'relatedParties[0].partVII.line42a',
    },
    // The record keeps its own name, EIN and tax years: the tools take them, defaulting to form_data's.
    rows: {
      columns: {
        llc_name: 'llcName',
        ein: 'ein',
        tax_year_begin: 'taxYearBegin',
        tax_year_end: 'taxYearEnd',
      },
      columnArguments: true,
    },
    formNames: { '5472': 'Form 5472', '1120': 'Form 1120' },
  },
  partnership: {
    schema: () => partnershipFormSchemas().partnershipFormDataSchema,
    description:
      'form_data of a partnership filing (form 1065, Schedule K-1, forms 8804 and 8805). All fields are ' +
      'optional when creating a draft; dates are YYYY-MM-DD strings; fields not listed here are kept as given.',
    write: {
      create: {
        title: 'Create a partnership filing',
        description:
          'Creates a partnership filing (1065, K-1, 8804/8805), status completed; get_form_schema with kind "partnership" lists the form_data fields. llc_name is partnershipName. Answers { id, view_url, possible_duplicates: your filings of that EIN and year }.',
      },
      update: {
        title: 'Update a partnership filing',
        description:
          'Updates a partnership filing, the same fields as create_partnership_filing: objects merge field by field, a list is sent whole, null clears; llc_name, ein and tax years follow. Answers { ok, removed }.',
      },
      updateAnswer: 'ok',
      pathExample: 'partners[0].shares.profitEnding',
    },
    // The record's name, EIN and tax years follow form_data.
    rows: {
      columns: {
        llc_name: 'partnershipName',
        ein: 'ein',
        tax_year_begin: 'taxYearBegin',
        tax_year_end: 'taxYearEnd',
      },
      columnArguments: false,
    },
    formNames: { '1065': 'Form 1065', '1065-K1': 'Schedule K-1 (Form 1065)' },
  },
};

/** The form_data schema of `kind`. */
export function formDataSchemaOf(kind: FilingKind): z.ZodObject<any> {
  return KIND_FORMS[kind].schema();
}
