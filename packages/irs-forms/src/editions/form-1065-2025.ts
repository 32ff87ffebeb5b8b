import type { FormEdition, TemplateField } from '../form-edition.js';
import { dollars, isCalendarYear, joined, monthDay, usDate, yearOf } from '../field-text.js';
import type { PartnershipInput } from '../filing-input.js';
import {
  SCHEDULE_B_ENTITY_BOXES,
  SCHEDULE_B_ENTITY_TYPES,
  SCHEDULE_B_EXTRAS,
  SCHEDULE_B_QUESTIONS,
} from '../partnership/schedule-b.js';
import { SCHEDULE_K_TYPE_LINES } from '../partnership/lines.js';
import { pageOne, scheduleKTotals } from '../partnership/schedule-k.js';
import { analysisFields, analysisValues } from '../partnership/analysis-of-net-income.js';
import { representativeFields, representativeValues } from '../partnership/partnership-representative.js';
import { question4, returnOverdue } from '../partnership/schedule-b-question-4.js';
import { scheduleLFields, scheduleLValues } from '../partnership/schedule-l.js';
import { schedulesMFields, schedulesMValues } from '../partnership/schedules-m.js';
import { record } from '../form-values.js';

const P1 = 'topmostSubform[0].Page1[0].';
const HEADER = `${P1}HeaderAddress_ReadOrder[0].CalendarName_ReadOrder[0].`;
const text = (name: string, line: string): TemplateField => ({ name, type: 'text', line });
const box = (name: string, line: string): TemplateField => ({ name, type: 'checkbox', line });

const fields = {
  taxYearBegin: text(`${HEADER}f1_01[0]`, 'header: beginning'),
  taxYearEnd: text(`${HEADER}f1_02[0]`, 'header: ending'),
  taxYearEndYear: text(`${HEADER}f1_03[0]`, 'header: ending year'),
  partnershipName: text(`${HEADER}f1_04[0]`, 'Name of partnership'),
  street: text(`${HEADER}f1_05[0]`, 'Number and street'),
  city: text(`${HEADER}f1_07[0]`, 'City or town'),
  state: text(`${HEADER}f1_08[0]`, 'State or province'),
  zip: text(`${HEADER}f1_10[0]`, 'ZIP or foreign postal code'),
  businessActivity: text(`${P1}LinesA-C[0].f1_11[0]`, 'A'),
  businessActivityCode: text(`${P1}LinesA-C[0].f1_13[0]`, 'C'),
  ein: text(`${P1}f1_14[0]`, 'D'),
  dateBusinessStarted: text(`${P1}f1_15[0]`, 'E'),
  totalAssets: text(`${P1}f1_16[0]`, 'F'),
  accountingCash: box(`${P1}c1_6[0]`, 'H(1)'),
  accountingAccrual: box(`${P1}c1_6[1]`, 'H(2)'),
  accountingOther: box(`${P1}c1_6[2]`, 'H(3)'),
  accountingOtherText: text(`${P1}f1_17[0]`, 'H(3) (specify)'),
  scheduleK1Count: text(`${P1}f1_18[0]`, 'I'),
  ...pageOneFields(),
  ...scheduleBFields(),
  ...scheduleKFields(),
  ...representativeFields(),
  ...analysisFields(),
  ...scheduleLFields(),
  ...schedulesMFields(),
} satisfies Record<string, TemplateField>;

/** Page 1 lines 1a-23 (keys `p1_line1a`...): f1_19-f1_45 in line order. */
function pageOneFields(): Record<string, TemplateField> {
  const lines = [
    '1a',
    '1b',
    '1c',
    '2',
    '3',
    '4',
    '5',
    '6',
    '7',
    '8',
    '9',
    '10',
    '11',
    '12',
    '13',
    '14',
    '15',
  ];
  const out: Record<string, TemplateField> = {};
  lines.forEach((line, index) => {
    out[`p1_line${line}`] = text(`${P1}f1_${19 + index}[0]`, line);
  });
  const rest = ['16a', '16b', '16c', '17', '18', '19', '20', '21', '22', '23'];
  rest.forEach((line, index) => {
    out[`p1_line${line}`] = text(`${P1}f1_${36 + index}[0]`, line);
  });
  return out;
}

