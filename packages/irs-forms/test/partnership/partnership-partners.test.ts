// The three-partner case (a California LLC; a U.S. member-manager, a Japanese nonresident alien
// and a Norwegian corporation), read back from the PDF text: guaranteed payments by partner,
// self-employment earnings by the section 1402 rules, ECTI computed from the return, the K-1 boxes
// the data decides (13A, 14A, 19A, 20A, item C), a foreign partner without a U.S. TIN, and the
// section 1446 installments, payments and late-return exposure.
import { checkFilingReadiness } from '@filing-mcp/irs-forms';
import { k1Shares, scheduleKTotals } from '../../src/partnership/schedule-k.js';
import { SCHEDULE_K_AMOUNT_LINES } from '../../src/kinds.js';
import { PacketBuilder } from '@filing-mcp/irs-forms/pdf';
import { describe, expect, it } from 'vitest';
import { countingLoader } from '../support/fixtures.js';
import { pdfText } from '../support/pdf-text.js';
import { threePartners } from '../support/three-partners.js';

const FORM_1065_PAGES = 6;

const check = (filing: Record<string, any>, asOf: string) =>
  checkFilingReadiness('partnership', filing, undefined, asOf);
const withChanges = (change: (filing: Record<string, any>) => void) => {
  const copy = structuredClone(threePartners);
  change(copy);
  return copy;
};

describe('guaranteed payments, self-employment and the coded boxes, by partner', () => {
  it('each K-1 carries the partner’s own 4a-4c, 14A and 19A; 13A and 20A by profit share', () => {
    const k1 = k1Shares(threePartners)!;
    expect(k1.map((share) => [share.line4a, share.line4c])).toEqual([
      [30_000, 30_000],
      [0, 0],
      [0, 0],
    ]);
    // Ann: 40% of 300,000 plus her 30,000; nothing for the nonresident alien or the corporation.
    expect(k1.map((share) => share.line14a)).toEqual([150_000, 0, 0]);
    expect(k1.map((share) => share.line13a)).toEqual([1_200, 1_050, 750]);
    expect(k1.map((share) => share.line19a)).toEqual([50_000, 40_000, 30_000]);
    // Investment income: lines 5 + 6a.
    expect(k1.map((share) => share.line20a)).toEqual([1_200, 1_050, 750]);
    const totals = scheduleKTotals(threePartners);
    expect(totals).toMatchObject({ line1: 300_000, line4a: 30_000, line4c: 30_000, line14a: 150_000 });
    expect(totals).toMatchObject({ line19a: 120_000, line20a: 3_000 });
    for (const line of SCHEDULE_K_AMOUNT_LINES) {
      if (totals[line] === undefined) continue;
      expect(
        k1.reduce((sum, share) => sum + (share[line] ?? 0), 0),
        line,
      ).toBe(totals[line]);
    }
  });

  it('prints them on each K-1, with item C and no foreign id in item E', async () => {
    const builder = new PacketBuilder({ loadTemplate: countingLoader().load });
    const packet = await builder.build('partnership', threePartners);
    const scheduleK = pdfText(packet.pdf, 5);
    for (const figure of ['30,000', '150,000', '120,000', '3,000']) expect(scheduleK).toContain(figure);
    const [ann, hiroshi, nordlys] = [1, 2, 3].map((n) => pdfText(packet.pdf, FORM_1065_PAGES + n)) as [
      string,
      string,
      string,
    ];
    expect(ann).toContain('Ogden, UT');
    expect(ann).toMatch(/A\s+150,000/); // 14A
    expect(ann).toMatch(/A\s+50,000/); // 19A
    expect(ann).toMatch(/A\s+1,200/); // 13A and 20A
    expect(ann.match(/30,000/g)).toHaveLength(2); // 4a and 4c
    expect(hiroshi).toMatch(/A\s+40,000/);
    expect(hiroshi).toMatch(/A\s+1,050/);
    // A nonresident alien has no self-employment earnings and no guaranteed payment: boxes blank.
    expect(hiroshi).not.toMatch(/A\s+0\b/);
    expect(hiroshi).not.toContain('30,000');
    expect(hiroshi).not.toContain('JP-1234-5678-9012');
    expect(nordlys).toContain('98-7654321');
    expect(nordlys).toMatch(/A\s+30,000/);
  });

  it('names the foreign partner without a U.S. TIN and says to get one', () => {
    const report = check(threePartners, '2026-01-10');
    expect(report.missing).toContainEqual({
      form: '1065-K1',
      line: 'E (U.S. TIN; Form 8805, line 1b)',
      field: 'partners[1].tin',
    });
    const note = report.notes!.find((text) => text.startsWith('Hiroshi Tanaka has no U.S. TIN'));
    expect(note).toMatch(/ITIN, Form W-7/);
    expect(note).toMatch(/cannot match the section 1446 credit/);
    const withTin = withChanges((filing) => {
      filing.partners[1].tin = '912-70-5555';
    });
    // With the TIN, the partner is no longer named (the return still needs its schedules and the
    // forms prepared elsewhere: the partnership-schedules tests cover those).
    const fixed = check(withTin, '2026-01-10');
    expect(fixed.missing.map((line) => line.field)).not.toContain('partners[1].tin');
    expect(fixed.invalid).toEqual([]);
    expect(fixed.notes!.some((text) => text.startsWith('Hiroshi Tanaka has no U.S. TIN'))).toBe(false);
  });

  it('a guaranteed payment with no partner carrying it is reported, never split', () => {
    const old = withChanges((filing) => {
      delete filing.partners[0].guaranteedPayments;
    });
    const report = check(old, '2026-01-10');
    expect(report.invalid.map((problem) => problem.field)).toContain('partners[].guaranteedPayments');
    const k1 = k1Shares(old)!;
    expect(k1.map((share) => share.line4a)).toEqual([undefined, undefined, undefined]);
    // Box 14A waits for the payments too (the nonresident alien and the corporation have none).
    expect(k1.map((share) => share.line14a)).toEqual([undefined, 0, 0]);
  });

  it('distributions of property are each partner’s own too; an unassigned line 19b is reported', () => {
    const property = withChanges((filing) => {
      filing.partners[2].distributions = { cash: 30000, property: 12000 };
    });
    const k1 = k1Shares(property)!;
    expect(k1.map((share) => share.line19b)).toEqual([0, 0, 12_000]);
    // With property reported, withdrawals no longer stand for cash: only the given cash counts.
    expect(k1.map((share) => share.line19a)).toEqual([undefined, undefined, 30_000]);
    expect(scheduleKTotals(property).line19b).toBe(12_000);
    expect(check(property, '2026-01-10').missing).toContainEqual({
      form: '1065-K1',
      line: 'box 19, code A',
      field: 'partners[0].distributions.cash',
    });
    const unassigned = withChanges((filing) => {
      filing.scheduleK.line19b = 12000;
    });
    expect(check(unassigned, '2026-01-10').invalid.map((problem) => problem.message)).toContainEqual(
      expect.stringMatching(/line 19b .* no partner carries one/),
    );
    expect(k1Shares(unassigned)!.map((share) => share.line19b)).toEqual([undefined, undefined, undefined]);
  });

  it('asks for the partner’s status where self-employment depends on it', () => {
    const unknown = withChanges((filing) => {
      delete filing.partners[0].type;
    });
    expect(k1Shares(unknown)![0]!.line14a).toBeUndefined();
    expect(check(unknown, '2026-01-10').missing).toContainEqual({
      form: '1065-K1',
      line: 'G',
      field: 'partners[0].type',
    });
    // A limited partner has only the guaranteed payments for services.
    const limited = withChanges((filing) => {
      filing.partners[0].type = 'Limited partner or other LLC member';
      filing.partners[0].guaranteedPayments.capital = 5000;
    });
    expect(k1Shares(limited)!.map((share) => [share.line4c, share.line14a])).toEqual([
      [35_000, 30_000],
      [0, 0],
      [0, 0],
    ]);
  });
});

