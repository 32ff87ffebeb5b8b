import { withPartnerIds } from '../forms/list-item-ids.js';
import { defineFilingKind, PACKET_DRAFT_NOTE } from './filing-kind.js';
import { partnershipMailInstead } from './mail-instead.js';

/**
 * The partnership filing (Form 1065, Schedule K-1, Forms 8804 and 8805): its rows in
 * `partnership_filings`, its tools, its companion pages under `/partnership/`. Its form
 * (`forms/partnership-kind-form.ts`) loads with the tools.
 */
export const partnershipKind = defineFilingKind({
  kind: 'partnership',
  table: 'partnership_filings',
  tools: {
    list: {
      name: 'list_partnership_filings',
      title: 'List partnership filings',
      description:
        'Lists your partnership (1065, K-1, 8804/8805) filings, newest first, shaped as list_filings’ (llc_name: the partnership). Answers { filings: [...] }.',
    },
    get: {
      name: 'get_partnership_filing',
      title: 'Get a partnership filing',
      description: 'Returns one partnership filing with its full partnership form_data.',
    },
    create: 'create_partnership_filing',
    update: 'update_partnership_filing',
    delete: {
      name: 'delete_partnership_filing',
      title: 'Delete a partnership filing',
      description: 'Deletes a partnership filing permanently. Answers { ok: true }.',
    },
    id: 'UUID of the partnership filing.',
  },
  formSchemaHint: 'get_form_schema with kind "partnership"',
  page: 'partnership',
  pageTitle: 'Partnership filing (1065, K-1, 8804 / 8805)',
  indexHeading: 'Partnerships',
  signedCopies: false,
  mailInstead: partnershipMailInstead,
  interviewBySchedule: true,
  // irs-forms builds no Form 7004 for a partnership yet (docs/payments.md).
  paidExtensionForm: false,
  errorName: 'a partnership filing',
  unnamed: 'your partnership',
  aliases: ['1065', 'form-1065'],
  packet: {
    uriTemplate: 'filing://partnership/{id}/packet.pdf',
    name: 'partnership-filing-packet',
    title: 'IRS forms of a partnership filing (PDF)',
    description: `The filled official IRS forms of one of your partnership filings: Form 1065 and a Schedule K-1 per partner. ${PACKET_DRAFT_NOTE}`,
    linkTitle: 'IRS forms of the partnership filing (PDF)',
    fileName: 'form-1065-packet',
  },
  form: () => import('../forms/partnership-kind-form.js').then((module) => module.partnershipKindForm),
  listItems: { list: 'partners', withIds: withPartnerIds },
});
