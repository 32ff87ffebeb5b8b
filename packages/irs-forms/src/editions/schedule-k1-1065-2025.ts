import type { FormEdition, TemplateField } from '../form-edition.js';
import { dollars, isCalendarYear, monthDay } from '../field-text.js';
import type { PartnerInput, PartnershipInput } from '../filing-input.js';
import { irsCenterOfFiling, K1_CODE_ROWS, k1Boxes } from '../partnership/k1-items.js';
import { amountOf, percentOf, type ScheduleKLine } from '../partnership/lines.js';
import { record } from '../form-values.js';

const P1 = 'topmostSubform[0].Page1[0].';
const HEADER = `${P1}Pg1Header[0].ForCalendarYear[0].`;
const LEFT = `${P1}LeftCol[0].`;
const text = (name: string, line: string): TemplateField => ({ name, type: 'text', line });
const box = (name: string, line: string): TemplateField => ({ name, type: 'checkbox', line });

const fields = {
  taxYearBeginMonth: text(`${HEADER}f1_1[0]`, 'header: beginning month'),
  taxYearBeginDay: text(`${HEADER}f1_2[0]`, 'header: beginning day'),
  taxYearEndMonth: text(`${HEADER}f1_3[0]`, 'header: ending month'),
  taxYearEndDay: text(`${HEADER}f1_4[0]`, 'header: ending day'),
  taxYearEndYear: text(`${HEADER}f1_5[0]`, 'header: ending year'),
  ein: text(`${LEFT}f1_6[0]`, 'A'),
  partnership: text(`${LEFT}f1_7[0]`, 'B'),
  irsCenter: text(`${LEFT}f1_8[0]`, 'C'),
  partnerTin: text(`${LEFT}f1_9[0]`, 'E'),
  partner: text(`${LEFT}f1_10[0]`, 'F'),
  generalPartner: box(`${LEFT}c1_4[0]`, 'G: general partner'),
  limitedPartner: box(`${LEFT}c1_4[1]`, 'G: limited partner'),
  domesticPartner: box(`${LEFT}c1_5[0]`, 'H1: domestic partner'),
  foreignPartner: box(`${LEFT}c1_5[1]`, 'H1: foreign partner'),
  entityType: text(`${LEFT}f1_13[0]`, 'I1'),
  ...partTwoFigureFields(),
  ...boxFields(),
} satisfies Record<string, TemplateField>;

/** Items J, K1, L, M and N. */
function partTwoFigureFields(): Record<string, TemplateField> {
  const J = `${LEFT}LineJTable[0].`;
  const K = `${LEFT}LineK1Table[0].LineK1Table[0].`;
  const L = `${LEFT}LIneLTable[0].LineLTable[0].`;
  return {
    profitBeginning: text(`${J}Profit[0].f1_14[0]`, 'J profit beginning'),
    profitEnding: text(`${J}Profit[0].f1_15[0]`, 'J profit ending'),
    lossBeginning: text(`${J}Loss[0].f1_16[0]`, 'J loss beginning'),
    lossEnding: text(`${J}Loss[0].f1_17[0]`, 'J loss ending'),
    capitalBeginning: text(`${J}Capital[0].f1_18[0]`, 'J capital beginning'),
    capitalEnding: text(`${J}Capital[0].f1_19[0]`, 'J capital ending'),
    nonrecourseBeginning: text(`${K}Nonrecourse[0].f1_20[0]`, 'K1 nonrecourse beginning'),
    nonrecourseEnding: text(`${K}Nonrecourse[0].f1_21[0]`, 'K1 nonrecourse ending'),
    qualifiedNonrecourseBeginning: text(
      `${K}QualifiedNonrecourse[0].f1_22[0]`,
      'K1 qualified nonrecourse beginning',
    ),
    qualifiedNonrecourseEnding: text(
      `${K}QualifiedNonrecourse[0].f1_23[0]`,
      'K1 qualified nonrecourse ending',
    ),
    recourseBeginning: text(`${K}Recourse[0].f1_24[0]`, 'K1 recourse beginning'),
    recourseEnding: text(`${K}Recourse[0].f1_25[0]`, 'K1 recourse ending'),
    capitalAccountBeginning: text(`${L}Row1[0].f1_26[0]`, 'L beginning capital account'),
    capitalContributed: text(`${L}Row2[0].f1_27[0]`, 'L capital contributed'),
    capitalCurrentYearIncome: text(`${L}Row3[0].f1_28[0]`, 'L current year net income (loss)'),
    capitalOtherIncrease: text(`${L}Row4[0].f1_29[0]`, 'L other increase (decrease)'),
    capitalWithdrawals: text(`${L}Row5[0].f1_30[0]`, 'L withdrawals and distributions'),
    capitalAccountEnding: text(`${L}Row6[0].f1_31[0]`, 'L ending capital account'),
    builtInGainYes: box(`${LEFT}c1_11[0]`, 'M yes'),
    builtInGainNo: box(`${LEFT}c1_11[1]`, 'M no'),
    section704cBeginning: text(`${LEFT}LineN[0].f1_32[0]`, 'N beginning'),
    section704cEnding: text(`${LEFT}LineN[0].f1_33[0]`, 'N ending'),
  };
}

