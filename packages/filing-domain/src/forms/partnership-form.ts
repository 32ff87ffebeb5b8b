import {
  ANALYSIS_TYPES,
  DEDUCTION_INPUT_LINES,
  DEDUCTION_LINE_LABELS,
  DESIGNATED_INDIVIDUAL_LABELS,
  INCOME_INPUT_LINES,
  INCOME_LINE_LABELS,
  K1_SHARE_KEYS,
  REPRESENTATIVE_LABELS,
  SCHEDULE_B_TEXTS as SCHEDULE_B_QUESTION_TEXTS,
  SCHEDULE_K_LINE_LABELS,
  SCHEDULE_K_OTHER_LABELS,
  SCHEDULE_L_LABELS,
  SCHEDULE_M1_LABELS,
  SCHEDULE_M2_LABELS,
  SCHEDULE_M_TEXT_KEYS,
  SCHEDULE_B_ENTITY_TYPES,
  SCHEDULE_K_AMOUNT_LINES,
  SCHEDULE_K_COMPUTED_LINES,
  SCHEDULE_K_TYPE_LINES,
  type ScheduleKLine,
} from '@filing-mcp/irs-forms/kinds';
import * as z from 'zod';
import {
  ACCOUNTING_METHODS,
  calendarDate,
  ein,
  stringOrNumber,
  text,
  usTaxpayerId,
  wholeDollars,
} from './form-fields.js';
import { once } from '../once.js';
import { labeledLines, unknownKeys } from './labeled-lines.js';
import { checkedAs, returnFields } from './partnership-return-fields.js';

/** At most this many partners: a return with more must be e-filed (T.D. 9972), which this service does not do. */
export const MAX_PARTNERS = 100;

const AMOUNT_MESSAGE = 'must be whole US dollars: a number or a string of digits, e.g. 40000 or "-1500"';

/** Form 1065 page 1 income lines the filer enters (1c, 3 and 8 are computed): irs-forms' list. */
export const INCOME_LINES = INCOME_INPUT_LINES;
/** Form 1065 page 1 deduction lines the filer enters (16c, 22 and 23 are computed). */
export const DEDUCTION_LINES = DEDUCTION_INPUT_LINES;
/** Schedule K amount lines the filer enters: those the forms read, less the computed 3c and 4c. */
export const SCHEDULE_K_LINES = SCHEDULE_K_AMOUNT_LINES.filter(
  (line) => !SCHEDULE_K_COMPUTED_LINES.includes(line),
) as unknown as readonly [ScheduleKLine, ...ScheduleKLine[]];
const SCHEDULE_K_TYPES = SCHEDULE_K_TYPE_LINES;
/** Schedule B yes/no questions (Form 1065 (2025), pages 2-4). */
export const SCHEDULE_B_QUESTIONS = [
  'line2a',
  'line2b',
  'line3a',
  'line3b',
  'line4',
  'line5',
  'line6',
  'line7',
  'line8',
  'line9',
  'line10a',
  'line10b',
  'line10c',
  'line10d',
  'line11',
  'line12',
  'line14',
  'line16a',
  'line16b',
  'line19',
  'line20',
  'line21',
  'line22',
  'line23',
  'line24',
  'line25',
  'line27',
  'line28',
  'line29a',
  'line29b',
  'line30',
  'line32',
  'line33',
] as const;

const SCHEDULE_B_TEXTS = ['line8Country', 'line10aDate'] as const;
const SCHEDULE_B_COUNTS = ['line13a', 'line14Count', 'line15', 'line17', 'line18', 'line26'] as const;

/** Item G's boxes, as Schedule K-1 prints them. */
export const PARTNER_TYPES = [
  'General partner or LLC member-manager',
  'Limited partner or other LLC member',
] as const;
/** Item I1 entity types (the Form 1065 instructions' list for item I1). */
export const PARTNER_ENTITY_TYPES = [
  'Individual',
  'Corporation',
  'S Corporation',
  'Partnership',
  'Limited Partnership',
  'Limited Liability Partnership',
  'Limited Liability Company',
  'Trust',
  'Estate',
  'Exempt Organization',
  'IRA/SEP/Keogh/Retirement Plan',
  'Foreign Government',
  'Nominee/Custodian',
  'Disregarded Entity',
] as const;

/**
 * A U.S. TIN checked as usTaxpayerId is (its message), but without a JSON Schema pattern: tools/list
 * shows it as a plain string, within its budget.
 */
const usTin = text.superRefine((value, context) => {
  const result = usTaxpayerId.safeParse(value);
  if (!result.success) context.addIssue({ code: 'custom', message: result.error.issues[0]!.message });
});

