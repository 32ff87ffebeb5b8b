/**
 * Form 1065 (2025) Schedules M-1 (Reconciliation of Income (Loss) per Books With Analysis of Net
 * Income (Loss) per Return) and M-2 (Analysis of Partners' Capital Accounts), page 6: the lines a
 * filing enters, the lines the form adds, and where each prints (rules scheduleM1, scheduleM2).
 */
import type { TemplateField } from '../form-edition.js';
import { dollars } from '../field-text.js';
import type { PartnershipInput } from '../filing-input.js';
import { amountOf } from './lines.js';

export const SCHEDULE_M1_LABELS = {
  line1: 'Line 1: Net income (loss) per books',
  line2:
    'Line 2: Income included on Schedule K, lines 1, 2, 3c, 5, 6a, 7, 8, 9a, 10, and 11, not recorded on books this year',
  line2Description: 'Line 2: the items of line 2, itemized in words',
  line3: 'Line 3: Guaranteed payments (other than health insurance)',
  line4:
    'Line 4: Expenses recorded on books this year not included on Schedule K, lines 1 through 13e, and 21 (total; 4a + 4b when not given)',
  line4a: 'Line 4a: of line 4, depreciation',
  line4b: 'Line 4b: of line 4, travel and entertainment',
  line6:
    'Line 6: Income recorded on books this year not included on Schedule K, lines 1 through 11 (total; 6a when not given)',
  line6a: 'Line 6a: of line 6, tax-exempt interest',
  line6Description: 'Line 6: the items of line 6, itemized in words',
  line7:
    'Line 7: Deductions included on Schedule K, lines 1 through 13e, and 21, not charged against book income this year (total; 7a when not given)',
  line7a: 'Line 7a: of line 7, depreciation',
  line7Description: 'Line 7: the items of line 7, itemized in words',
} as const;

export const SCHEDULE_M2_LABELS = {
  line1: 'Line 1: Balance at beginning of year',
  line2a: 'Line 2a: Capital contributed, cash',
  line2b: 'Line 2b: Capital contributed, property',
  line3: 'Line 3: Net income (loss) (per books)',
  line4: 'Line 4: Other increases',
  line4Description: 'Line 4: the other increases, itemized in words',
  line6a: 'Line 6a: Distributions, cash',
  line6b: 'Line 6b: Distributions, property',
  line7: 'Line 7: Other decreases',
  line7Description: 'Line 7: the other decreases, itemized in words',
} as const;

/** The keys of each schedule that hold words, not amounts. */
export const SCHEDULE_M_TEXT_KEYS: ReadonlySet<string> = new Set([
  'line2Description',
  'line4Description',
  'line6Description',
  'line7Description',
]);

function record(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

function amounts(value: unknown): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [key, item] of Object.entries(record(value))) {
    const amount = amountOf(item);
    if (amount !== undefined && !SCHEDULE_M_TEXT_KEYS.has(key)) out[key] = amount;
  }
  return out;
}

/** Schedule M-1 with its totals: lines 4, 6, 7 default to their parts; 5 = 1-4; 8 = 6 + 7; 9 = 5 - 8. */
export function scheduleM1(filing: PartnershipInput): Record<string, number> | undefined {
  if (filing.scheduleM1 === undefined || filing.scheduleM1 === null) return undefined;
  const lines = amounts(filing.scheduleM1);
  const v = (key: string) => lines[key] ?? 0;
  lines.line4 ??= v('line4a') + v('line4b');
  lines.line6 ??= v('line6a');
  lines.line7 ??= v('line7a');
  lines.line5 = v('line1') + v('line2') + v('line3') + v('line4');
  lines.line8 = v('line6') + v('line7');
  lines.line9 = lines.line5 - lines.line8;
  return lines;
}

/** Schedule M-2 with its totals: 5 = 1 + 2a + 2b + 3 + 4; 8 = 6a + 6b + 7; 9 = 5 - 8. */
export function scheduleM2(filing: PartnershipInput): Record<string, number> | undefined {
  if (filing.scheduleM2 === undefined || filing.scheduleM2 === null) return undefined;
  const lines = amounts(filing.scheduleM2);
  const v = (key: string) => lines[key] ?? 0;
  lines.line5 = v('line1') + v('line2a') + v('line2b') + v('line3') + v('line4');
  lines.line8 = v('line6a') + v('line6b') + v('line7');
  lines.line9 = lines.line5 - lines.line8;
  return lines;
}

