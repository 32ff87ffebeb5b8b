/**
 * Form 1065 (2025) Schedule L, Balance Sheets per Books (page 6): the lines a filing enters for the
 * beginning and the end of the tax year (`scheduleL.beginning.line1`), the totals the form adds
 * (lines 14 and 22), and where each amount prints (rule scheduleL).
 */
import type { TemplateField } from '../form-edition.js';
import { dollars } from '../field-text.js';
import type { PartnershipInput } from '../filing-input.js';
import { amountOf } from './lines.js';
import { record } from '../form-values.js';

/** The entered lines with their labels as the 2025 form prints them (14 and 22 are computed). */
export const SCHEDULE_L_LABELS = {
  line1: 'Line 1: Cash',
  line2a: 'Line 2a: Trade notes and accounts receivable',
  line2b: 'Line 2b: Less allowance for bad debts',
  line3: 'Line 3: Inventories',
  line4: 'Line 4: U.S. Government obligations',
  line5: 'Line 5: Tax-exempt securities',
  line6: 'Line 6: Other current assets (attach statement)',
  line7a: 'Line 7a: Loans to partners (or persons related to partners)',
  line7b: 'Line 7b: Mortgage and real estate loans',
  line8: 'Line 8: Other investments (attach statement)',
  line9a: 'Line 9a: Buildings and other depreciable assets',
  line9b: 'Line 9b: Less accumulated depreciation',
  line10a: 'Line 10a: Depletable assets',
  line10b: 'Line 10b: Less accumulated depletion',
  line11: 'Line 11: Land (net of any amortization)',
  line12a: 'Line 12a: Intangible assets (amortizable only)',
  line12b: 'Line 12b: Less accumulated amortization',
  line13: 'Line 13: Other assets (attach statement)',
  line15: 'Line 15: Accounts payable',
  line16: 'Line 16: Mortgages, notes, bonds payable in less than 1 year',
  line17: 'Line 17: Other current liabilities (attach statement)',
  line18: 'Line 18: All nonrecourse loans',
  line19a: 'Line 19a: Loans from partners (or persons related to partners)',
  line19b: 'Line 19b: Mortgages, notes, bonds payable in 1 year or more',
  line20: 'Line 20: Other liabilities (attach statement)',
  line21: "Line 21: Partners' capital accounts",
} as const;

export type ScheduleLLine = keyof typeof SCHEDULE_L_LABELS;
export const SCHEDULE_L_LINES = Object.keys(SCHEDULE_L_LABELS) as [ScheduleLLine, ...ScheduleLLine[]];

/** Asset lines with a "less" line: the gross and the reduction print in column (a)/(c), the net in (b)/(d). */
const NETTED = [
  ['line2a', 'line2b'],
  ['line9a', 'line9b'],
  ['line10a', 'line10b'],
  ['line12a', 'line12b'],
] as const;
const PLAIN_ASSETS = [
  'line1',
  'line3',
  'line4',
  'line5',
  'line6',
  'line7a',
  'line7b',
  'line8',
  'line11',
  'line13',
];
const LIABILITIES = ['line15', 'line16', 'line17', 'line18', 'line19a', 'line19b', 'line20', 'line21'];

/** The two columns of the balance sheet. */
export const SCHEDULE_L_COLUMNS = ['beginning', 'end'] as const;
export type ScheduleLColumn = (typeof SCHEDULE_L_COLUMNS)[number];

/** One column's entered lines, or undefined when the filing holds no such column. */
export function scheduleLColumn(
  filing: PartnershipInput,
  column: ScheduleLColumn,
): Record<string, number> | undefined {
  const scheduleL = filing.scheduleL;
  if (scheduleL === undefined || scheduleL === null) return undefined;
  const given = record(scheduleL)[column];
  if (given === undefined || given === null) return undefined;
  const lines: Record<string, number> = {};
  for (const [key, value] of Object.entries(record(given))) {
    const amount = amountOf(value);
    if (amount !== undefined) lines[key] = amount;
  }
  return lines;
}

