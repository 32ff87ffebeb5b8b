import { addMonths, filingDueDates, isRealDate } from './due-dates.js';
import type { FormId } from './form-edition.js';
import type { FormRegistry } from './form-edition.js';
import type { PartnershipInput, SingleMemberInput } from './filing-input.js';
import { defaultFormRegistry, type FilingKind } from './packet-plan.js';
import { codePointLabel, unprintableValues } from './printable-text.js';
import { form7004LateReason, lateness, type Penalty, todayUtc } from './lateness.js';
import { checkSingleMember, form5472Penalties, isEmpty } from './single-member-readiness.js';

export { PART_VII_QUESTIONS, type PartVIIQuestion } from './part-vii.js';
export { RELATIONSHIPS, TRANSACTION_KINDS, type TransactionKind } from './transaction-kinds.js';
import { PARTNERSHIP_RULES } from './partnership/partnership-rules.js';
import {
  lateFilingPenalty,
  partnershipFigureProblems,
  partnershipHowToFile,
  partnershipNotes,
} from './partnership/partnership-readiness.js';
import { type Withholding1446, withholding1446 } from './partnership/withholding-1446.js';

/** One rule or fact the readiness check applies, with the IRS text it comes from. */
export interface IrsRule {
  /** What the rule says, in our words. */
  rule: string;
  /** The IRS instruction (form instructions, section) it comes from. */
  source: string;
}

/**
 * Every rule and fact of the readiness check, each with its IRS source. Each was checked against
 * the instructions with the project's search tool (the excerpts found are third-party quotes of
 * the IRS text; see docs/irs-forms.md, section check_filing).
 */
