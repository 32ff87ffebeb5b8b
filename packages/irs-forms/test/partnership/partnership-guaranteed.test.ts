// A guaranteed payment is deducted on Form 1065 page 1 line 10 (rule
// guaranteedPaymentsLine10), and ordinary business income, every K-1 box 1, box 14A and each
// foreign partner's ECTI and section 1446 tax follow it; read back from the PDF text.
import { checkFilingReadiness } from '@filing-mcp/irs-forms';
import { PacketBuilder } from '@filing-mcp/irs-forms/pdf';
import { describe, expect, it } from 'vitest';
import { IRS_RULES } from '../../src/irs-rules.js';
import { k1Shares, pageOne, scheduleKTotals } from '../../src/partnership/schedule-k.js';
import { countingLoader } from '../support/fixtures.js';
import { pdfText } from '../support/pdf-text.js';
import { threePartners } from '../support/three-partners.js';

const FORM_1065_PAGES = 6;

/** The return of the report: $540,000 of receipts, $390,000 of other deductions, Ann's $24,000 for services. */
const issueScenario = structuredClone(threePartners);
issueScenario.deductions = { line9: 120000, line13: 36000, line14: 4000, line21: 230000 };
issueScenario.partners[0].guaranteedPayments = { services: 24000 };

const check = (filing: Record<string, any>) =>
  checkFilingReadiness('partnership', filing, undefined, '2026-01-10');
const withChanges = (change: (filing: Record<string, any>) => void) => {
  const copy = structuredClone(issueScenario);
  change(copy);
  return copy;
};

describe('a guaranteed payment is deducted on page 1 line 10', () => {
  it('line 10 is 24,000, line 23 126,000; box 1, 14A, ECTI and the tax follow', () => {
    const page = pageOne(issueScenario).lines;
    expect(page).toMatchObject({ line10: 24_000, line22: 414_000, line23: 126_000 });
    expect(scheduleKTotals(issueScenario)).toMatchObject({ line1: 126_000, line4a: 24_000, line4c: 24_000 });
    const k1 = k1Shares(issueScenario)!;
    expect(k1.map((share) => share.line1)).toEqual([50_400, 44_100, 31_500]);
    // Ann, a member-manager: her 40% of 126,000 plus her 24,000; none for the others (section 1402).
    expect(k1.map((share) => share.line14a)).toEqual([74_400, 0, 0]);
    const report = check(issueScenario);
    expect(report.withholding_1446!.partners.map((row) => [row.name, row.ecti_computed, row.tax])).toEqual([
      ['Hiroshi Tanaka', 44_100, 16_317],
      ['Nordlys Invest AS', 31_500, 6_615],
    ]);
    expect(report.withholding_1446!.total).toBe(22_932);
    expect(report.invalid.map((problem) => problem.field)).not.toContain('deductions.line10');
    expect(report.notes).toContainEqual(
      expect.stringMatching(
        /^Page 1 line 10 \(guaranteed payments to partners\) is 24,000: .*line 23, .* is 126,000/,
      ),
    );
    expect(IRS_RULES.guaranteedPaymentsLine10.source).toMatch(/Instructions for Form 1065 \(2025\), line 10/);
  });

  it('prints line 10, line 23 and each K-1 box 1 and 14A', async () => {
    const builder = new PacketBuilder({ loadTemplate: countingLoader().load });
    const packet = await builder.build('partnership', issueScenario);
    const page1 = pdfText(packet.pdf, 1);
    expect(page1).toMatch(/10\s+24,000/);
    expect(page1).toMatch(/23\s+126,000/);
    expect(page1).not.toContain('150,000');
    const [ann, hiroshi, nordlys] = [1, 2, 3].map((n) => pdfText(packet.pdf, FORM_1065_PAGES + n)) as [
      string,
      string,
      string,
    ];
    expect(ann).toContain('50,400');
    expect(ann).toMatch(/A\s+74,400/); // 14A
    expect(ann.match(/24,000/g)).toHaveLength(2); // 4a and 4c
    expect(hiroshi).toContain('44,100');
    expect(nordlys).toContain('31,500');
  });

  it('a capitalized payment stays off line 10 but on box 4; a typed line 10 that differs is reported', () => {
    const capitalized = withChanges((filing) => {
      filing.partners[0].guaranteedPayments.capitalized = 4000;
    });
    expect(pageOne(capitalized).lines).toMatchObject({ line10: 20_000, line23: 130_000 });
    expect(k1Shares(capitalized)![0]).toMatchObject({ line4a: 24_000, line4c: 24_000 });
    const typed = withChanges((filing) => {
      filing.deductions.line10 = 30000;
    });
    // The typed figure is kept as typed (never silently replaced) and reported.
    expect(pageOne(typed).lines.line10).toBe(30_000);
    const problem = check(typed).invalid.find((item) => item.field === 'deductions.line10');
    expect(problem?.message).toMatch(/is 30000, but the partners’ guaranteed payments .* add up to 24000/);
    const tooMuch = withChanges((filing) => {
      filing.partners[0].guaranteedPayments.capitalized = 25000;
    });
    expect(check(tooMuch).invalid.map((item) => item.field)).toContain(
      'partners[0].guaranteedPayments.capitalized',
    );
    // Equal to the deductible sum: nothing to report.
    const matching = withChanges((filing) => {
      filing.deductions.line10 = 24000;
    });
    expect(check(matching).invalid.map((item) => item.field)).not.toContain('deductions.line10');
  });
});

describe('ECTI by the rule: no deduction line is taken', () => {
  it('refuses lines 12 and 13a-13e in ectiLines, each with its reason; ECTI is unchanged', () => {
    const named = withChanges((filing) => {
      filing.scheduleK.line12 = 4000;
      filing.scheduleK.line13b = 1000;
      filing.ectiLines = ['line1', 'line12', 'line13a', 'line13b', 'line13c', 'line13d', 'line13e'];
    });
    const report = check(named);
    const messages = report.invalid.filter((item) => item.field === 'ectiLines').map((item) => item.message);
    expect(messages).toHaveLength(6);
    expect(messages[0]).toMatch(/^line12 is refused: .*section 179.*could not be confirmed/);
    expect(messages[2]).toMatch(/^line13b is refused: .*section 703\(a\)\(2\)\(C\).*never reduces ECTI/);
    expect(messages[3]).toMatch(/^line13c is refused: .*163\(d\)/);
    // ECTI stays the share of line 1 (line 1 after the section 179 line is separately stated).
    expect(report.withholding_1446!.partners.map((row) => row.ecti_computed)).toEqual([44_100, 31_500]);
    expect(IRS_RULES.ectiRefusedLines.source).toMatch(/703\(a\)\(2\)\(C\).*1\.1446-2\(b\)/);
  });
});
