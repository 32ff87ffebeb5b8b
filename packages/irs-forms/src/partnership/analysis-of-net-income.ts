/**
 * Form 1065 (2025) page 6, Analysis of Net Income (Loss) per Return (rule analysisOfNetIncome):
 * line 1 from Schedule K, and line 2 split by partner type from each partner's K-1 shares.
 */
import type { TemplateField } from '../form-edition.js';
import { dollars } from '../field-text.js';
import type { PartnerInput, PartnershipInput } from '../filing-input.js';
import type { ScheduleKLine } from './lines.js';
import { k1Shares, scheduleKTotals } from './schedule-k.js';

/** Line 2's columns (i)-(vi), as form_data names them (`partners[].analysisType`). */
export const ANALYSIS_TYPES = [
  'corporate',
  'individual-active',
  'individual-passive',
  'partnership',
  'exempt-organization',
  'nominee-other',
] as const;
export type AnalysisType = (typeof ANALYSIS_TYPES)[number];

/** Schedule K lines added (1 through 11) and subtracted (12 through 13e, and 21) for line 1. */
const ADDED: readonly ScheduleKLine[] = [
  'line1',
  'line2',
  'line3c',
  // 4c is 4a + 4b; the parts are added so each partner's guaranteed payments are its own.
  'line4a',
  'line4b',
  'line5',
  'line6a',
  'line7',
  'line8',
  'line9a',
  'line10',
  'line11',
];
const SUBTRACTED: readonly ScheduleKLine[] = [
  'line12',
  'line13a',
  'line13b',
  'line13c',
  'line13d',
  'line13e',
  'line21',
];

function netIncome(lines: Partial<Record<ScheduleKLine, number>>): number {
  const sum = (keys: readonly ScheduleKLine[]) => keys.reduce((total, key) => total + (lines[key] ?? 0), 0);
  return sum(ADDED) - sum(SUBTRACTED);
}

/** The column an item I1 entity type decides; individuals (active or passive) and ambiguous types are the filing's to say. */
const COLUMN_OF_ENTITY: Readonly<Record<string, AnalysisType>> = {
  corporation: 'corporate',
  's corporation': 'corporate',
  partnership: 'partnership',
  'limited partnership': 'partnership',
  'limited liability partnership': 'partnership',
  'exempt organization': 'exempt-organization',
  trust: 'nominee-other',
  estate: 'nominee-other',
  'nominee/custodian': 'nominee-other',
};

/** A partner's line 2 column: `analysisType` when given, else what item I1 decides, else undefined. */
export function analysisType(partner: PartnerInput): AnalysisType | undefined {
  const given = partner.analysisType;
  if (typeof given === 'string' && (ANALYSIS_TYPES as readonly string[]).includes(given)) {
    return given as AnalysisType;
  }
  return COLUMN_OF_ENTITY[
    String(partner.entityType ?? '')
      .trim()
      .toLowerCase()
  ];
}

/** Row a (general partners) or b (limited partners); an LLC reports every member on row b. */
function rowOf(filing: PartnershipInput, partner: PartnerInput): 'a' | 'b' {
  const entity = String((filing.scheduleB as Record<string, unknown> | undefined)?.line1 ?? '').toLowerCase();
  if (entity === 'domestic limited liability company') return 'b';
  return String(partner.type ?? '').startsWith('General') ? 'a' : 'b';
}

export interface AnalysisOfNetIncome {
  line1: number;
  /** Line 2 by row and column; undefined when a partner's column or share is not known. */
  line2?: Record<'a' | 'b', Record<AnalysisType, number>>;
  /** Indexes of the partners whose column the filing must give (`partners[i].analysisType`). */
  undecided: number[];
}

/** The analysis, or undefined when Schedule K has no figures. */
export function analysisOfNetIncome(filing: PartnershipInput): AnalysisOfNetIncome | undefined {
  const totals = scheduleKTotals(filing);
  if (Object.keys(totals).length === 0) return undefined;
  const partners = Array.isArray(filing.partners) ? filing.partners : [];
  const undecided = partners.flatMap((partner, index) => (analysisType(partner) ? [] : [index]));
  const result: AnalysisOfNetIncome = { line1: netIncome(totals), undecided };
  const shares = k1Shares(filing);
  if (shares === undefined || undecided.length > 0) return result;
  const empty = () =>
    Object.fromEntries(ANALYSIS_TYPES.map((type) => [type, 0])) as Record<AnalysisType, number>;
  const line2 = { a: empty(), b: empty() };
  partners.forEach((partner, index) => {
    line2[rowOf(filing, partner)][analysisType(partner)!] += netIncome(shares[index]!);
  });
  result.line2 = line2;
  return result;
}

const P6 = 'topmostSubform[0].Page6[0].';

/** The template fields: `ani_line1`, `ani_2a_corporate` ... `ani_2b_nominee-other` (f6_02-f6_13). */
export function analysisFields(): Record<string, TemplateField> {
  const out: Record<string, TemplateField> = {
    ani_line1: { name: `${P6}f6_01[0]`, type: 'text', line: 'Analysis of Net Income (Loss), 1' },
  };
  (['a', 'b'] as const).forEach((row, rowIndex) => {
    ANALYSIS_TYPES.forEach((type, column) => {
      out[`ani_2${row}_${type}`] = {
        name: `${P6}Table_Line2[0].BodyRow${row.toUpperCase()}[0].f6_${String(2 + rowIndex * 6 + column).padStart(2, '0')}[0]`,
        type: 'text',
        line: `Analysis of Net Income (Loss), 2${row}(${['i', 'ii', 'iii', 'iv', 'v', 'vi'][column]})`,
      };
    });
  });
  return out;
}

/** The values: line 1, and each nonzero cell of line 2 (blank cells stay blank). */
export function analysisValues(filing: PartnershipInput): Record<string, string | undefined> {
  const analysis = analysisOfNetIncome(filing);
  if (analysis === undefined) return {};
  const values: Record<string, string | undefined> = { ani_line1: dollars(analysis.line1) };
  for (const row of ['a', 'b'] as const) {
    for (const type of ANALYSIS_TYPES) {
      const amount = analysis.line2?.[row][type];
      if (amount) values[`ani_2${row}_${type}`] = dollars(amount);
    }
  }
  return values;
}