export const IRS_RULES = {
  proForma1120: {
    rule: 'A foreign-owned U.S. DE files Form 5472 attached to a pro forma Form 1120 with "Foreign-owned U.S. DE" written across the top; only the name and address and items B and E of page 1 are completed.',
    source:
      'Instructions for Form 5472 (Rev. December 2024), Who Must File: Foreign-owned U.S. DEs; Where To File.',
  },
  oneForm5472PerRelatedParty: {
    rule: 'A separate Form 5472 is filed for each foreign or U.S. related party with which the reporting corporation had a reportable transaction; line 1g counts them.',
    source: 'Instructions for Form 5472, Line 1g.',
  },
  allOfPartI: {
    rule: 'All reporting corporations complete Part I (lines 1a-1o).',
    source: 'Form 5472 (Rev. December 2023), Part I heading; Instructions for Form 5472, Part I.',
  },
  partII: {
    rule: 'Part II names the direct 25% foreign shareholder (4a), its countries of business (4c), citizenship or organization (4d) and tax residence (4e); the identifying numbers of 4b are entered "if any".',
    source: 'Form 5472 (Rev. December 2023), Part II; Instructions for Form 5472, Part II.',
  },
  partIII: {
    rule: 'All reporting corporations complete Part III (the related party, line 8a).',
    source: 'Form 5472 (Rev. December 2023), Part III heading.',
  },
  english: {
    rule: 'All information is entered in English and money items in U.S. dollars.',
    source: 'Form 5472 (Rev. December 2023), page 1 note.',
  },
  ein: {
    rule: 'An employer identification number is nine digits, written NN-NNNNNNN.',
    source: 'Instructions for Form 5472, Line 1b; Instructions for Form 1065, Item D.',
  },
  taxYear: {
    rule: 'A tax year is an annual accounting period of at most 12 months (a short tax year is shorter); it ends after it begins.',
    source: 'Publication 538, Accounting Periods; Instructions for Form 7004, Line 5b (short tax year).',
  },
  corporationDueDate: {
    rule: 'A corporation (and a foreign-owned U.S. DE filing pro forma Form 1120 with Form 5472) files by the 15th day of the 4th month after the end of its tax year; a tax year ending June 30 and beginning before 2026, by the 15th day of the 3rd month.',
    source:
      'Instructions for Form 1120 (2025), When To File; Instructions for Form 5472, When and Where To File.',
  },
  corporationExtension: {
    rule: 'Form 7004 extends the time to file the pro forma 1120 and Form 5472 automatically by 6 months (7 months for a tax year ending June 30 and beginning before 2026).',
    source:
      'Instructions for Form 7004 (Rev. December 2025), Automatic Extension; Instructions for Form 5472, When To File.',
  },
  partnershipDueDate: {
    rule: 'A partnership files Form 1065 by the 15th day of the 3rd month after the end of its tax year.',
    source: 'Instructions for Form 1065 (2025), When To File.',
  },
  partnershipExtension: {
    rule: 'Form 7004 extends the time to file Form 1065 automatically by 6 months.',
    source:
      'Instructions for Form 7004 (Rev. December 2025); Instructions for Form 1065, Extension of Time To File.',
  },
  nextBusinessDay: {
    rule: 'A due date on a Saturday, Sunday or legal holiday moves to the next day that is none of these; legal holidays include those of the District of Columbia (D.C. Emancipation Day on April 16, observed on the Friday or Monday nearest when on a weekend).',
    source: 'Instructions for Form 1120 and Form 1065, When To File; Internal Revenue Code section 7503.',
  },
  foreignOwnedDeFiling: {
    rule: 'A foreign-owned U.S. DE cannot file Form 5472 and its pro forma 1120 electronically: fax them to 855-887-7737 or mail them to Internal Revenue Service, 1973 Rulon White Blvd., M/S 6112, Attn: PIN Unit, Ogden, UT 84201. Form 7004 for that return goes to the same place.',
    source:
      'Instructions for Form 5472, Where To File (Foreign-owned U.S. DEs); Instructions for Form 7004, Where To File.',
  },
  partnershipFiling: {
    rule: 'Form 1065 is filed with the IRS service center the Form 1065 instructions list under Where To File for the partnership’s principal business location and total assets, or electronically through an authorized e-file provider (required with more than 100 partners).',
    source: 'Instructions for Form 1065 (2025), Where To File; Electronic Filing.',
  },
  scheduleK1PerPartner: {
    rule: 'A Schedule K-1 is attached for each person who was a partner at any time during the tax year (item I counts them).',
    source: 'Form 1065 (2025), item I; Instructions for Schedule K-1 (Form 1065).',
  },
  partIIIRelatedParty: {
    rule: 'Part III describes each related party: name and address (8a); U.S. identifying number if any (8b(1)), otherwise a reference ID number (8b(2)), and the FTIN if any (8b(3)); principal business activity and its code (8c, 8d); the line 8e boxes that apply; the principal countries where it conducts business (8f) and the countries under whose laws it files an income tax return as a resident (8g). The December 2023 Part III has no line for the related party\u2019s country of citizenship or organization: that is Part II\u2019s line 4d, for the 25% foreign shareholder.',
    source:
      'Form 5472 (Rev. December 2023), Part III lines 8a-8g; Instructions for Form 5472 (Rev. December 2024), Part III.',
  },
  relationshipBoxes: {
    rule: 'Line 8e has three boxes: related to reporting corporation, related to 25% foreign shareholder, 25% foreign shareholder. The filing names the box (relationship); it is never guessed from words.',
    source: 'Form 5472 (Rev. December 2023), line 8e.',
  },
  partIV: {
    rule: 'Part IV reports the monetary transactions with a foreign related party, one amount per line 9-21 (received) and 23-35 (paid); lines 17 and 31 take the beginning balance (a) and the ending balance or monthly average (b) of amounts borrowed and loaned; line 22 combines lines 9-21 and line 36 lines 23-35 (the right-hand column: 17b and 31b, not the beginning balances). Part IV must be completed when the related party is a foreign person.',
    source: 'Form 5472 (Rev. December 2023), Part IV and its caution; Instructions for Form 5472, Part IV.',
  },
  partV: {
    rule: 'A foreign-owned U.S. DE describes on an attached separate sheet its other reportable transactions (Regulations section 1.482-1(i)(7)): amounts paid or received in connection with the formation, dissolution, acquisition and disposition of the entity, including contributions to and distributions from it, and checks the Part V box. The statement is captioned with the entity\u2019s name, EIN, tax year and "Form 5472, Part V".',
    source:
      'Form 5472 (Rev. December 2023), Part V; Instructions for Form 5472, Part V and Foreign-owned U.S. DEs.',
  },
  reportableTransactions: {
    rule: 'A Form 5472 reports the reportable transactions with its related party; a filing must either list them or say that the year had none (noReportableTransactions). Silence is not "none".',
    source:
      'Instructions for Form 5472, Who Must File and Reportable transaction; Regulations section 1.6038A-4(a)(1) (a substantially incomplete form is a failure to file).',
  },
  line1f: {
    rule: 'Line 1f is the total of the transactions reported on this Form 5472: Part IV lines 22 and 36, plus, for a foreign-owned U.S. DE, the Part V amounts; it is left blank for a U.S. related party. Line 1h adds line 1f of every Form 5472 of the year. Uncertain: the instructions name Parts IV and VI; this service adds Part V for a DE as practitioners do, and does not hold Part VI values.',
    source: 'Instructions for Form 5472, Lines 1f and 1h.',
  },
  partVI: {
    rule: 'Part VI asks whether there were nonmonetary or less-than-full-consideration transactions with the foreign related party; when there were, they are described on an attached sheet and the box is checked.',
    source: 'Form 5472 (Rev. December 2023), Part VI; Instructions for Form 5472, Part VI.',
  },
  partVII: {
    rule: 'All reporting corporations complete Part VII (lines 37-43); follow-up lines are answered when their question is answered Yes. This service does not produce Part VIII (line 39 Yes) or the line 38b statement: those answers need a preparer.',
    source: 'Form 5472 (Rev. December 2023), Part VII heading and lines 37-43.',
  },
  signature: {
    rule: 'The pro forma Form 1120 is signed by an officer (here, the owner or manager of the DE) under "Sign Here": signature, date and title. A return is signed on or after the end of its tax year.',
    source:
      'Form 1120 (2025), Sign Here; Instructions for Form 1120, Signature; Instructions for Form 5472, Foreign-owned U.S. DEs.',
  },
  extensionBeforeDueDate: {
    rule: 'Form 7004 must be filed on or before the original due date of the return; filed later it extends nothing.',
    source: 'Instructions for Form 7004 (Rev. December 2025), When To File.',
  },
  penalty6038A: {
    rule: 'Failing to file a complete Form 5472 on time costs $25,000 for each Form 5472 for each tax year; filing a substantially incomplete form is a failure to file.',
    source:
      'Internal Revenue Code section 6038A(d)(1); Regulations section 1.6038A-4(a)(1); Instructions for Form 5472, Penalties.',
  },
  continuationPenalty: {
    rule: 'If the failure continues more than 90 days after the IRS mails notice of it, an additional $25,000 applies for each related party for each 30-day period (or part of one) the failure continues after those 90 days. It depends on a notice this service cannot know of.',
    source: 'Internal Revenue Code section 6038A(d)(2); Instructions for Form 5472, Penalties.',
  },
  reasonableCause: {
    rule: 'The penalty is not imposed when the failure was due to reasonable cause; the reporting corporation must show all the facts alleged as reasonable cause in a written statement containing a declaration that it is made under the penalties of perjury. Confirmed through secondary sources (the regulation text itself was not found with the search tool; the same wording is in Regulations section 301.6686-1(b)).',
    source: 'Regulations section 1.6038A-4(b)(1); Instructions for Form 5472, Penalties.',
  },
  withholdingForms: {
    rule: 'A partnership with effectively connected income allocable to foreign partners files Form 8804 and a Form 8805 for each foreign partner.',
    source: 'Instructions for Forms 8804, 8805, and 8813, Who Must File.',
  },
  ...PARTNERSHIP_RULES,
} as const satisfies Record<string, IrsRule>;

