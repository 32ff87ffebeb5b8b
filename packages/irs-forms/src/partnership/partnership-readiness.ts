import type { PartnerInput, PartnershipInput } from '../filing-input.js';
import { monthsOrFractionLate, type Penalty } from '../lateness.js';
import { amountOf, INCOME_INPUT_LINES, K1_SHARE_KEYS, percentOf, SCHEDULE_K_AMOUNT_LINES } from './lines.js';
import {
  LATE_1065_PENALTY_MAX_MONTHS,
  LATE_1065_PENALTY_PER_PARTNER_MONTH,
  MAX_PARTNERS_ON_PAPER,
  mustEfile1065,
  PARTNERSHIP_RULES,
} from './partnership-rules.js';
import { foreignTinNotes, line10Notes, partnerItemProblems } from './partner-item-problems.js';
import { section199AMissing } from './section-199a.js';
import { SCHEDULE_B_QUESTIONS } from './schedule-b.js';
import { pageOne, scheduleKTotals, specialAllocation } from './schedule-k.js';
import { form1065Address } from './where-to-file-1065.js';
import { partnershipWhereToFile, type WhereToFile } from './where-to-file.js';
import { section1446Rate } from './withholding-1446.js';
import { record, isBlank } from '../form-values.js';
import type { InvalidField, MissingLine } from '../readiness-types.js';

type Missing = MissingLine & { form: '1065' | '1065-K1' };
type Invalid = InvalidField;

/** The partners owning 50% or more of profit, loss or capital at the end of the year (Schedule B-1). */
export function majorityOwners(filing: PartnershipInput): PartnerInput[] {
  const partners = Array.isArray(filing.partners) ? filing.partners : [];
  return partners.filter((partner) => {
    const shares = record(partner?.shares);
    return ['profitEnding', 'lossEnding', 'capitalEnding'].some((key) => (percentOf(shares[key]) ?? 0) >= 50);
  });
}

const INDIVIDUAL_TYPES = new Set(['individual', 'estate']);

/**
 * The figures a partnership return needs that are missing or inconsistent: page 1, Schedule K,
 * Schedule B, each partner's items E-L and (foreign) ECTI share, the e-file question.
 */
const ACCOUNTING_METHODS = new Set(['cash', 'accrual', 'other']);

/** Item H (PARTNERSHIP_RULES.accountingMethod): "other" needs its words; any other value is restated. */
function accountingMethodProblems(filing: PartnershipInput, missing: Missing[], invalid: Invalid[]): void {
  const method = filing.accountingMethod;
  if (typeof method !== 'string' || method.trim() === '') return;
  // Case aside: "Cash" stored before the enum prints the Cash box all the same.
  const known = method.trim().toLowerCase();
  if (!ACCOUNTING_METHODS.has(known)) {
    invalid.push({
      field: 'accountingMethod',
      message: `must be "cash", "accrual" or "other" (then accountingMethodOther names the method in words); got "${method}"`,
    });
  } else if (known === 'other' && isBlank(filing.accountingMethodOther)) {
    missing.push({ form: '1065', line: 'H(3)', field: 'accountingMethodOther' });
  }
}

