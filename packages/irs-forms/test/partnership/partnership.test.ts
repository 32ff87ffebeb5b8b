// A partnership return with its figures: Form 1065, Schedule K and each K-1 from the numbers,
// section 1446 withholding, the 8804/8805 worksheet, and date-aware readiness.
import { checkFilingReadiness } from '@filing-mcp/irs-forms';
import { allocateByShares, k1Shares, scheduleKTotals } from '../../src/partnership/schedule-k.js';
import { SCHEDULE_K_AMOUNT_LINES } from '../../src/kinds.js';
import { PacketBuilder } from '@filing-mcp/irs-forms/pdf';
import { describe, expect, it } from 'vitest';
import { completePartnership, countingLoader } from '../support/fixtures.js';
import { pdfText } from '../support/pdf-text.js';

const FORM_1065_PAGES = 6;
const filing = completePartnership as unknown as Record<string, any>;

describe('Schedule K and the K-1 shares', () => {
  it('page 1 line 23 is Schedule K line 1, and each K-1 box is the partner’s profit share of the line', () => {
    const totals = scheduleKTotals(filing);
    expect(totals.line1).toBe(80_000); // 200,000 - 50,000 + 1,000 - (40,000 + 12,000 + 3,000 + 16,000)
    const shares = k1Shares(filing)!;
    expect(shares.map((share) => share.line1)).toEqual([32_000, 28_000, 20_000]); // 40% / 35% / 25%
    expect(shares.map((share) => share.line6a)).toEqual([280, 245, 175]);
    // 1,001 x 40% = 400.4, x 35% = 350.35, x 25% = 250.25: the leftover dollar goes to the largest remainder.
    expect(shares.map((share) => share.line5)).toEqual([401, 350, 250]);
  });

  it('the K-1s add up to Schedule K on every line', () => {
    const totals = scheduleKTotals(filing);
    const shares = k1Shares(filing)!;
    for (const line of SCHEDULE_K_AMOUNT_LINES) {
      if (totals[line] === undefined) continue;
      expect(shares.reduce((sum, share) => sum + (share[line] ?? 0), 0)).toBe(totals[line]);
    }
  });

  it('largest remainder keeps any total exact, losses included', () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 48271) % 2147483647;
      return seed / 2147483647;
    };
    for (let round = 0; round < 500; round++) {
      const weights = Array.from(
        { length: 1 + Math.floor(random() * 7) },
        () => Math.round(random() * 1e6) / 1e4,
      );
      const total = Math.round((random() - 0.5) * 1e7);
      const parts = allocateByShares(total, weights);
      expect(parts.reduce((a, b) => a + b, 0)).toBe(total);
    }
  });

  it('a special allocation replaces the profit-share split for its line', () => {
    const special = structuredClone(filing);
    special.partners[0].specialAllocations = { line5: 1001 };
    expect(k1Shares(special)!.map((share) => share.line5)).toEqual([1001, 0, 0]);
    special.partners[0].specialAllocations = { line5: 1000 };
    const report = checkFilingReadiness('partnership', special, undefined, '2026-01-10');
    expect(report.invalid).toContainEqual({
      field: 'partners[].specialAllocations.line5',
      message: 'add up to 1000, but Schedule K line5 is 1001',
    });
  });
});

describe('section 1446 withholding', () => {
  it('taxes each foreign partner’s ECTI at 37% (individual) or 21% (corporation), in four Form 8813 installments', () => {
    const { withholding_1446: withholding } = checkFilingReadiness(
      'partnership',
      filing,
      undefined,
      '2026-01-10',
    );
    // ECTI is computed: each partner's share of the trade or business income (Schedule K line 1).
    expect(withholding!.partners).toEqual([
      {
        partner_id: filing.partners[0].id,
        name: 'Alice Smith',
        ecti_allocable: 32_000,
        ecti_computed: 32_000,
        ecti_note: null,
        rate: 37,
        tax: 11_840,
      },
      {
        partner_id: filing.partners[1].id,
        name: 'Maple Holdings Inc',
        ecti_allocable: 28_000,
        ecti_computed: 28_000,
        ecti_note: null,
        rate: 21,
        tax: 5_880,
      },
    ]);
    expect(withholding!.total).toBe(17_720);
    // The 15th of April, June, September and December; June 15, 2025 is a Sunday.
    // As of 2026-01-10 with no payment recorded, all four are past due.
    expect(withholding!.installments).toEqual([
      { installment: 1, due_date: '2025-04-15', amount: 4_430, paid: 0, status: 'past_due' },
      { installment: 2, due_date: '2025-06-16', amount: 4_430, paid: 0, status: 'past_due' },
      { installment: 3, due_date: '2025-09-15', amount: 4_430, paid: 0, status: 'past_due' },
      { installment: 4, due_date: '2025-12-15', amount: 4_430, paid: 0, status: 'past_due' },
    ]);
    // March 15, 2026 is a Sunday.
    expect(withholding!.form_8804_due_date).toBe('2026-03-16');
    expect(withholding!.form_8804_extended_due_date).toBe('2026-09-15');
  });

  it('the issue’s example: $20,000 each at 37% and 21% is $11,600 (certified on Form 8804-C)', () => {
    const twoForeign = structuredClone(filing);
    twoForeign.partners[0].ectiShare = '20000';
    twoForeign.partners[1].ectiShare = 20000;
    twoForeign.partners[0].ectiCertified8804C = true;
    twoForeign.partners[1].ectiCertified8804C = true;
    const { withholding_1446: withholding } = checkFilingReadiness('partnership', twoForeign);
    expect(withholding!.partners.map((partner) => partner.tax)).toEqual([7_400, 4_200]);
    expect(withholding!.total).toBe(11_600);
  });
});