/** Part III boxes without codes, the first code lines of boxes 13, 14, 18, 19 and 20, and the box 16 checkbox. */
function boxFields(): Record<string, TemplateField> {
  const R1 = `${P1}RightCol[0].RightCol1[0].`;
  const R2 = `${P1}RightCol[0].RightCol2[0].`;
  const plain: Array<[string, string]> = [
    ['1', 'f1_34'],
    ['2', 'f1_35'],
    ['3', 'f1_36'],
    ['4a', 'f1_37'],
    ['4b', 'f1_38'],
    ['4c', 'f1_39'],
    ['5', 'f1_40'],
    ['6a', 'f1_41'],
    ['6b', 'f1_42'],
    ['6c', 'f1_43'],
    ['7', 'f1_44'],
    ['8', 'f1_45'],
    ['9a', 'f1_46'],
    ['9b', 'f1_47'],
    ['9c', 'f1_48'],
    ['10', 'f1_49'],
    ['12', 'f1_54'],
  ];
  const out: Record<string, TemplateField> = {};
  for (const [name, field] of plain) out[`box${name}`] = text(`${R1}${field}[0]`, `box ${name}`);
  out.box21 = text(`${R2}f1_66[0]`, 'box 21');
  out.box14Code1 = text(`${R2}Line14[0]`, 'box 14 code');
  out.box14Amount1 = text(`${R2}f1_60[0]`, 'box 14');
  out.box14Code2 = text(`${R2}f1_61[0]`, 'box 14 code (2)');
  out.box14Amount2 = text(`${R2}f1_62[0]`, 'box 14 (2)');
  out.box18Code1 = text(`${R2}Line18[0]`, 'box 18 code');
  out.box18Amount1 = text(`${R2}f1_84[0]`, 'box 18');
  out.box18Code2 = text(`${R2}f1_85[0]`, 'box 18 code (2)');
  out.box18Amount2 = text(`${R2}f1_86[0]`, 'box 18 (2)');
  out.box18Code3 = text(`${R2}f1_87[0]`, 'box 18 code (3)');
  out.box18Amount3 = text(`${R2}f1_88[0]`, 'box 18 (3)');
  // The first code lines of boxes 13, 19 and 20 (rule k1CodedBoxes).
  out.box13Code1 = text(`${R1}Line13[0]`, 'box 13 code');
  out.box13Amount1 = text(`${R1}f1_55[0]`, 'box 13');
  out.box19Code1 = text(`${R2}Line19[0]`, 'box 19 code');
  out.box19Amount1 = text(`${R2}f1_89[0]`, 'box 19');
  out.box20Code1 = text(`${R2}Line20[0]`, 'box 20 code');
  out.box20Amount1 = text(`${R2}f1_92[0]`, 'box 20');
  out.box20Code2 = text(`${R2}f1_93[0]`, 'box 20 code (2)');
  out.box20Amount2 = text(`${R2}f1_94[0]`, 'box 20 (2)');
  out.box20Code3 = text(`${R2}f1_95[0]`, 'box 20 code (3)');
  out.box20Amount3 = text(`${R2}f1_96[0]`, 'box 20 (3)');
  out.scheduleK3Attached = box(`${R2}c1_12[0]`, 'box 16 (Schedule K-3 attached)');
  return out;
}

const percent = (value: unknown) => {
  const number = percentOf(value);
  return number === undefined ? undefined : String(number);
};
const money = (value: unknown) => {
  const amount = amountOf(value);
  return amount === undefined ? undefined : dollars(amount);
};

