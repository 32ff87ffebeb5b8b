import { TRANSACTION_KINDS, type TransactionKind } from '@filing-mcp/irs-forms/kinds';
import { defineKindForm, type TransactionKindEntry } from '../kinds/filing-kind.js';
import { singleMemberFormSchemas } from './single-member-form.js';

/** The single-member transaction kinds, each with its Form 5472 line and the form's label. */
function transactionKinds(): TransactionKindEntry[] {
  return Object.entries(TRANSACTION_KINDS).map(([kind, entry]) => {
    const { part, line, title } = entry as TransactionKind;
    const example = (entry as TransactionKind).example;
    return Object.freeze({ kind, part, line, label: title, ...(example ? { example } : {}) });
  });
}

/**
 * The form of the single-member filing (`kinds/single-member.ts`, whose `form` loads this module
 * with the tools, not at cold start): its form_data schema, its write tools' texts, its row mapping,
 * its forms' names.
 */
export const singleMemberKindForm = defineKindForm({
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
});