/** A required line that is empty. */
export type MissingLine = {
  form: FormId;
  /** The part of the form (`I`, `III`, `IV/V`, `Sign Here`, ...). */
  part?: string;
  line: string;
  field: string;
};

/** A value in the wrong format. */
export type InvalidField = {
  field: string;
  message: string;
};

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
  /** Partnership only: section 1446 withholding. */
  withholding_1446?: Withholding1446;
  /** Partnership only: what the packet does not generate, and other things to know. */
  notes?: string[];
};

/** What an overdue filing does next. */
export type LateFilingPath = {
  summary: string;
  /** The form_data fields the path uses. */
  fields: string[];
  /** Those still empty. */
  missing: string[];
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

const DATE_FIELDS = [
  'taxYearBegin',
  'taxYearEnd',
  'dateIncorporation',
  'signatureDate',
  'dateBusinessStarted',
  'form7004FiledDate',
];

function taxYearProblems(formData: Record<string, unknown>, invalid: InvalidField[]): void {
  for (const field of DATE_FIELDS) {
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
  fax: '855-887-7737',
  mail: 'Internal Revenue Service, 1973 Rulon White Blvd., M/S 6112, Attn: PIN Unit, Ogden, UT 84201',
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
  if (!isRealDate(asOf)) throw new RangeError(`as_of must be a real date in YYYY-MM-DD form, not "${asOf}"`);
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

  const { due, extended } = filingDueDates(kind, formData);
  // The extended date is in force only for a Form 7004 filed by the original due date.
  const filed7004 = formData.form7004FiledDate;
  const dueInForce =
    due !== null && extended !== null && isRealDate(filed7004) && filed7004 <= due ? extended : due;
  const late = lateness(dueInForce, asOf);
  const penalties: Penalty[] = [];
  let lateFiling: LateFilingPath | null = null;
  let partnership: Pick<FilingReadiness, 'withholding_1446' | 'notes' | 'how_to_file'> | undefined;

  if (kind === '5472') {
    const filing = formData as SingleMemberInput;
    const parties = Array.isArray(filing.relatedParties) ? filing.relatedParties : [];
    checkSingleMember(filing, missing, invalid);
    const formCount = Math.max(parties.length, 1);
    forms.push(form('1120', 1), form('5472', formCount));
    if (filing.generateForm7004 === true) {
      const tooLate = due !== null && asOf > due;
      const entry = form('7004', 1, !tooLate);
      if (tooLate) {
        entry.reason = form7004LateReason(due, asOf);
        if (!(isRealDate(filed7004) && filed7004 <= due)) {
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
      const fields = [
        'generateLateFilingLetter',
        'lateFilingReason',
        'signerName',
        'signerTitle',
        'signatureDate',
      ];
      lateFiling = {
        summary: `The return was due ${dueInForce} and is ${late.days_late} days late as of ${asOf}. File it now (fax or mail, see how_to_file) with a reasonable-cause statement signed under penalties of perjury: set generateLateFilingLetter to true and give lateFilingReason (the facts that prevented timely filing); the letter is signed by signerName.`,
        fields,
        missing: fields.filter((field) =>
          field === 'generateLateFilingLetter'
            ? filing.generateLateFilingLetter !== true
            : isEmpty(formData[field]),
        ),
      };
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
    missing.push(...problems.missing);
    invalid.push(...problems.invalid);
    const penalty = dueInForce === null ? undefined : lateFilingPenalty(filing, dueInForce, asOf);
    if (penalty) penalties.push(penalty);
    partnership = {
      withholding_1446: withholding1446(filing),
      notes: partnershipNotes(filing),
      how_to_file: partnershipHowToFile(filing),
    };
  }

  einProblem(formData, invalid);
  taxYearProblems(formData, invalid);
  for (const value of unprintableValues(formData)) {
    invalid.push({
      field: value.field,
      message: `holds "${value.character}" (${codePointLabel(value.character)}), which the IRS forms cannot print: enter it in English (Latin letters)`,
    });
  }

  return {
    kind,
    ready: missing.length === 0 && invalid.length === 0,
    missing,
    invalid,
    forms,
    due_date: due,
    extended_due_date: extended,
    how_to_file: kind === '5472' ? DE_HOW_TO_FILE : PARTNERSHIP_HOW_TO_FILE,
    as_of: asOf,
    overdue: late.overdue,
    days_late: late.days_late,
    penalties,
    late_filing: lateFiling,
    ...partnership,
  };
}