/** Items J-N and boxes 1-21 of one partner's K-1 (boxes from `share`, the partner's Schedule K share). */
function figureValues(
  filing: PartnershipInput,
  partner: PartnerInput,
  share: Partial<Record<ScheduleKLine, number>> | undefined,
): Record<string, string | boolean | undefined> {
  const shares = record(partner.shares);
  const liabilities = record(partner.liabilities);
  const capital = record(partner.capitalAccount);
  const section704c = record(partner.section704c);
  const withdrawals = amountOf(capital.withdrawals);
  const values: Record<string, string | boolean | undefined> = {
    profitBeginning: percent(shares.profitBeginning),
    profitEnding: percent(shares.profitEnding),
    lossBeginning: percent(shares.lossBeginning),
    lossEnding: percent(shares.lossEnding),
    capitalBeginning: percent(shares.capitalBeginning),
    capitalEnding: percent(shares.capitalEnding),
    nonrecourseBeginning: money(liabilities.nonrecourseBeginning),
    nonrecourseEnding: money(liabilities.nonrecourseEnding),
    qualifiedNonrecourseBeginning: money(liabilities.qualifiedNonrecourseBeginning),
    qualifiedNonrecourseEnding: money(liabilities.qualifiedNonrecourseEnding),
    recourseBeginning: money(liabilities.recourseBeginning),
    recourseEnding: money(liabilities.recourseEnding),
    capitalAccountBeginning: money(capital.beginning),
    capitalContributed: money(capital.contributed),
    capitalCurrentYearIncome: money(capital.currentYearIncome),
    capitalOtherIncrease: money(capital.otherIncrease),
    // The form prints the parentheses around withdrawals itself.
    capitalWithdrawals: withdrawals === undefined ? undefined : dollars(Math.abs(withdrawals)),
    capitalAccountEnding: money(capital.ending) ?? endingCapital(capital),
    builtInGainYes: partner.contributedBuiltInGainProperty === true,
    builtInGainNo: partner.contributedBuiltInGainProperty === false,
    section704cBeginning: money(section704c.beginning),
    section704cEnding: money(section704c.ending),
    scheduleK3Attached: record(filing.scheduleK).line16a === true,
  };
  // Boxes 1-21 as k1Boxes gives them; a coded box's lines past its rows are named in prepare_elsewhere.
  const boxes = k1Boxes(filing, share);
  for (const [name, amount] of Object.entries(boxes.plain)) values[`box${name}`] = dollars(amount);
  for (const [boxName, rows] of Object.entries(boxes.coded)) {
    rows.slice(0, K1_CODE_ROWS[boxName]).forEach(([code, amount], index) => {
      values[`box${boxName}Code${index + 1}`] = code;
      values[`box${boxName}Amount${index + 1}`] = amount;
    });
  }
  return values;
}

function endingCapital(capital: Record<string, unknown>): string | undefined {
  const parts = ['beginning', 'contributed', 'currentYearIncome', 'withdrawals'].map((key) =>
    amountOf(capital[key]),
  );
  if (parts.some((part) => part === undefined)) return undefined;
  const [beginning, contributed, income, withdrawals] = parts as number[];
  return dollars(
    beginning! + contributed! + income! + (amountOf(capital.otherIncrease) ?? 0) - Math.abs(withdrawals!),
  );
}

/** Input of one Schedule K-1: the partnership filing and one partner. */
export interface ScheduleK1Input {
  filing: PartnershipInput;
  partner: PartnerInput;
  /** The partner's share of each Schedule K amount (boxes 1-21), when the figures allow it. */
  share?: Partial<Record<ScheduleKLine, number>>;
}

/** Schedule K-1 (Form 1065) for tax year 2025: Parts I and II (items A-N) and Part III's boxes. */
export const scheduleK1Form1065TaxYear2025: FormEdition<ScheduleK1Input> = {
  form: '1065-K1',
  title: 'Schedule K-1 (Form 1065)',
  edition: '2025',
  firstTaxYear: 2025,
  template: 'f1065sk1.pdf',
  sha256: '66098d4d48537ce2dac1f093d6351567957896e5843d8c524823b380068f6547',
  fields,
  values({ filing, partner, share }) {
    const calendar = isCalendarYear(filing.taxYearBegin, filing.taxYearEnd, 2025);
    const begin = calendar ? undefined : monthDay(filing.taxYearBegin)?.split('/');
    const end = calendar ? undefined : monthDay(filing.taxYearEnd)?.split('/');
    const type = typeof partner.type === 'string' ? partner.type.toLowerCase() : '';
    const cityLine = [filing.city, [filing.state, filing.zip].filter(Boolean).join(' ')]
      .filter(Boolean)
      .join(', ');
    return {
      taxYearBeginMonth: begin?.[0],
      taxYearBeginDay: begin?.[1],
      taxYearEndMonth: end?.[0],
      taxYearEndDay: end?.[1],
      taxYearEndYear: calendar ? undefined : filing.taxYearEnd?.slice(0, 4),
      ein: filing.ein,
      partnership: [filing.partnershipName, filing.street, cityLine].filter(Boolean).join('\n') || undefined,
      irsCenter: irsCenterOfFiling(filing),
      // Item E takes a U.S. TIN only: a foreign id is never printed there (rule foreignPartnerTin).
      partnerTin: partner.tin,
      partner: [partner.name, partner.address].filter(Boolean).join('\n') || undefined,
      generalPartner: type.includes('general') || type.includes('manager'),
      limitedPartner: type.includes('limited'),
      domesticPartner: partner.isForeign === false,
      foreignPartner: partner.isForeign === true,
      entityType: partner.entityType,
      ...figureValues(filing, partner, share),
    };
  },
};