export function partnershipFigureProblems(filing: PartnershipInput): {
  missing: Missing[];
  invalid: Invalid[];
} {
  const missing: Missing[] = [];
  const invalid: Invalid[] = [];
  const partners = Array.isArray(filing.partners) ? filing.partners : [];
  const page = pageOne(filing);
  const income = record(filing.income);
  if (!INCOME_INPUT_LINES.some((line) => amountOf(income[line]) !== undefined)) {
    missing.push({ form: '1065', line: '1a-8', field: 'income' });
  }
  if (filing.deductions === undefined || filing.deductions === null) {
    missing.push({ form: '1065', line: '9-21', field: 'deductions' });
  }
  const scheduleK = record(filing.scheduleK);
  const totals = scheduleKTotals(filing);
  if (Object.keys(totals).length === 0)
    missing.push({ form: '1065', line: 'Schedule K, 1-21', field: 'scheduleK' });
  if (typeof scheduleK.line16a !== 'boolean') {
    missing.push({
      form: '1065',
      line: 'Schedule K, 16a (Schedules K-2 and K-3)',
      field: 'scheduleK.line16a',
    });
  }
  accountingMethodProblems(filing, missing, invalid);
  const enteredLine1 = amountOf(scheduleK.line1);
  if (enteredLine1 !== undefined && page.entered && enteredLine1 !== page.lines.line23) {
    invalid.push({
      field: 'scheduleK.line1',
      message: `must equal Form 1065 page 1, line 23 (${page.lines.line23})`,
    });
  }

  const scheduleB = record(filing.scheduleB);
  if (isBlank(scheduleB.line1))
    missing.push({ form: '1065', line: 'Schedule B, 1', field: 'scheduleB.line1' });
  for (const question of SCHEDULE_B_QUESTIONS) {
    if (question.onlyIf && scheduleB[question.onlyIf] !== true) continue;
    if (typeof scheduleB[question.key] !== 'boolean') {
      missing.push({
        form: '1065',
        line: `Schedule B, ${question.line}`,
        field: `scheduleB.${question.key}`,
      });
    }
  }
  const owners = majorityOwners(filing);
  const entityOwner = owners.some(
    (owner) => !INDIVIDUAL_TYPES.has(String(owner.entityType ?? '').toLowerCase()),
  );
  const individualOwner = owners.some((owner) =>
    INDIVIDUAL_TYPES.has(String(owner.entityType ?? '').toLowerCase()),
  );
  if (entityOwner && scheduleB.line2a === false) {
    invalid.push({
      field: 'scheduleB.line2a',
      message: 'must be true: an entity partner owns 50% or more (attach Schedule B-1)',
    });
  }
  if (individualOwner && scheduleB.line2b === false) {
    invalid.push({
      field: 'scheduleB.line2b',
      message: 'must be true: an individual or estate owns 50% or more (attach Schedule B-1)',
    });
  }
  if (partners.some((partner) => partner?.isForeign === true) && scheduleB.line14 === false) {
    invalid.push({
      field: 'scheduleB.line14',
      message: 'must be true: the partnership has foreign partners',
    });
  }

  if (typeof filing.filesTenOrMoreReturns !== 'boolean') {
    missing.push({ form: '1065', line: 'Electronic filing (T.D. 9972)', field: 'filesTenOrMoreReturns' });
  }
  if (partners.length > MAX_PARTNERS_ON_PAPER) {
    invalid.push({
      field: 'partners',
      message: `more than ${MAX_PARTNERS_ON_PAPER} partners: the return must be e-filed`,
    });
  }

  let profitTotal = 0;
  let profitComplete = partners.length > 0;
  partners.forEach((partner, index) => {
    const at = `partners[${index}]`;
    const need = (value: unknown, line: string, field: string) => {
      if (isBlank(value)) missing.push({ form: '1065-K1', line, field: `${at}.${field}` });
    };
    // A foreign partner's U.S. TIN is checked with its ECTI (partnerItemProblems).
    if (partner?.isForeign !== true) need(partner?.tin, 'E', 'tin');
    need(partner?.address, 'F', 'address');
    need(partner?.type, 'G', 'type');
    need(partner?.entityType, 'I1', 'entityType');
    // Item M is a Yes/No the K-1 asks of every partner (rule k1ItemM): never left to a default.
    if (typeof partner?.contributedBuiltInGainProperty !== 'boolean') {
      missing.push({ form: '1065-K1', line: 'M', field: `${at}.contributedBuiltInGainProperty` });
    }
    const shares = record(partner?.shares);
    for (const key of K1_SHARE_KEYS) {
      if (percentOf(shares[key]) === undefined)
        missing.push({ form: '1065-K1', line: 'J', field: `${at}.shares.${key}` });
    }
    const profit = percentOf(shares.profitEnding);
    if (profit === undefined) profitComplete = false;
    else profitTotal += profit;
    const capital = record(partner?.capitalAccount);
    const parts = ['beginning', 'contributed', 'currentYearIncome', 'withdrawals'].map((key) => {
      const amount = amountOf(capital[key]);
      if (amount === undefined)
        missing.push({ form: '1065-K1', line: 'L', field: `${at}.capitalAccount.${key}` });
      return amount ?? 0;
    });
    const other = amountOf(capital.otherIncrease) ?? 0;
    const ending = amountOf(capital.ending);
    const expected = parts[0]! + parts[1]! + parts[2]! + other - parts[3]!;
    if (ending !== undefined && ending !== expected) {
      invalid.push({
        field: `${at}.capitalAccount.ending`,
        message: `must be beginning + contributed + currentYearIncome + otherIncrease - withdrawals (${expected})`,
      });
    }
    if (partner?.isForeign === true) {
      const given = partner.withholdingRate;
      if (!isBlank(given) && Number(given) !== section1446Rate(partner)) {
        invalid.push({
          field: `${at}.withholdingRate`,
          message: `is ${section1446Rate(partner)} for this partner (section 1446(b)(2)), not ${String(given)}`,
        });
      }
    }
  });
  if (profitComplete && Math.abs(profitTotal - 100) > 1e-6) {
    invalid.push({
      field: 'partners[].shares.profitEnding',
      message: `ending profit shares add up to ${profitTotal}%, not 100%`,
    });
  }
  const items = partnerItemProblems(filing);
  missing.push(...items.missing);
  missing.push(...section199AMissing(filing).map((item) => ({ form: '1065-K1' as const, ...item })));
  invalid.push(...items.invalid);
  for (const line of SCHEDULE_K_AMOUNT_LINES) {
    // Guaranteed payments' special allocations are the partners' own payments (checked above).
    if (line === 'line4a' || line === 'line4b') continue;
    const special = partners.map((partner) => specialAllocation(partner, line));
    if (!special.some((amount) => amount !== undefined)) continue;
    const sum = special.reduce<number>((a, b) => a + (b ?? 0), 0);
    if (sum !== (totals[line] ?? 0)) {
      invalid.push({
        field: `partners[].specialAllocations.${line}`,
        message: `add up to ${sum}, but Schedule K ${line} is ${totals[line] ?? 0}`,
      });
    }
  }
  return { missing, invalid };
}

