import type { WhereToFile } from './partnership/where-to-file.js';
import { InvalidAsOfError } from './irs-forms-error.js';
import { addMonths, filingDueDates, isRealDate } from './due-dates.js';
import type { FormId } from './form-edition.js';
import type { FormRegistry } from './form-edition.js';
import type { PartnershipInput, SingleMemberInput } from './filing-input.js';
import { defaultFormRegistry, type FilingKind } from './packet-plan.js';
import { codePointLabel, unprintableValues } from './printable-text.js';
import { form7004LateReason, lateness, type Penalty, todayUtc } from './lateness.js';
import { checkSingleMember, form5472Penalties, isEmpty } from './single-member/single-member-readiness.js';
import { printedValueProblems } from './single-member/printed-values.js';
import { FOREIGN_OWNED_DE_ADDRESS, FOREIGN_OWNED_DE_FAX } from './single-member/de-filing-address.js';
import { form5472Recommendations, type Recommendation } from './single-member/recommendations.js';

export type { Recommendation } from './single-member/recommendations.js';

export { PART_VII_QUESTIONS, type PartVIIQuestion } from './single-member/part-vii.js';
export { RELATIONSHIPS, TRANSACTION_KINDS, type TransactionKind } from './single-member/transaction-kinds.js';
import {
  lateFilingPenalty,
  partnershipFigureProblems,
  partnershipHowToFile,
  partnershipNotes,
} from './partnership/partnership-readiness.js';
import { late1065Path } from './partnership/penalties-1065.js';
import { type Withholding1446, withholding1446 } from './partnership/withholding-1446.js';
import type { PrepareElsewhere } from './partnership/prepare-elsewhere.js';
import { scheduleReadiness } from './partnership/schedule-readiness.js';

export { IRS_RULES, type IrsRule } from './irs-rules.js';
export type { InvalidField, LateFilingPath, MissingLine } from './readiness-types.js';
import { IRS_RULES } from './irs-rules.js';
import type { InvalidField, LateFilingPath, MissingLine } from './readiness-types.js';
import { late5472Path } from './single-member/late-5472.js';

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

type Requirement = { form: FormId; part?: string; line: string; field: string };

/** Required top-level lines of a single-member filing (rules allOfPartI, partII, proForma1120). */
const SINGLE_MEMBER_REQUIRED: readonly Requirement[] = [
  { form: '5472', part: 'header', line: 'header: beginning', field: 'taxYearBegin' },
  { form: '5472', part: 'header', line: 'header: ending', field: 'taxYearEnd' },
  { form: '5472', part: 'I', line: '1a', field: 'llcName' },
  { form: '5472', part: 'I', line: '1a (street)', field: 'llcStreet' },
  { form: '5472', part: 'I', line: '1a (city, state, ZIP)', field: 'llcCity' },
  { form: '5472', part: 'I', line: '1b', field: 'ein' },
  { form: '5472', part: 'I', line: '1c', field: 'totalAssets' },
  { form: '5472', part: 'I', line: '1d', field: 'businessActivity' },
  { form: '5472', part: 'I', line: '1e', field: 'businessActivityCode' },
  { form: '5472', part: 'I', line: '1l', field: 'countryIncorporation' },
  { form: '5472', part: 'I', line: '1m', field: 'dateIncorporation' },
  { form: '5472', part: 'I', line: '1n', field: 'taxResidentCountry' },
  { form: '5472', part: 'I', line: '1o', field: 'principalBusinessCountries' },
  { form: '5472', part: 'II', line: '4a', field: 'ownerName' },
  { form: '5472', part: 'II', line: '4a (address)', field: 'ownerStreet' },
  { form: '5472', part: 'II', line: '4a (address)', field: 'ownerCity' },
  { form: '5472', part: 'II', line: '4c', field: 'ownerBusinessCountries' },
  { form: '5472', part: 'II', line: '4d', field: 'ownerCitizenship' },
  { form: '5472', part: 'II', line: '4e', field: 'ownerTaxResidentCountry' },
];

