import { defineKindForm } from '../kinds/filing-kind.js';
import { partnershipFormSchemas } from './partnership-form.js';

/**
 * The form of the partnership filing (`kinds/partnership.ts`, whose `form` loads this module with
 * the tools, not at cold start): its form_data schema, its write tools' texts, its row mapping, its
 * forms' names.
 */
export const partnershipKindForm = defineKindForm({
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
});
