import { addMonths, dayOfMonthAfter, isRealDate, nextBusinessDay } from './due-dates.js';
import type { FormId } from './form-edition.js';
import type { FormRegistry } from './form-edition.js';
import type { PartnershipInput, SingleMemberInput } from './filing-input.js';
import { defaultFormRegistry, type FilingKind } from './packet-plan.js';
import { codePointLabel, unprintableValues } from './printable-text.js';
import { lateness, type Penalty, todayUtc } from './lateness.js';
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
 * the IRS text; see the README's check_filing section).
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
  withholdingForms: {
    rule: 'A partnership with effectively connected income allocable to foreign partners files Form 8804 and a Form 8805 for each foreign partner.',
    source: 'Instructions for Forms 8804, 8805, and 8813, Who Must File.',
  },
  ...PARTNERSHIP_RULES,
} as const satisfies Record<string, IrsRule>;

/** A required line that is empty. */
export type MissingLine = {
  form: FormId;
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
  /** The day the check is made for, `YYYY-MM-DD` (default today in UTC). */
  as_of: string;
  /** True when `as_of` is after the due date (the extended one when Form 7004 is filed). */
  overdue: boolean;
  days_late: number;
  penalties: Penalty[];
  /** Partnership only: section 1446 withholding. */
  withholding_1446?: Withholding1446;
  /** Partnership only: what the packet does not generate, and other things to know. */
  notes?: string[];
};

type Requirement = { form: FormId; line: string; field: string };

/** Required top-level lines of a single-member filing (rules allOfPartI, partII, proForma1120). */
const SINGLE_MEMBER_REQUIRED: readonly Requirement[] = [
  { form: '5472', line: 'header: beginning', field: 'taxYearBegin' },
  { form: '5472', line: 'header: ending', field: 'taxYearEnd' },
  { form: '5472', line: '1a', field: 'llcName' },
  { form: '5472', line: '1a (street)', field: 'llcStreet' },
  { form: '5472', line: '1a (city, state, ZIP)', field: 'llcCity' },
  { form: '5472', line: '1b', field: 'ein' },
  { form: '5472', line: '1c', field: 'totalAssets' },
  { form: '5472', line: '1d', field: 'businessActivity' },
  { form: '5472', line: '1e', field: 'businessActivityCode' },
  { form: '5472', line: '1l', field: 'countryIncorporation' },
  { form: '5472', line: '1m', field: 'dateIncorporation' },
  { form: '5472', line: '1n', field: 'taxResidentCountry' },
  { form: '5472', line: '1o', field: 'principalBusinessCountries' },
  { form: '5472', line: '4a', field: 'ownerName' },
  { form: '5472', line: '4a (address)', field: 'ownerStreet' },
  { form: '5472', line: '4a (address)', field: 'ownerCity' },
  { form: '5472', line: '4c', field: 'ownerBusinessCountries' },
  { form: '5472', line: '4d', field: 'ownerCitizenship' },
  { form: '5472', line: '4e', field: 'ownerTaxResidentCountry' },
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
];

function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.every(isEmpty);
  return false;
}

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

function dueDates(
  kind: FilingKind,
  formData: Record<string, unknown>,
): { due: string | null; extended: string | null } {
  const end = formData.taxYearEnd;
  if (!isRealDate(end)) return { due: null, extended: null };
  const begin = isRealDate(formData.taxYearBegin) ? formData.taxYearBegin : end;
  let dueMonths = 3;
  let extensionMonths = 6;
  if (kind === '5472') {
    const juneYearBefore2026 = end.slice(5, 7) === '06' && begin < '2026-01-01';
    dueMonths = juneYearBefore2026 ? 3 : 4;
    extensionMonths = juneYearBefore2026 ? 7 : 6;
  }
  const due = nextBusinessDay(dayOfMonthAfter(end, dueMonths, 15));
  const extended =
    formData.generateForm7004 === true
      ? nextBusinessDay(dayOfMonthAfter(end, dueMonths + extensionMonths, 15))
      : null;
  return { due, extended };
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

  if (kind === '5472') {
    const filing = formData as SingleMemberInput;
    const parties = Array.isArray(filing.relatedParties) ? filing.relatedParties : [];
    if (parties.length === 0) missing.push({ form: '5472', line: '8a', field: 'relatedParties' });
    parties.forEach((party, index) => {
      if (isEmpty(party?.name))
        missing.push({ form: '5472', line: '8a', field: `relatedParties[${index}].name` });
    });
    forms.push(form('1120', 1), form('5472', Math.max(parties.length, 1)));
    if (filing.generateForm7004 === true) forms.push(form('7004', 1));
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
  }

  einProblem(formData, invalid);
  taxYearProblems(formData, invalid);
  for (const value of unprintableValues(formData)) {
    invalid.push({
      field: value.field,
      message: `holds "${value.character}" (${codePointLabel(value.character)}), which the IRS forms cannot print: enter it in English (Latin letters)`,
    });
  }

  const { due, extended } = dueDates(kind, formData);
  const effectiveDue = extended ?? due;
  const late = lateness(effectiveDue, asOf);
  const penalties: Penalty[] = [];
  let partnership: Pick<FilingReadiness, 'withholding_1446' | 'notes' | 'how_to_file'> | undefined;
  if (kind === 'partnership') {
    const filing = formData as PartnershipInput;
    const penalty = effectiveDue === null ? undefined : lateFilingPenalty(filing, effectiveDue, asOf);
    if (penalty) penalties.push(penalty);
    partnership = {
      withholding_1446: withholding1446(filing),
      notes: partnershipNotes(filing),
      how_to_file: partnershipHowToFile(filing),
    };
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
    ...partnership,
  };
}