/** Required top-level lines of a partnership filing (Form 1065 header and items A-H). */
const PARTNERSHIP_REQUIRED: readonly Requirement[] = [
  { form: '1065', line: 'header: beginning', field: 'taxYearBegin' },
  { form: '1065', line: 'header: ending', field: 'taxYearEnd' },
  { form: '1065', line: 'Name of partnership', field: 'partnershipName' },
  { form: '1065', line: 'Number and street', field: 'street' },
  { form: '1065', line: 'City or town', field: 'city' },
  { form: '1065', line: 'State or province', field: 'state' },
  { form: '1065', line: 'ZIP or foreign postal code', field: 'zip' },
  { form: '1065', line: 'A', field: 'businessActivity' },
  { form: '1065', line: 'C', field: 'businessActivityCode' },
  { form: '1065', line: 'D', field: 'ein' },
  { form: '1065', line: 'E', field: 'dateBusinessStarted' },
  { form: '1065', line: 'F', field: 'totalAssets' },
  { form: '1065', line: 'H', field: 'accountingMethod' },
];

/** The date fields of each kind: the 1065 has item E, not the 1120's item C; both have a signing date. */
const DATE_FIELDS: Record<FilingKind, readonly string[]> = {
  '5472': ['taxYearBegin', 'taxYearEnd', 'dateIncorporation', 'signatureDate', 'form7004FiledDate'],
  partnership: ['taxYearBegin', 'taxYearEnd', 'dateBusinessStarted', 'signatureDate', 'form7004FiledDate'],
};

