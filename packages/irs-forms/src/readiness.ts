import { InvalidAsOfError } from './irs-forms-error.js';
import { addMonths, filingDueDates, isRealDate } from './due-dates.js';
import { type FilingKind, rulesOf } from './filing-kinds.js';
import type { FormId, FormRegistry } from './form-edition.js';
import type { HowToFile, KindFindings, KindRules, NeededForm, Recommendation } from './kind-rules.js';
import { defaultFormRegistry } from './packet-plan.js';
import { codePointLabel, unprintableValues } from './printable-text.js';
import { form7004LateReason, type Lateness, lateness, type Penalty, todayUtc } from './lateness.js';
import type { PrepareElsewhere } from './partnership/prepare-elsewhere.js';
import type { Withholding1446 } from './partnership/withholding-1446.js';
import { isEmpty } from './readiness-types.js';

export type { HowToFile, NeededForm, Recommendation } from './kind-rules.js';

export { PART_VII_QUESTIONS, type PartVIIQuestion } from './single-member/part-vii.js';
export {
  RELATIONSHIPS,
  TRANSACTION_KINDS,
  type TransactionKind,
} from './single-member/transaction-kinds.js';

export { IRS_RULES, type IrsRule } from './irs-rules.js';
export type { InvalidField, LateFilingPath, MissingLine } from './readiness-types.js';
import type { InvalidField, LateFilingPath, MissingLine } from './readiness-types.js';

/** The readiness report of a filing (check_filing's structuredContent). */
export type FilingReadiness = {
  kind: FilingKind;
  ready: boolean;
  missing: MissingLine[];
  invalid: InvalidField[];
  forms: NeededForm[];
  due_date: string | null;
  extended_due_date: string | null;
  how_to_file: HowToFile;
  /** The day the check is made for, YYYY-MM-DD. */
  as_of: string;
  /** True when as_of is after the due date in force. */
  overdue: boolean;
  /** Days after the due date in force; 0 when not late. */
  days_late: number;
  /** Each penalty that applies as of as_of. */
  penalties: Penalty[];
  /** For an overdue filing: the late-filing path and the fields it needs; otherwise null. */
  late_filing: LateFilingPath | null;
  /**
   * Why extended_due_date is null although a Form 7004 was asked for or filed (filed after the
   * original due date, or left out of the packet); absent otherwise.
   */
  extended_due_date_reason?: string;
  /** Steps not required but that a preparer would take, each with its reason and source. */
  recommended: Recommendation[];
  /** Partnership only: section 1446 withholding. */
  withholding_1446?: Withholding1446;
  /** Partnership only: what the packet does not generate, and other things to know. */
  notes?: string[];
  /**
   * Partnership only: forms the return needs that the packet does not hold, each with the reason
   * and its source; while any is listed, `ready` is false.
   */
  prepare_elsewhere?: PrepareElsewhere[];
};

function taxYearProblems(
  dateFields: readonly string[],
  formData: Record<string, unknown>,
  invalid: InvalidField[],
): void {
  for (const field of dateFields) {
    const value = formData[field];
    if (value !== undefined && value !== null && value !== '' && !isRealDate(value)) {
      invalid.push({ field, message: 'must be a real date in YYYY-MM-DD form' });
    }
  }
  const { taxYearBegin: begin, taxYearEnd: end } = formData;
  if (!isRealDate(begin) || !isRealDate(end)) return;
  if (end <= begin) {
    invalid.push({ field: 'taxYearEnd', message: 'the tax year must end after it begins' });
  } else if (end >= addMonths(begin, 12)) {
    invalid.push({ field: 'taxYearEnd', message: 'a tax year is at most 12 months' });
  }
}

function einProblem(formData: Record<string, unknown>, invalid: InvalidField[]): void {
  const ein = formData.ein;
  if (typeof ein === 'string' && ein.trim() !== '' && !/^\d{2}-\d{7}$/.test(ein.trim())) {
    invalid.push({ field: 'ein', message: 'an EIN is nine digits written NN-NNNNNNN, e.g. 12-3456789' });
  }
}

/** The checks every kind shares, after its own: the EIN, the dates and the printable text. */
function sharedProblems(rules: KindRules, formData: Record<string, unknown>, invalid: InvalidField[]): void {
  einProblem(formData, invalid);
  taxYearProblems(rules.dateFields, formData, invalid);
  for (const value of unprintableValues(formData)) {
    invalid.push({
      field: value.field,
      message: `holds "${value.character}" (${codePointLabel(value.character)}), which the IRS forms cannot print: enter it in English (Latin letters)`,
    });
  }
}

/** The required top-level lines of the kind that are empty. */
function missingRequired(rules: KindRules, formData: Record<string, unknown>): MissingLine[] {
  return rules.required
    .filter((requirement) => isEmpty(formData[requirement.field]))
    .map((requirement) => ({ ...requirement }));
}