/** Lines 14 (total assets) and 22 (total liabilities and capital) of one column. */
export function scheduleLTotals(lines: Record<string, number>): { line14: number; line22: number } {
  const v = (key: string) => lines[key] ?? 0;
  const assets =
    PLAIN_ASSETS.reduce((sum, key) => sum + v(key), 0) +
    NETTED.reduce((sum, [gross, less]) => sum + v(gross) - v(less), 0);
  return { line14: assets, line22: LIABILITIES.reduce((sum, key) => sum + v(key), 0) };
}

const P6 = 'topmostSubform[0].Page6[0].';
/** Each row's table and its first field number (columns a, b, c, d follow). */
const ROWS: ReadonlyArray<[string, string, number]> = [
  ['line1', 'Table_Assets[0].Line1', 14],
  ['line2a', 'Table_Assets[0].Line2a', 18],
  ['line2b', 'Table_Assets[0].Line2b', 22],
  ['line3', 'Table_Assets[0].Line3', 26],
  ['line4', 'Table_Assets[0].Line4', 30],
  ['line5', 'Table_Assets[0].Line5', 34],
  ['line6', 'Table_Assets[0].Line6', 38],
  ['line7a', 'Table_Assets[0].Line7a', 42],
  ['line7b', 'Table_Assets[0].Line7b', 46],
  ['line8', 'Table_Assets[0].Line8', 50],
  ['line9a', 'Table_Assets[0].Line9a', 54],
  ['line9b', 'Table_Assets[0].Line9b', 58],
  ['line10a', 'Table_Assets[0].Line10a', 62],
  ['line10b', 'Table_Assets[0].Line10b', 66],
  ['line11', 'Table_Assets[0].Line11', 70],
  ['line12a', 'Table_Assets[0].Line12a', 74],
  ['line12b', 'Table_Assets[0].Line12b', 78],
  ['line13', 'Table_Assets[0].Line13', 82],
  ['line14', 'Table_Assets[0].Line14', 86],
  ['line15', 'Table_Liabilities[0].Line15', 90],
  ['line16', 'Table_Liabilities[0].Line16', 94],
  ['line17', 'Table_Liabilities[0].Line17', 98],
  ['line18', 'Table_Liabilities[0].Line18', 102],
  ['line19a', 'Table_Liabilities[0].Line19a', 106],
  ['line19b', 'Table_Liabilities[0].Line19b', 110],
  ['line20', 'Table_Liabilities[0].Line20', 114],
  ['line21', 'Table_Liabilities[0].Line21', 118],
  ['line22', 'Table_Liabilities[0].Line22', 122],
];

/** Schedule L's template fields, keys `l_line2a_a` ... `l_line22_d`. */
export function scheduleLFields(): Record<string, TemplateField> {
  const out: Record<string, TemplateField> = {};
  for (const [line, table, first] of ROWS) {
    ['a', 'b', 'c', 'd'].forEach((column, index) => {
      out[`l_${line}_${column}`] = {
        name: `${P6}${table}[0].f6_${first + index}[0]`,
        type: 'text',
        line: `Schedule L, ${line.replace(/^line/, '')}(${column})`,
      };
    });
  }
  return out;
}

/** Schedule L's values: a column the filing holds prints with its totals; one it lacks stays blank. */
export function scheduleLValues(filing: PartnershipInput): Record<string, string | undefined> {
  const values: Record<string, string | undefined> = {};
  for (const [column, [grossColumn, netColumn]] of [
    ['beginning', ['a', 'b']],
    ['end', ['c', 'd']],
  ] as const) {
    const lines = scheduleLColumn(filing, column);
    if (lines === undefined) continue;
    const put = (line: string, at: string, amount: number | undefined) => {
      if (amount !== undefined) values[`l_${line}_${at}`] = dollars(amount);
    };
    for (const key of [...PLAIN_ASSETS, ...LIABILITIES]) put(key, netColumn, lines[key]);
    for (const [gross, less] of NETTED) {
      if (lines[gross] === undefined && lines[less] === undefined) continue;
      put(gross, grossColumn, lines[gross]);
      put(less, grossColumn, lines[less]);
      put(less, netColumn, (lines[gross] ?? 0) - (lines[less] ?? 0));
    }
    const totals = scheduleLTotals(lines);
    put('line14', netColumn, totals.line14);
    put('line22', netColumn, totals.line22);
  }
  return values;
}