describe('ECTI computed from the return', () => {
  it('is each foreign partner’s share of the trade or business income, charity not deducted', () => {
    const { withholding_1446: w } = check(threePartners, '2026-01-10');
    expect(w!.partners.map((row) => [row.name, row.ecti_computed, row.ecti_allocable, row.tax])).toEqual([
      ['Hiroshi Tanaka', 105_000, 105_000, 38_850],
      ['Nordlys Invest AS', 75_000, 75_000, 15_750],
    ]);
    expect(w!.total).toBe(54_600);
    // Interest named effectively connected follows the partner's allocation too.
    const withInterest = withChanges((filing) => {
      filing.ectiLines = ['line1', 'line5'];
    });
    expect(check(withInterest, '2026-01-10').withholding_1446!.partners[0]!.ecti_computed).toBe(105_700);
  });

  it('refuses an ECTI share above the partner’s share, and one cut by charity without Form 8804-C', () => {
    const overLarge = withChanges((filing) => {
      filing.partners[1].ectiShare = 500000;
      filing.partners[2].ectiShare = 74250; // 75,000 less its 750 of charitable contributions
    });
    const report = check(overLarge, '2026-01-10');
    const messages = Object.fromEntries(report.invalid.map((problem) => [problem.field, problem.message]));
    expect(messages['partners[1].ectiShare']).toMatch(/more than the partner’s allocable share .*105000/);
    expect(messages['partners[2].ectiShare']).toMatch(/charitable contributions, which never reduce ECTI/);
    expect(messages['partners[2].ectiShare']).toMatch(/Form 8804-C/);
    // The tax stays on the computed figures.
    expect(report.withholding_1446!.total).toBe(54_600);
  });

  it('uses a lower share certified on Form 8804-C, shown as the 4c reduction', async () => {
    const certified = withChanges((filing) => {
      filing.partners[1].tin = '912-70-5555';
      filing.partners[2].ectiShare = 60000;
      filing.partners[2].ectiCertified8804C = true;
    });
    const report = check(certified, '2026-01-10');
    expect(report.invalid).toEqual([]);
    expect(report.withholding_1446!.partners[1]).toMatchObject({ ecti_allocable: 60_000, tax: 12_600 });
    const builder = new PacketBuilder({ loadTemplate: countingLoader().load });
    const worksheet = pdfText((await builder.build('partnership', certified)).pdf, FORM_1065_PAGES + 4);
    expect(worksheet).toMatch(/4a .*\$75,000/);
    expect(worksheet).toMatch(/4c .*\$15,000/);
    expect(worksheet).toMatch(/4d .*\$60,000/);
    expect(worksheet).toMatch(/4e .*\$105,000/);
  });
});