/**
 * The extended due date in force or to be (IRS_RULES.extendedDueDateInForce): a Form 7004 filed by
 * the original due date, or one still to be filed by then; null with the reason when the Form 7004
 * was filed late or can no longer be filed in time.
 */
function extendedDueDate(
  formData: Record<string, unknown>,
  due: string | null,
  extension: string | null,
  asOf: string,
): { extended: string | null; reason?: string } {
  if (due === null || extension === null) return { extended: extension };
  const filed = formData.form7004FiledDate;
  if (isRealDate(filed)) {
    if (filed <= due) return { extended: extension };
    return {
      extended: null,
      reason: `The Form 7004 was filed on ${filed}, after the original due date (${due}): filed late it extends nothing.`,
    };
  }
  if (asOf > due) return { extended: null, reason: form7004LateReason(due, asOf) };
  return { extended: extension };
}

/** A filing's dates as of a day: the due dates, the one in force, and whether it is late. */
interface FilingDates {
  due: string | null;
  extended: string | null;
  extendedReason?: string;
  dueInForce: string | null;
  late: Lateness;
}

function filingDates(rules: KindRules, formData: Record<string, unknown>, asOf: string): FilingDates {
  const { due, extended: extension } = filingDueDates(rules.dueDates, formData);
  // The extended date is in force only for a Form 7004 filed by the original due date.
  const filed = formData.form7004FiledDate;
  const dueInForce =
    due !== null && extension !== null && isRealDate(filed) && filed <= due ? extension : due;
  const { extended, reason } = extendedDueDate(formData, due, extension, asOf);
  return { due, extended, extendedReason: reason, dueInForce, late: lateness(dueInForce, asOf) };
}

/** The forms a filing needs, each with the edition of its tax year the packet would use. */
function neededForm(registry: FormRegistry, formData: Record<string, unknown>) {
  const taxYear = isRealDate(formData.taxYearBegin) ? Number(formData.taxYearBegin.slice(0, 4)) : undefined;
  return (id: FormId, copies: number, included = true): NeededForm => {
    const edition = registry.select(id, taxYear);
    return { form: id, title: edition.title, edition: edition.edition, copies, included };
  };
}

/** The steps the kind recommends (none when its rules have none). */
function recommendations(
  rules: KindRules,
  formData: Record<string, unknown>,
  facts: { ready: boolean; dates: FilingDates; asOf: string; findings: KindFindings },
): Recommendation[] {
  if (rules.recommend === undefined) return [];
  const { ready, dates, asOf, findings } = facts;
  return rules.recommend(formData, {
    ready,
    overdue: dates.late.overdue,
    days_late: dates.late.days_late,
    due_date: dates.due,
    extensionWouldGive: filingDueDates(rules.dueDates, { ...formData, generateForm7004: true }).extended,
    as_of: asOf,
    penalties: findings.penalties,
  });
}

/**
 * The readiness of a filing: required lines that are empty, values in the wrong format, the forms
 * the filing needs (with the editions the packet would use), the due dates and how to file. Pure:
 * no PDF work, so it costs microseconds. Rules and their IRS sources are in {@link IRS_RULES}; the
 * steps that differ by kind are its KindRules (`single-member/rules.ts`, `partnership/rules.ts`).
 */
export function checkFilingReadiness(
  kind: FilingKind,
  formData: Record<string, unknown>,
  registry: FormRegistry = defaultFormRegistry(),
  asOf: string = todayUtc(),
): FilingReadiness {
  if (!isRealDate(asOf)) throw new InvalidAsOfError(asOf);
  const rules = rulesOf(kind);
  const missing = missingRequired(rules, formData);
  const invalid: InvalidField[] = [];
  const dates = filingDates(rules, formData, asOf);
  const findings = rules.check({
    formData,
    asOf,
    due: dates.due,
    dueInForce: dates.dueInForce,
    late: dates.late,
    form: neededForm(registry, formData),
    missing,
    invalid,
  });
  sharedProblems(rules, formData, invalid);
  const ready =
    missing.length === 0 && invalid.length === 0 && (findings.report?.prepare_elsewhere ?? []).length === 0;
  return {
    kind,
    ready,
    missing,
    invalid,
    forms: findings.forms,
    due_date: dates.due,
    extended_due_date: dates.extended,
    ...(dates.extendedReason === undefined ? {} : { extended_due_date_reason: dates.extendedReason }),
    recommended: recommendations(rules, formData, { ready, dates, asOf, findings }),
    how_to_file: rules.filing.howToFile(formData),
    as_of: asOf,
    overdue: dates.late.overdue,
    days_late: dates.late.days_late,
    penalties: findings.penalties,
    late_filing: findings.lateFiling,
    ...findings.report,
  };
}