describe('the partnership packet', () => {
  const builder = new PacketBuilder({ loadTemplate: countingLoader().load });

  it('prints page 1, Schedule K, each K-1’s items and boxes, and the 8804/8805 worksheet', async () => {
    const packet = await builder.build('partnership', filing);
    const page1 = pdfText(packet.pdf, 1);
    for (const figure of ['200,000', '50,000', '150,000', '151,000', '40,000', '71,000', '80,000']) {
      expect(page1).toContain(figure);
    }
    expect(pdfText(packet.pdf, 2)).toMatch(/X/); // Schedule B answers
    const scheduleK = pdfText(packet.pdf, 5);
    for (const figure of ['80,000', '1,001', '700', '333']) expect(scheduleK).toContain(figure);

    const alice = pdfText(packet.pdf, FORM_1065_PAGES + 1);
    for (const text of ['Alice Smith', '912-70-1234', '32,000', '401', '280', '133', '40,633', '12,000']) {
      expect(alice).toContain(text);
    }
    const maple = pdfText(packet.pdf, FORM_1065_PAGES + 2);
    for (const text of ['Maple Holdings Inc', 'Corporation', '28,000', '350', '117', '41,053']) {
      expect(maple).toContain(text);
    }

    const worksheet = pdfText(packet.pdf, FORM_1065_PAGES + 4);
    expect(worksheet).toContain('Forms 8804 and 8805: figures');
    expect(worksheet).toContain('This page is not an IRS form');
    for (const figure of [
      '$28,000', // 4a and 4d: corporate ECTI
      '$32,000', // 4e and 4h: noncorporate ECTI
      '$5,880', // 5a
      '$11,840', // 5b
      '$17,720', // 5f
      '$4,430', // each installment
      '04/15/2025',
      '06/16/2025',
      '09/15/2025',
      '12/15/2025',
      '03/16/2026',
      'Form 8805 for Alice Smith',
      'Form 8805 for Maple Holdings Inc',
    ]) {
      expect(worksheet).toContain(figure);
    }
  });
});