const M1 = 'topmostSubform[0].Page6[0].SchM-1_';
const P6 = 'topmostSubform[0].Page6[0].';
const M1_FIELDS: ReadonlyArray<[string, string]> = [
  ['line1', `${M1}Left[0].f6_126[0]`],
  ['line2Description', `${M1}Left[0].f6_127[0]`],
  ['line2', `${M1}Left[0].f6_128[0]`],
  ['line3', `${M1}Left[0].f6_129[0]`],
  ['line4a', `${M1}Left[0].f6_130[0]`],
  ['line4b', `${M1}Left[0].f6_131[0]`],
  ['line4', `${M1}Left[0].f6_132[0]`],
  ['line5', `${M1}Left[0].f6_133[0]`],
  ['line6a', `${M1}Right[0].f6_134[0]`],
  ['line6Description', `${M1}Right[0].f6_135[0]`],
  ['line6', `${M1}Right[0].f6_136[0]`],
  ['line7a', `${M1}Right[0].f6_137[0]`],
  ['line7Description', `${M1}Right[0].f6_138[0]`],
  ['line7', `${M1}Right[0].f6_139[0]`],
  ['line8', `${M1}Right[0].f6_140[0]`],
  ['line9', `${M1}Right[0].f6_141[0]`],
];
const M2_FIELDS: ReadonlyArray<[string, string]> = [
  ['line1', `${P6}SchM-2_Left[0].f6_142[0]`],
  ['line2a', `${P6}SchM-2_Left[0].f6_143[0]`],
  ['line2b', `${P6}SchM-2_Left[0].f6_144[0]`],
  ['line3', `${P6}SchM-2_Left[0].f6_145[0]`],
  ['line4Description', `${P6}SchM-2_Left[0].f6_146[0]`],
  ['line4', `${P6}SchM-2_Left[0].f6_147[0]`],
  ['line5', `${P6}SchM-2_Left[0].f6_148[0]`],
  ['line6a', `${P6}f6_149[0]`],
  ['line6b', `${P6}f6_150[0]`],
  ['line7Description', `${P6}f6_152[0]`],
  ['line7', `${P6}f6_153[0]`],
  ['line8', `${P6}f6_154[0]`],
  ['line9', `${P6}f6_155[0]`],
];

/** The M-1 and M-2 template fields, keys `m1_line1` ... `m2_line9`. */
export function schedulesMFields(): Record<string, TemplateField> {
  const out: Record<string, TemplateField> = {};
  for (const [prefix, schedule, list] of [
    ['m1', 'M-1', M1_FIELDS],
    ['m2', 'M-2', M2_FIELDS],
  ] as const) {
    for (const [key, name] of list) {
      out[`${prefix}_${key}`] = {
        name,
        type: 'text',
        line: `Schedule ${schedule}, ${key.replace(/^line/, '').replace('Description', ' (itemize)')}`,
      };
    }
  }
  return out;
}

/** The M-1 and M-2 values. */
export function schedulesMValues(filing: PartnershipInput): Record<string, string | undefined> {
  const values: Record<string, string | undefined> = {};
  for (const [prefix, lines, given, labels] of [
    ['m1', scheduleM1(filing), filing.scheduleM1, SCHEDULE_M1_LABELS],
    ['m2', scheduleM2(filing), filing.scheduleM2, SCHEDULE_M2_LABELS],
  ] as const) {
    if (lines === undefined) continue;
    for (const [key, amount] of Object.entries(lines)) values[`${prefix}_${key}`] = dollars(amount);
    for (const key of Object.keys(labels).filter((name) => SCHEDULE_M_TEXT_KEYS.has(name))) {
      const text = record(given)[key];
      if (typeof text === 'string' && text.trim() !== '') values[`${prefix}_${key}`] = text.trim();
    }
  }
  return values;
}