/** The section 6698 late-filing penalty as of `asOf` for a return due `dueDate` (counting extensions). */
export function lateFilingPenalty(
  filing: PartnershipInput,
  dueDate: string,
  asOf: string,
): Penalty | undefined {
  const months = Math.min(monthsOrFractionLate(dueDate, asOf), LATE_1065_PENALTY_MAX_MONTHS);
  if (months === 0) return undefined;
  const partners = Array.isArray(filing.partners) ? filing.partners.length : 0;
  const year = Number(dueDate.slice(0, 4));
  const perMonth = LATE_1065_PENALTY_PER_PARTNER_MONTH[year];
  return {
    code: 'irc_6698_late_partnership_return',
    description:
      'Failure to file Form 1065 on time (per partner, per month or part of a month, at most 12 months)',
    amount: perMonth === undefined ? null : perMonth * partners * months,
    basis:
      perMonth === undefined
        ? `${months} month(s) late x ${partners} partner(s); the per-partner figure for returns required to be filed in ${year} is not confirmed here, so no amount is given`
        : `$${perMonth} x ${partners} partner(s) x ${months} month(s) late (due ${dueDate})`,
    source: PARTNERSHIP_RULES.latePartnershipReturnPenalty.source,
  };
}

/** How a partnership files: the e-file answer, the paper address and the notes the agent must see. */
export function partnershipHowToFile(filing: PartnershipInput): {
  electronic_filing: string;
  fax: null;
  mail: string;
  summary: string;
  where_to_file: WhereToFile[];
} {
  const mustEfile = mustEfile1065(filing);
  const electronic_filing = mustEfile
    ? 'required (more than 100 partners, or 10 or more returns of any type this calendar year): file through an IRS authorized e-file provider; this service does not e-file'
    : filing.filesTenOrMoreReturns === false
      ? 'not required (100 or fewer partners and fewer than 10 returns this calendar year); available through an IRS authorized e-file provider'
      : 'answer filesTenOrMoreReturns: a partnership filing 10 or more returns of any type this calendar year (Forms W-2 and 1099 count) must e-file';
  const address = form1065Address(filing);
  return {
    electronic_filing,
    fax: null,
    mail: mustEfile
      ? 'not allowed: this return must be e-filed'
      : address.address
        ? `${address.address} (${address.reason})`
        : address.reason,
    summary: `${PARTNERSHIP_RULES.form1065Efile.rule} ${PARTNERSHIP_RULES.form1065WhereToFile.source}`,
    where_to_file: partnershipWhereToFile(filing),
  };
}

/** What check_filing says plainly about a partnership packet. */
export function partnershipNotes(filing: PartnershipInput): string[] {
  const notes = [
    'Not generated: the official Forms 8804, 8805 and 8813, Schedule B-1, and Schedules K-2 and K-3. The packet adds a worksheet page, "Forms 8804 and 8805: figures", for a preparer to copy.',
    'Schedule K lines 11, 13b-13e, 15a-15f, 17a-17f and 19b go to coded Schedule K-1 boxes (11, 13, 15, 17, 19) whose codes depend on the item; the packet leaves those boxes blank for the preparer. Boxes 13 (line 13a, with contributionsCode), 14A, 19A, 20A and 20B are filled, and box 20 code Z ("STMT") with each partner’s section 199A statement when the return’s QBI is computed here.',
    PARTNERSHIP_RULES.form8804WhereToFile.rule,
    ...line10Notes(filing),
    ...foreignTinNotes(filing),
  ];
  if (majorityOwners(filing).length > 0)
    notes.push('Attach Schedule B-1: a partner owns 50% or more (Schedule B, 2a/2b).');
  return notes;
}