/** Schedule B (pages 2-4): question 1's boxes, each yes/no pair, the counts and entries. */
function scheduleBFields(): Record<string, TemplateField> {
  const out: Record<string, TemplateField> = {};
  SCHEDULE_B_ENTITY_BOXES.forEach((name, index) => {
    out[`b_line1_${index}`] = box(name, `Schedule B, 1${'abcdef'[index]}`);
  });
  for (const question of SCHEDULE_B_QUESTIONS) {
    out[`b_${question.key}_yes`] = box(question.yes, `Schedule B, ${question.line} Yes`);
    out[`b_${question.key}_no`] = box(question.no, `Schedule B, ${question.line} No`);
  }
  for (const [key, name] of Object.entries(SCHEDULE_B_EXTRAS)) {
    const isBox = key === 'line11' || key === 'line32';
    out[`b_${key}`] = (isBox ? box : text)(name, `Schedule B, ${key.replace(/^line/, '')}`);
  }
  return out;
}

/** Schedule K (page 5), keys `k_line1`...; `k_line16a`/`k_line16b` are the two checkboxes. */
function scheduleKFields(): Record<string, TemplateField> {
  const fieldsOfK: ReadonlyArray<[string, string]> = [
    ['line1', 'f5_01'],
    ['line2', 'f5_02'],
    ['line3a', 'f5_03'],
    ['line3b', 'f5_04'],
    ['line3c', 'f5_05'],
    ['line4a', 'f5_06'],
    ['line4b', 'f5_07'],
    ['line4c', 'f5_08'],
    ['line5', 'f5_09'],
    ['line6a', 'f5_10'],
    ['line6b', 'f5_11'],
    ['line6c', 'f5_12'],
    ['line7', 'f5_13'],
    ['line8', 'f5_14'],
    ['line9a', 'f5_15'],
    ['line9b', 'f5_16'],
    ['line9c', 'f5_17'],
    ['line10', 'f5_18'],
    ['line11Type', 'f5_19'],
    ['line11', 'f5_20'],
    ['line12', 'f5_21'],
    ['line13a', 'f5_22'],
    ['line13b', 'f5_23'],
    ['line13c', 'f5_24'],
    ['line13dType', 'f5_25'],
    ['line13d', 'f5_26'],
    ['line13eType', 'f5_27'],
    ['line13e', 'f5_28'],
    ['line14a', 'f5_29'],
    ['line14b', 'f5_30'],
    ['line14c', 'f5_31'],
    ['line15a', 'f5_32'],
    ['line15b', 'f5_33'],
    ['line15c', 'f5_34'],
    ['line15dType', 'f5_35'],
    ['line15d', 'f5_36'],
    ['line15eType', 'f5_37'],
    ['line15e', 'f5_38'],
    ['line15fType', 'f5_39'],
    ['line15f', 'f5_40'],
    ['line17a', 'f5_41'],
    ['line17b', 'f5_42'],
    ['line17c', 'f5_43'],
    ['line17d', 'f5_44'],
    ['line17e', 'f5_45'],
    ['line17f', 'f5_46'],
    ['line18a', 'f5_47'],
    ['line18b', 'f5_48'],
    ['line18c', 'f5_49'],
    ['line19a', 'f5_50'],
    ['line19b', 'f5_51'],
    ['line20a', 'f5_52'],
    ['line20b', 'f5_53'],
    ['line21', 'f5_55'],
  ];

  const out: Record<string, TemplateField> = {};
  for (const [key, name] of fieldsOfK) {
    out[`k_${key}`] = text(
      `topmostSubform[0].Page5[0].${name}[0]`,
      `Schedule K, ${key.replace(/^line/, '')}`,
    );
  }
  out.k_line16a = box('topmostSubform[0].Page5[0].c5_1[0]', 'Schedule K, 16a');
  out.k_line16b = box('topmostSubform[0].Page5[0].c5_2[0]', 'Schedule K, 16b');
  return out;
}