/**
 * An object of known keys, each holding `value`: an unknown key is an error that lists the keys.
 * A partial record, so its JSON Schema names the keys once instead of repeating `value` per key.
 */
function lines<K extends string, T extends z.ZodType>(keys: readonly [K, ...K[]], value: T) {
  return z.partialRecord(z.enum(keys), value, { error: unknownKeys(keys) });
}

/**
 * The schedules block: Schedule L (beginning and end of year), Schedules M-1 and M-2, and the
 * Designation of Partnership Representative, each line described by its 2025 label.
 */
function scheduleFields(amount: z.ZodType) {
  const place = {
    street: text,
    city: text,
    state: text,
    zip: text,
    phone: text,
    tin: usTin,
  };
  const person = <L extends Record<string, string>>(labels: L, fields: Record<string, z.ZodType>) =>
    labeledLines(labels, (key) => fields[key] ?? text);
  const moneyOrWords = (key: string) => (SCHEDULE_M_TEXT_KEYS.has(key) ? text : amount);
  return {
    form7004FiledDate: calendarDate
      .optional()
      .describe(
        'The day a Form 7004 for this return was filed, YYYY-MM-DD: filed by the due date, the extended date is in force (question 4c, lateness).',
      ),
    scheduleL: z
      .strictObject({
        beginning: labeledLines(SCHEDULE_L_LABELS, () => amount)
          .optional()
          .describe(
            'Schedule L, beginning of tax year (columns (a)/(b)), USD by line; 14 and 22 are computed.',
          ),
        end: labeledLines(SCHEDULE_L_LABELS, () => amount)
          .optional()
          .describe('Schedule L, end of tax year (columns (c)/(d)), USD by line; line 14 must equal item F.'),
      })
      .optional()
      .describe(
        'Schedule L, Balance Sheets per Books: required when Schedule B question 4 is No; give the gross and the "less" lines (2a/2b, 9a/9b, 10a/10b, 12a/12b), the form prints the net.',
      ),
    scheduleM1: labeledLines(SCHEDULE_M1_LABELS, moneyOrWords)
      .optional()
      .describe(
        'Schedule M-1, Reconciliation of Income (Loss) per Books With Analysis of Net Income (Loss) per Return: required when question 4 is No; 5, 8 and 9 are computed and 9 must equal the analysis line 1.',
      ),
    scheduleM2: labeledLines(SCHEDULE_M2_LABELS, moneyOrWords)
      .optional()
      .describe(
        "Schedule M-2, Analysis of Partners' Capital Accounts: required when question 4 is No; 5, 8 and 9 are computed.",
      ),
    partnershipRepresentative: person(
      {
        ...REPRESENTATIVE_LABELS,
        designatedIndividual:
          'The designated individual (DI), required when the PR is an entity: name, U.S. address, U.S. phone, U.S. TIN.',
      },
      { ...place, designatedIndividual: person(DESIGNATED_INDIVIDUAL_LABELS, place) },
    )
      .optional()
      .describe(
        'Designation of Partnership Representative (PR; Form 1065 page 4): required unless Schedule B line33 elects out under section 6221(b).',
      ),
  };
}

