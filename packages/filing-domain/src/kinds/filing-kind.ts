import type * as z from 'zod';
import type { ListItemIds } from '../forms/list-item-ids.js';
import type { MailInstead } from './mail-instead.js';

/** A tool's name, title and description. */
export interface ToolTexts {
  name: string;
  title: string;
  description: string;
}

/** A write tool's title and description (its name is in `tools`). */
export interface WriteToolTexts {
  title: string;
  description: string;
}

/** The record's columns a kind's rows carry beside form_data (one shape for every kind's table). */
export type FilingColumn = 'llc_name' | 'ein' | 'tax_year_begin' | 'tax_year_end';

/**
 * How a kind's form_data maps onto its row: which top-level form_data field each column follows.
 * With `columnArguments`, the create and update tools also take the columns as arguments, which win
 * over form_data, and an update sets a column from the argument or the field sent (the row may then
 * differ from its form_data, which a later update must not undo). Without, an update recomputes every
 * column from the merged form_data in the same statement, keeping the row's value where the merged
 * form_data has none (or no date).
 */
export interface FilingRowMapping {
  columns: Readonly<Record<FilingColumn, string>>;
  columnArguments: boolean;
}

/**
 * Everything that differs between two kinds of filing: where the rows live, what the tools are
 * called, where the companion shows them, how the packet resource is named, and its form. What only
 * the tools read (the form schema, the write tools' texts, the row mapping, the forms' names:
 * {@link KindForm}) is the lazy part `form`, a module of its own loaded with the tools, so that this
 * record loads no zod and stays small: the cold start reads it.
 */
export interface FilingKindRecord {
  /** The kind the spec names (`5472`, `partnership`): the key tools and packets take. */
  kind: string;
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
  /**
   * Loads its form (`forms/<kind>-kind-form.ts`) on first use; the cold start never calls it. The
   * tools and the form's readers import `forms/kind-forms.ts`, which imports every kind's form
   * statically: the same object.
   */
  form: () => Promise<KindForm>;
}

/** What a kind's write tools and its rows read of its form ({@link KindForm}) beside its schema. */
export interface KindWrites {
  /**
   * The create and update tools' texts; `updateAnswer` is what update answers beside `removed`
   * (`link`: `{ id, view_url }`, `ok`: `{ ok: true }`); `pathExample` a check_filing path the
   * update's form_data may use as a key.
   */
  write: {
    create: WriteToolTexts;
    update: WriteToolTexts;
    updateAnswer: 'link' | 'ok';
    pathExample: string;
  };
  /** How form_data maps onto the row's columns. */
  rows: FilingRowMapping;
  /** The names of its IRS forms as check_filing names them (`1065-K1`: Schedule K-1 (Form 1065)). */
  formNames: Readonly<Record<string, string>>;
}

/**
 * The form of one kind of filing, the lazy part of its record (`FilingKindRecord.form`): its
 * form_data schema (built on first call) and what it is, with what else only the tools read of the
 * kind (its write tools' texts, its row mapping, its forms' names), kept off the cold start with it.
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

/** A kind's form, frozen: what `forms/<kind>-kind-form.ts` exports and its record's `form` loads. */
export function defineKindForm(form: KindForm): Readonly<KindForm> {
  return Object.freeze(form);
}

/**
 * A kind of filing's record, frozen: what `kinds/<kind>.ts` exports and `FILING_KINDS` lists. Its
 * table must be an SQL identifier (`[a-z][a-z0-9_]*`; the statements and migrations of
 * `storage/` check it where they write it) and its page one path segment.
 */
export function defineFilingKind<const Record extends FilingKindRecord>(record: Record): Readonly<Record> {
  return Object.freeze(record);
}

/** What every packet resource's description ends with: a packet is a draft until check_filing is ready. */
export const PACKET_DRAFT_NOTE =
  '{id} is the filing id; run check_filing first: until it answers ready the PDF is a draft, every page marked DRAFT: NOT READY TO FILE (a partnership that lacks only a paid preparer’s work: one mark on its first page says what it lacks).';