/** The figures of page 1, Schedule B and Schedule K as field values. */
function figureValues(
  filing: PartnershipInput,
  asOf: string | undefined,
): Record<string, string | boolean | undefined> {
  const values: Record<string, string | boolean | undefined> = {};
  const page = pageOne(filing);
  for (const [line, amount] of Object.entries(page.lines)) values[`p1_${line}`] = dollars(amount);
  const scheduleB = record(filing.scheduleB);
  const entityIndex = SCHEDULE_B_ENTITY_TYPES.findIndex(
    (type) => type.toLowerCase() === String(scheduleB.line1 ?? '').toLowerCase(),
  );
  if (entityIndex >= 0) values[`b_line1_${entityIndex}`] = true;
  for (const question of SCHEDULE_B_QUESTIONS) {
    const answer = scheduleB[question.key];
    values[`b_${question.key}_yes`] = answer === true;
    values[`b_${question.key}_no`] = answer === false;
  }
  // Question 4 as computed (rule scheduleBQuestion4); the filing's answer only when undecided.
  const q4 = question4(filing, { overdue: asOf !== undefined && returnOverdue(filing, asOf) }).answer;
  if (q4 !== undefined) {
    values.b_line4_yes = q4;
    values.b_line4_no = !q4;
  }
  for (const key of Object.keys(SCHEDULE_B_EXTRAS)) {
    const value = scheduleB[key];
    if (typeof value === 'boolean') values[`b_${key}`] = value;
    else if (typeof value === 'string' || typeof value === 'number') values[`b_${key}`] = String(value);
  }
  const foreignPartners = (filing.partners ?? []).filter((partner) => partner?.isForeign === true).length;
  if (values.b_line14Count === undefined && foreignPartners > 0)
    values.b_line14Count = String(foreignPartners);
  const totals = scheduleKTotals(filing);
  for (const [line, amount] of Object.entries(totals)) values[`k_${line}`] = dollars(amount);
  const scheduleK = record(filing.scheduleK);
  for (const line of SCHEDULE_K_TYPE_LINES) {
    if (typeof scheduleK[line] === 'string') values[`k_${line}`] = scheduleK[line] as string;
  }
  values.k_line16a = scheduleK.line16a === true;
  values.k_line16b = scheduleK.line16b === true;
  return values;
}

/**
 * Form 1065 for tax year 2025: the header, items A-I, page 1's lines, Schedule B, the Partnership
 * Representative, Schedule K, the Analysis of Net Income (Loss), and Schedules L, M-1 and M-2.
 */
export const form1065TaxYear2025: FormEdition<{ filing: PartnershipInput; asOf?: string }> = {
  form: '1065',
  title: 'Form 1065',
  edition: '2025',
  firstTaxYear: 2025,
  template: 'f1065.pdf',
  sha256: '0f19f556e12ef53c41ba27e5930b4373103f3abcf64693c4ea686451b2a8f56f',
  fields,
  values({ filing, asOf }) {
    const calendar = isCalendarYear(filing.taxYearBegin, filing.taxYearEnd, 2025);
    const method = filing.accountingMethod?.trim().toLowerCase();
    const other = method !== undefined && method !== '' && method !== 'cash' && method !== 'accrual';
    // "other" names its method in accountingMethodOther; a filing stored before the enum holds the
    // words in accountingMethod itself. "Other" with no words is left unchecked: a blank box is
    // better than a claim the filing does not make.
    const otherText = method === 'other' ? filing.accountingMethodOther?.trim() : filing.accountingMethod;
    return {
      taxYearBegin: calendar ? undefined : monthDay(filing.taxYearBegin),
      taxYearEnd: calendar ? undefined : monthDay(filing.taxYearEnd),
      taxYearEndYear: calendar ? undefined : yearOf(filing.taxYearEnd)?.toString().slice(2),
      partnershipName: filing.partnershipName,
      street: filing.street,
      city: filing.city,
      state: filing.state,
      zip: filing.zip,
      businessActivity: filing.businessActivity,
      businessActivityCode: joined(filing.businessActivityCode),
      ein: filing.ein,
      dateBusinessStarted: usDate(filing.dateBusinessStarted),
      totalAssets: dollars(filing.totalAssets),
      accountingCash: method === 'cash',
      accountingAccrual: method === 'accrual',
      accountingOther: other && otherText !== undefined && otherText !== '',
      accountingOtherText: other && otherText ? otherText : undefined,
      scheduleK1Count: String(filing.partners?.length ?? 0),
      ...figureValues(filing, asOf),
      ...representativeValues(filing),
      ...analysisValues(filing),
      ...scheduleLValues(filing),
      ...schedulesMValues(filing),
    };
  },
};
