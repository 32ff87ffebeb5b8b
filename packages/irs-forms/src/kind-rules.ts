/**
 * The rules record of a kind of filing: what one kind's return requires and how it is checked,
 * planned into a packet, dated and filed. Each kind has one (`single-member/rules.ts`,
 * `partnership/rules.ts`), listed once in KIND_RULES (`filing-kinds.ts`); the readiness check, the
 * packet plan and the filed record look a kind's record up there and never compare kinds. The
 * rules' IRS sources are in IRS_RULES.
 */
import type { DueDateRule } from './due-dates.js';
import type { FilingMethod } from './filed.js';
import type { FormId } from './form-edition.js';
import type { Lateness, Penalty } from './lateness.js';
import type { OmittedForm, PacketPart } from './packet-parts.js';
import type { PrepareElsewhere } from './partnership/prepare-elsewhere.js';
import type { WhereToFile } from './partnership/where-to-file.js';
import type { Withholding1446 } from './partnership/withholding-1446.js';
import type { InvalidField, LateFilingPath, MissingLine } from './readiness-types.js';

/** A top-level line a kind's return requires: empty, it is listed as missing. */
export type Requirement = { form: FormId; part?: string; line: string; field: string };

/** A form the filing needs. */
export type NeededForm = {
  form: string;
  title: string;
  edition: string | null;
  copies: number;
  included: boolean;
  /** Why a form the filing asks for is not in the packet. */
  reason?: string;
};

/** How the return reaches the IRS. */
export type HowToFile = {
  electronic_filing: string;
  fax: string | null;
  mail: string;
  summary: string;
  /** Partnership: each form's mailing address with the edition of the instructions it comes from. */
  where_to_file?: WhereToFile[];
};

/** One recommended step: what to do, why, and the IRS text it rests on. */
export type Recommendation = {
  item: string;
  reason: string;
  source: string;
};

/** Facts of the readiness check a kind's recommendations read. */
export interface RecommendationFacts {
  ready: boolean;
  overdue: boolean;
  days_late: number;
  due_date: string | null;
  /** The extended due date a Form 7004 filed by the due date would give (null when unknown). */
  extensionWouldGive: string | null;
  as_of: string;
  penalties: Penalty[];
}

/** How a return of a kind may be filed: the methods, and the rule they rest on with its source. */
export interface FilingMethods {
  methods: readonly FilingMethod[];
  rule: string;
  source: string;
}

/** What the readiness check hands a kind's own checks: the filing, its dates and the lists to add to. */
export interface KindCheckInput {
  formData: Record<string, unknown>;
  /** The day checked for, YYYY-MM-DD. */
  asOf: string;
  /** The original due date; null until the tax year end is known. */
  due: string | null;
  /** The due date in force: the extended one only for a Form 7004 filed by the original due date. */
  dueInForce: string | null;
  late: Lateness;
  /** A form the filing needs, with the edition the packet would use. */
  form(id: FormId, copies: number, included?: boolean): NeededForm;
  /** The required lines found empty so far; the kind's checks add theirs, in report order. */
  missing: MissingLine[];
  /** The values found invalid so far; the kind's checks add theirs, in report order. */
  invalid: InvalidField[];
}

/** Lines of the readiness report only some kinds have (the partnership's). */
export interface KindReport {
  withholding_1446?: Withholding1446;
  notes?: string[];
  prepare_elsewhere?: PrepareElsewhere[];
}

/** What a kind's checks find besides the missing and invalid lines. */
export interface KindFindings {
  /** The forms the filing needs, in the order check_filing lists them. */
  forms: NeededForm[];
  /** Each penalty that applies as of the day checked for. */
  penalties: Penalty[];
  /** For an overdue filing: the late-filing path; otherwise null. */
  lateFiling: LateFilingPath | null;
  /** The kind's own lines of the report; while `prepare_elsewhere` lists a form, it is not ready. */
  report?: KindReport;
}

/** A packet being planned: the parts so far and the means to add one. */
export interface PacketDraft {
  /** The day the packet is built for, YYYY-MM-DD. */
  readonly asOf: string;
  /** The parts planned so far, in filing order; a kind's plan pushes its statements and pages here. */
  readonly parts: PacketPart[];
  /** Forms asked for but left out, with the reason. */
  readonly omitted: OmittedForm[];
  /** The next part's number in the packet, `01`, `02`, ... */
  index(): string;
  /** Adds one copy of form `id` (the edition of the filing's tax year), its file named after `name`. */
  add(id: FormId, input: unknown, name: string | undefined): void;
}

/** How and where a kind's return is filed. */
export interface KindFiling {
  /** The return as a refusal names it, e.g. `A Form 1065`. */
  returnName: string;
  /** check_filing's how_to_file. */
  howToFile(formData: Record<string, unknown>): HowToFile;
  /** The methods the return is filed by (mark_filed accepts only these). */
  methods(formData: Record<string, unknown>): FilingMethods;
  /** Fields whose invalid value is a problem of a paper return only, not of an e-filed one. */
  paperOnlyFields: readonly string[];
  /** What a return filed incomplete is taken for, and the rule's source. */
  incomplete: { consequence: string; source: string };
}

/** The rules of one kind of filing. */
export interface KindRules<Kind extends string = string> {
  /** The kind, as the tools name it. */
  readonly kind: Kind;
  /** The top-level lines its return requires. */
  readonly required: readonly Requirement[];
  /** The form_data fields that must be real dates when given. */
  readonly dateFields: readonly string[];
  /** When its return is due, and what a Form 7004 adds. */
  readonly dueDates: DueDateRule;
  /** Its own checks, after the required lines and before the checks every kind shares. */
  check(input: KindCheckInput): KindFindings;
  /** Steps not required that a preparer would take; none when absent. */
  recommend?(formData: Record<string, unknown>, facts: RecommendationFacts): Recommendation[];
  /** Plans its packet's parts into `draft`, in filing order. */
  plan(formData: Record<string, unknown>, draft: PacketDraft): void;
  /** How and where its return is filed. */
  readonly filing: KindFiling;
  /**
   * Whether a packet not ready only for a paid preparer's work (forms to prepare elsewhere,
   * questions left for a preparer) carries one mark naming it instead of the draft mark on every
   * page (IRS_RULES.draftPackets).
   */
  readonly preparerMark: boolean;
}