describe('partnership readiness', () => {
  it('a partnership with no figures is not ready, and names each gap', () => {
    const bare = {
      ...filing,
      income: undefined,
      deductions: undefined,
      scheduleK: undefined,
      scheduleB: undefined,
      filesTenOrMoreReturns: undefined,
      partners: [{ id: filing.partners[0].id, name: 'Alice Smith', isForeign: true }],
    };
    const report = checkFilingReadiness('partnership', bare, undefined, '2026-01-10');
    expect(report.ready).toBe(false);
    const fields = report.missing.map((gap) => gap.field);
    for (const field of [
      'income',
      'deductions',
      'scheduleK',
      'scheduleK.line16a',
      'scheduleB.line1',
      'scheduleB.line2a',
      'scheduleB.line14',
      'filesTenOrMoreReturns',
      'partners[0].tin',
      'partners[0].address',
      'partners[0].type',
      'partners[0].entityType',
      'partners[0].shares.profitEnding',
      'partners[0].capitalAccount.beginning',
      'partners[0].tin',
    ]) {
      expect(fields).toContain(field);
    }
  });

  it('with all its figures nothing is missing, yet the forms its foreign partners need keep it from ready', () => {
    const report = checkFilingReadiness('partnership', filing, undefined, '2026-03-16');
    expect(report).toMatchObject({
      ready: false,
      missing: [],
      invalid: [],
      due_date: '2026-03-16',
      as_of: '2026-03-16',
      overdue: false,
      days_late: 0,
      penalties: [],
    });
    expect(report.how_to_file.mail).toContain('Kansas City, MO 64999-0011');
    expect(report.notes!.join(' ')).toMatch(
      /Not generated: the official Forms 8804, 8805 and 8813.*Schedules K-2 and K-3/,
    );
  });

  it('after its due date it is overdue, with the section 6698 penalty per partner per month', () => {
    const report = checkFilingReadiness('partnership', filing, undefined, '2026-05-20');
    expect(report).toMatchObject({ overdue: true, days_late: 65 });
    // Returns required to be filed in 2026: $255 per partner per month (Rev. Proc. 2025-32).
    expect(report.penalties).toHaveLength(1);
    expect(report.penalties[0]).toMatchObject({
      code: 'irc_6698_late_partnership_return',
      amount: 255 * 3 * 3,
    });
    expect(report.penalties[0]!.source).toContain('Rev. Proc. 2025-32');

    // A 2024 return was due March 17, 2025 (the 15th was a Saturday): $245 x 3 partners x 3 months.
    const earlier = { ...filing, taxYearBegin: '2024-01-01', taxYearEnd: '2024-12-31' };
    const late = checkFilingReadiness('partnership', earlier, undefined, '2025-05-20');
    expect(late).toMatchObject({ due_date: '2025-03-17', overdue: true, days_late: 64 });
    expect(late.penalties[0]).toMatchObject({ amount: 245 * 3 * 3 });
    expect(late.penalties[0]!.source).toContain('6698');
    // At most 12 months.
    const years = checkFilingReadiness('partnership', earlier, undefined, '2027-06-01');
    expect(years.penalties[0]).toMatchObject({ amount: 245 * 3 * 12 });
  });

  it('Schedule B 2a must be answered yes when an entity partner owns 50% or more', () => {
    const majority = structuredClone(filing);
    majority.partners[1].shares.profitEnding = 50;
    majority.partners[0].shares.profitEnding = 25;
    const report = checkFilingReadiness('partnership', majority, undefined, '2026-01-10');
    expect(report.invalid.map((problem) => problem.field)).toContain('scheduleB.line2a');
    expect(report.notes!.join(' ')).toContain('Schedule B-1');
  });

  it('asks the e-file question and gives the answer’s consequence', () => {
    const many = { ...filing, filesTenOrMoreReturns: true };
    const report = checkFilingReadiness('partnership', many, undefined, '2026-01-10');
    expect(report.how_to_file.electronic_filing).toMatch(/^required/);
    expect(report.how_to_file.mail).toMatch(/must be e-filed/);
  });
});

describe('item H, the accounting method', () => {
  const builder = new PacketBuilder({ loadTemplate: countingLoader().load });
  const withMethod = (fields: Record<string, unknown>) => ({ ...structuredClone(filing), ...fields });
  const report = (fields: Record<string, unknown>) =>
    checkFilingReadiness('partnership', withMethod(fields), undefined, '2026-01-10');

  it('"other" prints H(3) with the method named in accountingMethodOther', async () => {
    expect(report({ accountingMethod: 'other', accountingMethodOther: 'Hybrid method' })).toMatchObject({
      missing: [],
      invalid: [],
    });
    const packet = await builder.build(
      'partnership',
      withMethod({ accountingMethod: 'other', accountingMethodOther: 'Hybrid method' }),
    );
    expect(pdfText(packet.pdf, 1)).toContain('Hybrid method');
  });

  it('"other" without its words is missing line H(3), and prints no method', async () => {
    const result = report({ accountingMethod: 'other' });
    expect(result.ready).toBe(false);
    expect(result.missing).toContainEqual({ form: '1065', line: 'H(3)', field: 'accountingMethodOther' });
    const packet = await builder.build('partnership', withMethod({ accountingMethod: 'other' }));
    const none = await builder.build('partnership', withMethod({ accountingMethod: undefined }));
    const cash = await builder.build('partnership', withMethod({ accountingMethod: 'cash' }));
    // Item H is left as a filing with no method prints it (a checked box shows in the text).
    expect(pdfText(packet.pdf, 1)).toBe(pdfText(none.pdf, 1));
    expect(pdfText(cash.pdf, 1)).not.toBe(pdfText(none.pdf, 1));
  });

  it('words in accountingMethod (as filings stored before 1.1.0 hold) are reported to restate, and still print', async () => {
    const result = report({ accountingMethod: 'Hybrid' });
    expect(result.ready).toBe(false);
    expect(result.invalid).toContainEqual({
      field: 'accountingMethod',
      message:
        'must be "cash", "accrual" or "other" (then accountingMethodOther names the method in words); got "Hybrid"',
    });
    const packet = await builder.build('partnership', withMethod({ accountingMethod: 'Hybrid' }));
    expect(pdfText(packet.pdf, 1)).toContain('Hybrid');
  });

  it('"Cash" in any case is the cash method', () => {
    expect(report({ accountingMethod: 'Cash' }).invalid).toEqual([]);
  });
});