/** The partnership form schemas, built by the first call (the public exports are in schemas.ts). */
export const partnershipFormSchemas = once(() => {
  const amount = z.union(
    [z.number().int({ error: AMOUNT_MESSAGE }), z.string().regex(/^-?\d+$/, { error: AMOUNT_MESSAGE })],
    { error: AMOUNT_MESSAGE },
  );
  const percent = z.union([z.number(), z.string().regex(/^\d+(\.\d+)?$/)], {
    error: 'must be a percentage from 0 to 100, e.g. 50 or "33.3333"',
  });

  /** A partner of a partnership filing (one Schedule K-1, and Form 8805 when foreign). */
  const partnerSchema = z
    .looseObject({
      id: z
        .uuid({ message: 'must be a UUID; leave it out and the server assigns one' })
        .optional()
        .describe('Partner UUID; assigned by the server when absent, then kept.'),
      name: text.describe('Name of the partner (K-1 item F).'),
      address: text.optional().describe('Address, city, state/country and postal code (item F).'),
      // Checked as usTaxpayerId; shown in tools/list as a plain string (its budget).
      tin: usTin.optional().describe('U.S. SSN, ITIN or EIN (item E).'),
      foreignTaxId: text.optional().describe('Foreign tax id, when the partner has no U.S. TIN.'),
      country: text.optional().describe('Partner’s country (Form 8805, line 4: its country code).'),
      type: z
        .enum(PARTNER_TYPES)
        .optional()
        .describe(`Item G: ${PARTNER_TYPES.join(' | ')}.`),
      isForeign: z.boolean().optional().describe('Item H1: true for a foreign partner.'),
      entityType: z
        .enum(PARTNER_ENTITY_TYPES)
        .optional()
        .describe(`Item I1: ${PARTNER_ENTITY_TYPES.join(' | ')}.`),
      withholdingRate: text
        .optional()
        .describe('Section 1446 rate; computed (37 non-corporate, 21 corporate), checked when given.'),
      shares: lines(K1_SHARE_KEYS, percent).optional().describe('Item J, percent, by key.'),
      capitalAccount: lines(
        ['beginning', 'contributed', 'currentYearIncome', 'otherIncrease', 'withdrawals', 'ending'],
        amount,
      )
        .optional()
        .describe('Item L, USD, by key.'),
      liabilities: lines(
        [
          'nonrecourseBeginning',
          'nonrecourseEnding',
          'qualifiedNonrecourseBeginning',
          'qualifiedNonrecourseEnding',
          'recourseBeginning',
          'recourseEnding',
        ],
        amount,
      )
        .optional()
        .describe('Item K1, USD, by key.'),
      contributedBuiltInGainProperty: z
        .boolean()
        .optional()
        .describe(
          'K-1 item M: did the partner contribute property with a built-in gain or loss? Yes needs the item M statement (prepare_elsewhere).',
        ),
      section704c: lines(['beginning', 'ending'], amount).optional().describe('Item N, USD.'),
      ectiShare: amount
        .optional()
        .describe('Foreign partner: ECTI after Form 8804-C deductions, USD; default: computed.'),
      specialAllocations: lines(SCHEDULE_K_LINES, amount)
        .optional()
        .describe('Schedule K line -> this partner’s amount, instead of the profit-share split.'),
      // --- Guaranteed payments, distributions, Form 8804-C: fields of one partner. ---
      guaranteedPayments: checkedAs('object', lines(['services', 'capital', 'capitalized'], amount))
        .optional()
        .describe(
          'This partner’s guaranteed payments, USD: {services (K-1 4a), capital (4b), capitalized (the part capitalized, not deducted: kept off page 1 line 10, which defaults to the deductible sum)}.',
        ),
      distributions: checkedAs('object', lines(['cash', 'property'], amount))
        .optional()
        .describe(
          'Distributions to this partner, USD: {cash (box 19A; default: capital withdrawals), property}.',
        ),
      ectiCertified8804C: z
        .boolean()
        .optional()
        .describe('True if the partner gave a Form 8804-C (lets ectiShare be below the computed ECTI).'),
      // --- End of the guaranteed payments, distributions and Form 8804-C fields. ---
      // The Analysis of Net Income (Loss) column (schedules and readiness).
      analysisType: z
        .enum(ANALYSIS_TYPES)
        .optional()
        .describe(
          'Analysis of Net Income (Loss) line 2 column; defaults from entityType (a corporation, partnership or exempt organization its own; a trust, estate or nominee nominee-other); an individual, LLC, disregarded entity, IRA or foreign government needs individual-active (materially participates) or individual-passive.',
        ),
    })
    .describe('A partner of the partnership.');

  /**
   * `form_data` of a partnership filing (form 1065, Schedule K-1, forms 8804 and 8805): the one source
   * of truth for validation, `get_form_schema` and the tools' JSON Schemas. Known fields are optional
   * (filled progressively) but typed when present; unknown top-level fields are kept.
   */
  const partnershipFormDataSchema = z
    .looseObject({
      partnershipName: text
        .optional()
        .describe('Legal name of the partnership; shown as llc_name on the record.'),
      ein: ein.optional().describe('Employer identification number of the partnership, NN-NNNNNNN.'),
      street: text.optional().describe('Street address of the partnership.'),
      city: text.optional().describe('City of the partnership.'),
      state: text.optional().describe('State of the partnership (two-letter code).'),
      zip: text.optional().describe('ZIP code of the partnership.'),
      country: text.optional().describe('Country, when the principal business is outside the United States.'),
      businessActivity: text.optional().describe('Principal business activity, in words.'),
      businessActivityCode: stringOrNumber.optional().describe('Principal business activity code (NAICS).'),
      dateBusinessStarted: calendarDate.optional().describe('Date the business started, YYYY-MM-DD.'),
      // Words (filings stored before 1.1.0) are still stored: check_filing reports them as a value to
      // restate, and tools/list advertises the three values only.
      accountingMethod: z
        .union([z.enum(ACCOUNTING_METHODS), text])
        .optional()
        .describe('Item H: cash, accrual, or other (then accountingMethodOther names it).'),
      accountingMethodOther: text.optional().describe('Item H(3): the other accounting method, in words.'),
      totalAssets: wholeDollars('20000')
        .optional()
        .describe(
          'Total assets at the end of the tax year (item F), whole USD: a number or a string of digits.',
        ),
      taxYearBegin: calendarDate.optional().describe('First day of the tax year, YYYY-MM-DD.'),
      taxYearEnd: calendarDate.optional().describe('Last day of the tax year, YYYY-MM-DD.'),
      partners: z
        .array(partnerSchema)
        .max(MAX_PARTNERS, {
          error: `at most ${MAX_PARTNERS} partners: a partnership with more than ${MAX_PARTNERS} partners must e-file Form 1065 (T.D. 9972), which this service does not do`,
        })
        .optional()
        .describe(`Partners (at most ${MAX_PARTNERS}; more must be e-filed), each one K-1.`),
      // The lines by their 2025 labels, so get_form_schema names each one.
      income: labeledLines(INCOME_LINE_LABELS, () => amount)
        .optional()
        .describe('Form 1065 page 1 income, USD, by line (1c, 3 and 8 are computed).'),
      deductions: labeledLines(DEDUCTION_LINE_LABELS, () => amount)
        .optional()
        .describe(
          'Form 1065 page 1 deductions, USD, by line (16c, 22 and 23 are computed); line20 is the energy efficient commercial buildings deduction, other deductions go on line21.',
        ),
      scheduleK: labeledLines(
        { ...SCHEDULE_K_LINE_LABELS, ...SCHEDULE_K_OTHER_LABELS },
        (key) =>
          key === 'line16a' || key === 'line16b'
            ? z.boolean({ error: 'must be true or false' })
            : key.endsWith('Type')
              ? text
              : amount,
        [...SCHEDULE_K_LINES, ...SCHEDULE_K_TYPES, 'line16a', 'line16b'],
      )
        .optional()
        .describe(
          'Schedule K, USD, by form line (line 1 defaults to page 1 line 23; 3c and 4c are computed); the Type texts; line16a/line16b checkboxes.',
        ),
      scheduleB: labeledLines(
        SCHEDULE_B_QUESTION_TEXTS,
        (key) =>
          key === 'line1'
            ? z.enum(SCHEDULE_B_ENTITY_TYPES)
            : (SCHEDULE_B_QUESTIONS as readonly string[]).includes(key)
              ? z.boolean({ error: 'must be true (yes) or false (no)' })
              : (SCHEDULE_B_COUNTS as readonly string[]).includes(key)
                ? stringOrNumber
                : text,
        ['line1', 'line1Other', ...SCHEDULE_B_QUESTIONS, ...SCHEDULE_B_TEXTS, ...SCHEDULE_B_COUNTS],
      )
        .optional()
        .describe(
          `Schedule B, Other Information: line1 entity type (${SCHEDULE_B_ENTITY_TYPES.join(' | ')}); yes/no questions as booleans by line; counts and entries.`,
        ),
      filesTenOrMoreReturns: z
        .boolean()
        .optional()
        .describe(
          'E-file question (T.D. 9972): true if the partnership files 10+ returns of any type this year.',
        ),
      filesScheduleM3: z
        .boolean()
        .optional()
        .describe('True if Schedule M-3 is filed (decides the mailing address).'),
      generateForm7004: z.boolean().optional().describe('True if Form 7004 extends the due date.'),
      withholding: z
        .record(z.string(), z.unknown())
        .optional()
        .describe('Kept as given; section 1446 figures are computed from the return (ECTI).'),
      // --- ECTI lines, section 1446 payments, box 13 code, late-return statement. ---
      ...returnFields(amount),
      // --- End of the ECTI, payments, box 13 code and late-statement fields. ---
      // --- Schedules and readiness: Schedules L, M-1, M-2 and the Partnership
      // Representative (labels from irs-forms; rules scheduleL, scheduleM1, scheduleM2,
      // partnershipRepresentative in IRS_RULES). ---
      ...scheduleFields(amount),
      // --- end of schedules and readiness ---
    })
    .describe('form_data of a partnership filing (form 1065, Schedule K-1, forms 8804 and 8805).');
  return { partnerSchema, partnershipFormDataSchema };
});

/** A partnership filing's `form_data` after validation. */
export type PartnershipFormData = z.output<
  ReturnType<typeof partnershipFormSchemas>['partnershipFormDataSchema']
>;