function taxYearProblems(kind: FilingKind, formData: Record<string, unknown>, invalid: InvalidField[]): void {
  const fields = DATE_FIELDS[kind];
  for (const field of fields) {
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

const DE_HOW_TO_FILE: HowToFile = {
  electronic_filing: 'not available: a foreign-owned U.S. DE cannot e-file Form 5472 with its pro forma 1120',
  fax: FOREIGN_OWNED_DE_FAX,
  mail: FOREIGN_OWNED_DE_ADDRESS,
  summary: IRS_RULES.foreignOwnedDeFiling.rule,
};

const PARTNERSHIP_HOW_TO_FILE: HowToFile = {
  electronic_filing:
    'through an IRS authorized e-file provider (required with more than 100 partners); this service does not e-file',
  fax: null,
  mail: 'the IRS service center listed under Where To File in the Form 1065 instructions for the partnership’s state and total assets',
  summary: IRS_RULES.partnershipFiling.rule,
};

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

/**
 * The readiness of a filing: required lines that are empty, values in the wrong format, the forms
 * the filing needs (with the editions the packet would use), the due dates and how to file. Pure:
 * no PDF work, so it costs microseconds. Rules and their IRS sources are in {@link IRS_RULES}.
 */
export function checkFilingReadiness(
  kind: FilingKind,
  formData: Record<string, unknown>,
  registry: FormRegistry = defaultFormRegistry(),
  asOf: string = todayUtc(),
): FilingReadiness {
  if (!isRealDate(asOf)) throw new InvalidAsOfError(asOf);
  const missing: MissingLine[] = [];
  const invalid: InvalidField[] = [];
  const forms: NeededForm[] = [];
  const taxYear = isRealDate(formData.taxYearBegin) ? Number(formData.taxYearBegin.slice(0, 4)) : undefined;
  const form = (id: FormId, copies: number, included = true): NeededForm => {
    const edition = registry.select(id, taxYear);
    return { form: id, title: edition.title, edition: edition.edition, copies, included };
  };

  const required = kind === '5472' ? SINGLE_MEMBER_REQUIRED : PARTNERSHIP_REQUIRED;
  for (const requirement of required) {
    if (isEmpty(formData[requirement.field])) missing.push({ ...requirement });
  }

  const { due, extended: extension } = filingDueDates(kind, formData);
  // The extended date is in force only for a Form 7004 filed by the original due date.
  const filed7004 = formData.form7004FiledDate;
  const dueInForce =
    due !== null && extension !== null && isRealDate(filed7004) && filed7004 <= due ? extension : due;
  const { extended, reason: extendedReason } = extendedDueDate(formData, due, extension, asOf);
  const late = lateness(dueInForce, asOf);
  const penalties: Penalty[] = [];
  let lateFiling: LateFilingPath | null = null;
  let partnership:
    | Pick<FilingReadiness, 'withholding_1446' | 'notes' | 'how_to_file' | 'prepare_elsewhere'>
    | undefined;

  if (kind === '5472') {
    const filing = formData as SingleMemberInput;
    const parties = Array.isArray(filing.relatedParties) ? filing.relatedParties : [];
    checkSingleMember(filing, missing, invalid);
    printedValueProblems(filing, asOf, invalid);
    const formCount = Math.max(parties.length, 1);
    forms.push(form('1120', 1), form('5472', formCount));
    if (filing.generateForm7004 === true || filing.form7004Paid === true) {
      const tooLate = due !== null && asOf > due;
      const entry = form('7004', 1, !tooLate);
      if (tooLate) {
        entry.reason = form7004LateReason(due, asOf);
        // Asked for by the user, a Form 7004 too late is an error; paid for, it is just left out.
        if (filing.generateForm7004 === true && !(isRealDate(filed7004) && filed7004 <= due)) {
          invalid.push({
            field: 'generateForm7004',
            message: `${entry.reason} Set generateForm7004 to false and file late with the reasonable-cause letter (generateLateFilingLetter, lateFilingReason).`,
          });
        }
      }
      forms.push(entry);
    }
    if (late.overdue) {
      penalties.push(...form5472Penalties(formCount, filing, dueInForce!));
      lateFiling = late5472Path(filing, dueInForce!, late.days_late, asOf, missing, invalid);
    }
  } else {
    const filing = formData as PartnershipInput;
    const partners = Array.isArray(filing.partners) ? filing.partners : [];
    if (partners.length === 0) missing.push({ form: '1065', line: 'I', field: 'partners' });
    partners.forEach((partner, index) => {
      if (isEmpty(partner?.name))
        missing.push({ form: '1065-K1', line: 'F', field: `partners[${index}].name` });
      if (typeof partner?.isForeign !== 'boolean') {
        missing.push({ form: '1065-K1', line: 'H1', field: `partners[${index}].isForeign` });
      }
    });
    forms.push(form('1065', 1), form('1065-K1', partners.length));
    const foreignPartners = partners.filter((partner) => partner?.isForeign === true).length;
    if (foreignPartners > 0) {
      forms.push(
        { form: '8804', title: 'Form 8804', edition: null, copies: 1, included: false },
        { form: '8805', title: 'Form 8805', edition: null, copies: foreignPartners, included: false },
        { form: '8813', title: 'Form 8813', edition: null, copies: 4, included: false },
      );
    }
    const problems = partnershipFigureProblems(filing);
    const schedules = scheduleReadiness(filing, { overdue: late.overdue });
    missing.push(
      ...problems.missing.filter((line) => !schedules.computed.includes(line.field)),
      ...schedules.missing,
    );
    invalid.push(...problems.invalid, ...schedules.invalid);
    const penalty = dueInForce === null ? undefined : lateFilingPenalty(filing, dueInForce, asOf);
    if (penalty) penalties.push(penalty);
    if (late.overdue) {
      const path = late1065Path(filing, dueInForce!, late.days_late, asOf);
      lateFiling = {
        ...path,
        statement_included: filing.generateLateFilingLetter === true && !isEmpty(filing.lateFilingReason),
      };
    }
    partnership = {
      withholding_1446: withholding1446(filing, asOf),
      notes: [...partnershipNotes(filing), ...schedules.notes],
      how_to_file: partnershipHowToFile(filing),
      prepare_elsewhere: schedules.prepare_elsewhere,
    };
  }

  einProblem(formData, invalid);
  taxYearProblems(kind, formData, invalid);
  for (const value of unprintableValues(formData)) {
    invalid.push({
      field: value.field,
      message: `holds "${value.character}" (${codePointLabel(value.character)}), which the IRS forms cannot print: enter it in English (Latin letters)`,
    });
  }

  const ready =
    missing.length === 0 && invalid.length === 0 && (partnership?.prepare_elsewhere ?? []).length === 0;
  const recommended =
    kind === '5472'
      ? form5472Recommendations(formData as SingleMemberInput, {
          ready,
          overdue: late.overdue,
          days_late: late.days_late,
          due_date: due,
          extensionWouldGive: filingDueDates(kind, { ...formData, generateForm7004: true }).extended,
          as_of: asOf,
          penalties,
        })
      : [];
  return {
    kind,
    ready,
    missing,
    invalid,
    forms,
    due_date: due,
    extended_due_date: extended,
    ...(extendedReason === undefined ? {} : { extended_due_date_reason: extendedReason }),
    recommended,
    how_to_file: kind === '5472' ? DE_HOW_TO_FILE : PARTNERSHIP_HOW_TO_FILE,
    as_of: asOf,
    overdue: late.overdue,
    days_late: late.days_late,
    penalties,
    late_filing: lateFiling,
    ...partnership,
  };
}
