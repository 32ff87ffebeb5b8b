import type { PartnershipInput } from '../filing-input.js';
import { ectiLineProblems, partnerEcti } from './ecti.js';
import { contributionsCode } from './k1-items.js';
import { amountOf } from './lines.js';
import {
  guaranteedPaymentsUnallocated,
  partnerCashDistribution,
  partnerCapitalizedPayments,
  partnerGuaranteedPayments,
  deductibleGuaranteedPayments,
  partnersCarry,
  selfEmploymentClass,
} from './partner-items.js';
import { k1Shares, pageOne, scheduleKTotals } from './schedule-k.js';
import { record, isBlank } from '../form-values.js';
import type { InvalidField, MissingLine } from '../readiness-types.js';

type Missing = MissingLine & { form: '1065' | '1065-K1' };
type Invalid = InvalidField;

/**
 * What check_filing reports about the partner-decided figures (guaranteed payments, box 14A,
 * 19A), the K-1 codes the data needs (13, 20A), each foreign partner's U.S. TIN and ECTI.
 */
export function partnerItemProblems(filing: PartnershipInput): { missing: Missing[]; invalid: Invalid[] } {
  const missing: Missing[] = [];
  const invalid: Invalid[] = [];
  const partners = Array.isArray(filing.partners) ? filing.partners : [];
  const scheduleK = record(filing.scheduleK);
  const totals = scheduleKTotals(filing);
  const shares = k1Shares(filing);

  if (guaranteedPaymentsUnallocated(filing)) {
    invalid.push({
      field: 'partners[].guaranteedPayments',
      message:
        'the return reports guaranteed payments (Schedule K line 4a/4b or page 1 line 10) that no partner carries: give each paid partner its own partners[i].guaranteedPayments.services (and .capital); K-1 boxes 4a-4c are each partner’s own payments, never a profit-share split',
    });
  }
  for (const [line, key] of [
    ['line4a', 'services'],
    ['line4b', 'capital'],
  ] as const) {
    const entered = amountOf(scheduleK[line]);
    if (!partnersCarry(filing, line) || entered === undefined) continue;
    const sum = partners.reduce(
      (total, partner) => total + (partnerGuaranteedPayments(partner)[key] ?? 0),
      0,
    );
    if (entered !== sum) {
      invalid.push({
        field: `scheduleK.${line}`,
        message: `is ${entered}, but the partners’ guaranteedPayments.${key} add up to ${sum}: leave ${line} out (it is their sum) or correct it`,
      });
    }
  }
  invalid.push(...line10Problems(filing));
  invalid.push(...ectiLineProblems(filing));

  const entered14a = amountOf(scheduleK.line14a);
  const all14a = shares?.every((share) => share.line14a !== undefined) === true;
  if (entered14a !== undefined && all14a && entered14a !== totals.line14a) {
    invalid.push({
      field: 'scheduleK.line14a',
      message: `is ${entered14a}, but the partners’ net earnings from self-employment add up to ${totals.line14a} (section 1402: general partners their share of ordinary income plus guaranteed payments, limited partners guaranteed payments for services, none for entities and nonresident aliens): leave line14a out, the server computes it`,
    });
  }
  const entered19a = amountOf(scheduleK.line19a);
  if (entered19a !== undefined && partnersCarry(filing, 'line19a') && entered19a !== totals.line19a) {
    invalid.push({
      field: 'scheduleK.line19a',
      message: `is ${entered19a}, but the partners’ cash distributions (distributions.cash, or capital account withdrawals) add up to ${totals.line19a ?? 0}`,
    });
  } else if (entered19a !== undefined && entered19a !== 0 && !partnersCarry(filing, 'line19a')) {
    invalid.push({
      field: 'partners[].distributions',
      message:
        'Schedule K line 19a is entered but no partner carries a distribution: give partners[i].distributions.cash (K-1 box 19, code A)',
    });
  }
  const entered19b = amountOf(scheduleK.line19b);
  const property = partners.reduce(
    (sum, partner) => sum + (amountOf(record(partner?.distributions).property) ?? 0),
    0,
  );
  if (entered19b !== undefined && partnersCarry(filing, 'line19b') && entered19b !== property) {
    invalid.push({
      field: 'scheduleK.line19b',
      message: `is ${entered19b}, but the partners’ distributions.property add up to ${property}`,
    });
  } else if (entered19b !== undefined && entered19b !== 0 && !partnersCarry(filing, 'line19b')) {
    invalid.push({
      field: 'partners[].distributions',
      message:
        'Schedule K line 19b (distributions of other property) is entered but no partner carries one: give partners[i].distributions.property',
    });
  }
  if (totals.line13a !== undefined && totals.line13a !== 0 && !contributionsCode(filing)) {
    missing.push({
      form: '1065-K1',
      line: 'box 13 (code for Schedule K line 13a)',
      field: 'contributionsCode',
    });
  }
  if (totals.line20a === undefined && totals.line11 !== undefined) {
    missing.push({ form: '1065', line: 'Schedule K, 20a (investment income)', field: 'scheduleK.line20a' });
  }

  partners.forEach((partner, index) => {
    const at = `partners[${index}]`;
    if (partner?.isForeign === true && isBlank(partner.tin)) {
      missing.push({ form: '1065-K1', line: 'E (U.S. TIN; Form 8805, line 1b)', field: `${at}.tin` });
    }
    const withdrawals = amountOf(record(partner?.capitalAccount).withdrawals) ?? 0;
    if (withdrawals !== 0 && partnerCashDistribution(filing, partner ?? {}) === undefined) {
      // Property distributions are reported, so withdrawals no longer tell the cash part.
      missing.push({ form: '1065-K1', line: 'box 19, code A', field: `${at}.distributions.cash` });
    }
    const ecti = partner?.isForeign === true ? partnerEcti(filing, index, shares) : undefined;
    if (ecti?.refused) invalid.push({ field: `${at}.ectiShare`, message: ecti.refused });
    if (
      selfEmploymentClass(partner ?? {}) === 'unknown' &&
      !isBlank(partner?.entityType) &&
      !isBlank(partner?.type)
    ) {
      invalid.push({
        field: `${at}.entityType`,
        message:
          'box 14A (net earnings from self-employment) depends on who owns this partner (a disregarded entity or nominee): the server leaves it blank; a preparer must fill it',
      });
    }
  });
  return { missing, invalid };
}