describe('installments, payments and penalties', () => {
  const statuses = (filing: Record<string, any>, asOf: string) =>
    check(filing, asOf).withholding_1446!.installments.map((row) => row.status);

  it('each installment is upcoming until its date and past due after it', () => {
    expect(statuses(threePartners, '2025-04-01')).toEqual(['upcoming', 'upcoming', 'upcoming', 'upcoming']);
    expect(statuses(threePartners, '2025-04-15')).toEqual(['upcoming', 'upcoming', 'upcoming', 'upcoming']);
    expect(statuses(threePartners, '2025-07-01')).toEqual(['past_due', 'past_due', 'upcoming', 'upcoming']);
    expect(statuses(threePartners, '2026-01-10')).toEqual(['past_due', 'past_due', 'past_due', 'past_due']);
  });

  it('payments fill the installments in order and reduce the balance due with Form 8804', () => {
    const paying = withChanges((filing) => {
      filing.payments1446 = [
        { date: '2025-04-15', amount: 13650 },
        { date: '2025-06-16', amount: 13650 },
        { date: '2025-10-01', amount: 13650 },
      ];
    });
    expect(statuses(paying, '2025-07-01')).toEqual(['paid', 'paid', 'upcoming', 'upcoming']);
    expect(statuses(paying, '2026-01-10')).toEqual(['paid', 'paid', 'paid_late', 'past_due']);
    const w = check(paying, '2026-01-10').withholding_1446!;
    expect(w).toMatchObject({ total: 54_600, paid: 40_950, balance_due: 13_650, overpaid: 0 });
    expect(check(threePartners, '2026-01-10').withholding_1446!.balance_due).toBe(54_600);
  });

  it('gives the Schedule A charge at most, at the confirmed 7% rate, and the 8804/8805 exposure', () => {
    const w = check(threePartners, '2026-01-10').withholding_1446!;
    // 13,650 x 7% / 365 x (270 + 208 + 117 + 26) days.
    expect(w.underpayment_charge.amount_at_most).toBe(1_626);
    expect(w.underpayment_charge.basis).toMatch(/smaller of this year’s tax and last year’s/);
    expect(w.late_filing_exposure).toMatch(/6651\(a\)\(1\).*6721 and 6722/);
  });

  it('a late 1065: $255 per partner per month, the Rev. Proc. 84-35 answer, and the statement', async () => {
    const late = withChanges((filing) => {
      filing.partners[1].tin = '912-70-5555';
      filing.generateLateFilingLetter = true;
      filing.lateFilingReason = 'Our bookkeeper was hospitalized from February to May 2026.';
      filing.signerName = 'Ann Lee';
      filing.signerTitle = 'Managing member';
    });
    const report = check(late, '2026-05-20');
    expect(report.penalties[0]).toMatchObject({ amount: 255 * 3 * 3 });
    expect(report.late_filing!.summary).toMatch(/Rev. Proc. 84-35 relief does not apply/);
    expect(report.late_filing!.summary).toMatch(/Hiroshi Tanaka is a nonresident alien/);
    expect(report.late_filing!.missing).toEqual([]);
    const builder = new PacketBuilder({ loadTemplate: countingLoader().load });
    const packet = await builder.build('partnership', late);
    // The statement follows the K-1s and the worksheet (which runs on as its lines need).
    const pages = pdfText(packet.pdf, FORM_1065_PAGES + 4, FORM_1065_PAGES + 8).split('\f');
    const letter = pages.find((page) => page.includes('Under penalties of perjury')) ?? '';
    expect(letter).toMatch(/Form 1065, tax year 01\/01\/2025 to\s+12\/31\/2025/);
    expect(letter).toContain('Ogden, UT 84201-0011');
    expect(letter).toContain('hospitalized');
    expect(letter).toContain('section 6698');
    expect(letter).toContain('Under penalties of perjury');
  });
});
