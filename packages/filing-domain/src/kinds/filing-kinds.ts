import type { FilingKind as IrsFormsFilingKind } from '@filing-mcp/irs-forms';
import { type ListItemIds, withPartnerIds, withRelatedPartyIds } from '../forms/list-item-ids.js';
import { type MailInstead, partnershipMailInstead } from './mail-instead.js';

/** A tool's name, title and description. */
export interface ToolTexts {
  name: string;
  title: string;
  description: string;
}

/**
 * Everything that differs between two kinds of filing outside their forms: where the rows live,
 * what the tools are called, where the companion shows them, how the packet resource is named.
 * The form schema of a kind sits beside its form (`forms/kind-forms.ts`), so that this record loads
 * no zod: the cold start reads it.
 */
export interface FilingKindRecord {
  /** The table its rows live in (one shape for every kind: `storage/database.ts`). */
  table: string;
  /**
   * The kind's tools (list, get, delete share one logic; create and update are the form's), in
   * `tools/list` order; `id` is the description of their `id` argument.
   */
  tools: {
    list: ToolTexts;
    get: ToolTexts;
    create: string;
    update: string;
    delete: ToolTexts;
    id: string;
  };
  /** Where the get_form_schema hint in a create tool's advertised input points. */
  formSchemaHint: string;
  /** The companion's path segment: `{app_url}/{page}/{id}` (view) and `{app_url}/{page}/{id}/pdf`. */
  page: string;
  /** The companion page's heading. */
  pageTitle: string;
  /** The heading of the kind's table on the companion's index of filings. */
  indexHeading: string;
  /**
   * Whether the signed return is sent from here: the companion's filing page takes the signed copy
   * and send_fax faxes it (a 1065 is mailed: send_fax says where).
   */
  signedCopies: boolean;
  /** For a kind send_fax does not fax, its answer: where to mail the return instead; null when it faxes it. */
  mailInstead: MailInstead | null;
  /**
   * Whether complete_filing asks schedule by schedule (a form a schedule, counting what no form
   * can ask too) rather than in rounds of a form's size.
   */
  interviewBySchedule: boolean;
  /** Whether a paid extension (buy_extension) puts its Form 7004 in the packet. */
  paidExtensionForm: boolean;
  /** How an error names a filing of this kind: `a partnership filing`. */
  errorName: string;
  /** What complete_filing calls a filing with no name yet. */
  unnamed: string;
  /** Spellings of the kind agents use (lower case), beside the key itself. */
  aliases: readonly string[];
  /** The packet: its MCP resource, its resource_link, the signed download's file name. */
  packet: {
    uriTemplate: string;
    name: string;
    title: string;
    description: string;
    linkTitle: string;
    fileName: string;
  };
  /** The lists of form_data whose items carry ids, and how an update keeps them. */
  listItems: ListItemIds;
}

const DRAFT_NOTE =
  '{id} is the filing id; run check_filing first: until it answers ready the PDF is a draft, every page marked DRAFT: NOT READY TO FILE (a partnership that lacks only a paid preparer’s work: one mark on its first page says what it lacks).';

/**
 * One record per filing kind, keyed by the kind the spec names (`5472`, `partnership`), in
 * `tools/list` order. Tools, resources, the repository and the companion pages iterate it: adding a
 * kind is a record here, its form (`forms/kind-forms.ts`), its table's migration, and the rules of
 * its forms in irs-forms (`FilingKind` there must stay the same union: checked below).
 */
export const FILING_KINDS = {
  '5472': {
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
      description: `The filled official IRS forms of one of your single-member filings: a cover page (how to sign and file), pro forma Form 1120, a Form 5472 per related party, Form 7004 and the late-filing letter when asked for. ${DRAFT_NOTE}`,
      linkTitle: 'IRS forms of the single-member filing (PDF)',
      fileName: 'form-5472-packet',
    },
    listItems: { list: 'relatedParties', withIds: withRelatedPartyIds },
  },
  partnership: {
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
      description: `The filled official IRS forms of one of your partnership filings: Form 1065 and a Schedule K-1 per partner. ${DRAFT_NOTE}`,
      linkTitle: 'IRS forms of the partnership filing (PDF)',
      fileName: 'form-1065-packet',
    },
    listItems: { list: 'partners', withIds: withPartnerIds },
  },
} as const satisfies Readonly<Record<string, FilingKindRecord>>;

/** A kind of filing: a key of {@link FILING_KINDS} (`5472`: single-member 5472/1120; `partnership`). */
export type FilingKind = keyof typeof FILING_KINDS;

/** The table a kind of filing lives in. */
export type FilingTableName = (typeof FILING_KINDS)[FilingKind]['table'];

/** Every kind, in `tools/list` order. */
export const FILING_KIND_LIST = Object.freeze(Object.keys(FILING_KINDS) as FilingKind[]);

/** Whether `value` is a kind of {@link FILING_KINDS} (its key, not an alias). */
export function isFilingKind(value: unknown): value is FilingKind {
  return typeof value === 'string' && Object.hasOwn(FILING_KINDS, value);
}

/** The kind whose companion pages live under `/{page}/` (`filings`, `partnership`), if any. */
export function kindOfPage(page: string | undefined): FilingKind | undefined {
  return FILING_KIND_LIST.find((kind) => FILING_KINDS[kind].page === page);
}

/** The kind a tool that takes a kind assumes when none is given. */
export const DEFAULT_FILING_KIND: FilingKind = '5472';

// irs-forms sits below this package and names the kinds it builds packets for itself: the two
// unions must stay the same (a compile error here when a kind is added to one only).
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const sameKinds: Same<FilingKind, IrsFormsFilingKind> = true;
void sameKinds;
