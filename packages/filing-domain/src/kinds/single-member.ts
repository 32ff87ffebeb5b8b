import { withRelatedPartyIds } from '../forms/list-item-ids.js';
import { defineFilingKind, PACKET_DRAFT_NOTE } from './filing-kind.js';

/**
 * The single-member foreign-owned LLC filing (Form 5472 with its pro forma 1120): its rows in
 * `filings`, its tools, its companion pages under `/filings/`. Its form
 * (`forms/single-member-kind-form.ts`) loads with the tools.
 */
export const singleMemberKind = defineFilingKind({
  kind: '5472',
  table: 'filings',
  tools: {
    list: {
      name: 'list_filings',
      title: 'List single-member filings',
      description: `Lists your single-member (5472/1120) filings, newest first: id, llc_name, ein, tax years, status, created_at, ready, due_date, overdue. Answers { filings: [...] }.`,
    },
    get: {
      name: 'get_filing',
      title: 'Get a single-member filing',
      description: 'Returns one single-member (5472/1120) filing with its full form_data.',
    },
    create: 'create_filing',
    update: 'update_filing',
    delete: {
      name: 'delete_filing',
      title: 'Delete a single-member filing',
      description: 'Deletes a single-member filing permanently. Answers { ok: true }.',
    },
    id: 'UUID of the filing.',
  },
  formSchemaHint: 'get_form_schema',
  page: 'filings',
  pageTitle: 'Form 5472 / 1120 filing',
  indexHeading: 'Form 5472 / 1120',
  signedCopies: true,
  mailInstead: null,
  interviewBySchedule: false,
  paidExtensionForm: true,
  errorName: 'a single-member (5472) filing',
  unnamed: 'your LLC',
  aliases: ['1120', '5472-1120', 'form-5472', 'form-5472-1120', 'single-member'],
  packet: {
    uriTemplate: 'filing://filings/{id}/packet.pdf',
    name: 'filing-packet',
    title: 'IRS forms of a single-member filing (PDF)',
    description: `The filled official IRS forms of one of your single-member filings: a cover page (how to sign and file), pro forma Form 1120, a Form 5472 per related party, Form 7004 and the late-filing letter when asked for. ${PACKET_DRAFT_NOTE}`,
    linkTitle: 'IRS forms of the single-member filing (PDF)',
    fileName: 'form-5472-packet',
  },
  form: () => import('../forms/single-member-kind-form.js').then((module) => module.singleMemberKindForm),
  listItems: { list: 'relatedParties', withIds: withRelatedPartyIds },
});