/** check_filing's notes about foreign partners without a U.S. TIN (rule foreignPartnerTin). */
export function foreignTinNotes(filing: PartnershipInput): string[] {
  const partners = Array.isArray(filing.partners) ? filing.partners : [];
  return partners
    .filter((partner) => partner?.isForeign === true && isBlank(partner.tin))
    .map((partner) => {
      const entity = String(partner.entityType ?? '').toLowerCase() === 'individual';
      return `${partner.name ?? 'A foreign partner'} has no U.S. TIN: item E and Form 8805 line 1b stay blank (a foreign id is never entered there). The partnership must notify the partner to get one (${entity ? 'an ITIN, Form W-7' : 'an EIN, Form SS-4'}): without it the IRS cannot match the section 1446 credit on Form 8805 to the partner. The partnership still withholds and pays the tax for the partner.`;
    });
}

/**
 * A typed page 1 line 10 that differs from the partners' deductible guaranteed payments, and a
 * capitalized part larger than the partner's payments (rule guaranteedPaymentsLine10): reported,
 * never printed silently.
 */
function line10Problems(filing: PartnershipInput): Invalid[] {
  const invalid: Invalid[] = [];
  const partners = Array.isArray(filing.partners) ? filing.partners : [];
  partners.forEach((partner, index) => {
    const { services = 0, capital = 0 } = partnerGuaranteedPayments(partner);
    const capitalized = partnerCapitalizedPayments(partner);
    if (capitalized < 0 || capitalized > services + capital) {
      invalid.push({
        field: `partners[${index}].guaranteedPayments.capitalized`,
        message: `is ${capitalized}, but the partner’s guaranteed payments (services ${services} + capital ${capital}) are ${services + capital}: the capitalized part is between 0 and their sum`,
      });
    }
  });
  const typed = amountOf(record(filing.deductions).line10);
  const deductible = deductibleGuaranteedPayments(filing);
  if (typed !== undefined && deductible !== undefined && typed !== deductible) {
    invalid.push({
      field: 'deductions.line10',
      message: `is ${typed}, but the partners’ guaranteed payments for services and capital, less the parts marked capitalized (guaranteedPayments.capitalized), add up to ${deductible}: leave line10 out (the server enters their sum) or correct the partners’ figures. Payments that must be capitalized stay off line 10 but on Schedule K line 4 and K-1 box 4 (Instructions for Form 1065, line 10).`,
    });
  }
  return invalid;
}

/** What check_filing says about page 1 line 10 when the server entered it from the partners' payments. */
export function line10Notes(filing: PartnershipInput): string[] {
  if (amountOf(record(filing.deductions).line10) !== undefined) return [];
  const deductible = deductibleGuaranteedPayments(filing);
  if (deductible === undefined || deductible === 0) return [];
  const page = pageOne(filing).lines;
  const capitalized = (Array.isArray(filing.partners) ? filing.partners : []).reduce(
    (sum, partner) => sum + partnerCapitalizedPayments(partner),
    0,
  );
  const usd = (amount: number) => amount.toLocaleString('en-US');
  const less = capitalized > 0 ? `, less ${usd(capitalized)} capitalized,` : '';
  return [
    `Page 1 line 10 (guaranteed payments to partners) is ${usd(deductible)}: the partners’ guaranteed payments for services and capital${less} are deducted, so ordinary business income (line 23, Schedule K line 1 and each K-1 box 1) is ${usd(page.line23 ?? 0)}, and self-employment earnings and ECTI follow it. Mark a payment that must be capitalized with partners[i].guaranteedPayments.capitalized.`,
  ];
}
