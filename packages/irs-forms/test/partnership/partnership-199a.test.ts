// Section 199A information for each partner (rule section199AStatement): K-1 box 20
// code Z "STMT" and the statement attached to each K-1, read back from the PDF text; inputs the
// filing lacks are asked for, never guessed.
import { checkFilingReadiness } from '@filing-mcp/irs-forms';
import { PacketBuilder } from '@filing-mcp/irs-forms/pdf';
import { describe, expect, it } from 'vitest';
import { IRS_RULES } from '../../src/irs-rules.js';
import { section199A } from '../../src/partnership/section-199a.js';
import { countingLoader } from '../support/fixtures.js';
import { pdfText } from '../support/pdf-text.js';
import { shares, threePartners } from '../support/three-partners.js';

const FORM_1065_PAGES = 6;

/** Four partners (30/35/25/10), Ann paid 24,000 for services; line 23 is 126,000. */
const fourPartners = structuredClone(threePartners);
fourPartners.deductions = { line9: 120000, line13: 36000, line14: 4000, line21: 230000 };
fourPartners.partners[0].guaranteedPayments = { services: 24000 };
fourPartners.partners[0].shares = shares(30);
fourPartners.partners.push({
  name: 'Maria Silva',
  address: '40 Elm Street, Austin, TX 78701',
  tin: '123-45-6700',
  type: 'Limited partner or other LLC member',
  isForeign: false,
  contributedBuiltInGainProperty: false,
  entityType: 'Individual',
  shares: shares(10),
  capitalAccount: { beginning: 10000, contributed: 0, currentYearIncome: 12600, withdrawals: 0 },
});
const withInputs = structuredClone(fourPartners);
withInputs.section199A = { w2Wages: 120000, ubia: 50000, sstb: false };

const check = (filing: Record<string, any>) =>
  checkFilingReadiness('partnership', filing, undefined, '2026-01-10');

describe('section 199A information for each partner', () => {
  it('computes each partner’s QBI, W-2 wages and UBIA; the rule has its source', () => {
    const info = section199A(withInputs);
    expect(info.computed).toBe(true);
    if (!info.computed) return;
    expect(info.sstb).toBe(false);
    expect(info.partners.map((p) => [p.qbi, p.w2Wages, p.ubia])).toEqual([
      [37_800, 36_000, 15_000],
      [44_100, 42_000, 17_500],
      [31_500, 30_000, 12_500],
      [12_600, 12_000, 5_000],
    ]);
    expect(IRS_RULES.section199AStatement.source).toMatch(/1\.199A-6\(b\)\(3\)/);
    expect(IRS_RULES.section199AStatement.source).toMatch(/box 20, code Z/);
    expect(check(withInputs).missing.map((item) => item.field)).not.toContain('section199A.ubia');
  });

  it('prints box 20 code Z STMT on each K-1 and each partner’s statement', async () => {
    const builder = new PacketBuilder({ loadTemplate: countingLoader().load });
    const packet = await builder.build('partnership', withInputs);
    const ann = pdfText(packet.pdf, FORM_1065_PAGES + 1);
    expect(ann).toMatch(/Z\s+STMT/);
    const pages = pdfText(packet.pdf, 1, 99).split('\f');
    const statements = pages.filter((page) => page.includes('box 20, code Z: section 199A information'));
    expect(statements).toHaveLength(4);
    const maria = statements.find((page) => page.includes('for Maria Silva'))!;
    expect(maria).toMatch(/Specified service trade or business .*No/);
    expect(maria).toMatch(/Qualified business income .*12,600/);
    expect(maria).toMatch(/W-2 wages .*12,000/);
    expect(maria).toMatch(/UBIA of qualified property .*5,000/);
  });

  it('asks for W-2 wages, UBIA and the SSTB answer; prints no guessed figure', async () => {
    const report = check(fourPartners);
    const fields = report.missing.map((item) => item.field);
    expect(fields).toEqual(
      expect.arrayContaining(['section199A.w2Wages', 'section199A.ubia', 'section199A.sstb']),
    );
    const wages = report.missing.find((item) => item.field === 'section199A.w2Wages')!;
    expect(wages.line).toMatch(/page 1 line 9 is 120000/);
    const builder = new PacketBuilder({ loadTemplate: countingLoader().load });
    const pages = pdfText((await builder.build('partnership', fourPartners)).pdf, 1, 99).split('\f');
    const ann = pages.find((page) => page.includes('section 199A information for Ann Lee'))!;
    expect(ann).toMatch(/W-2 wages .*not given/);
    expect(ann).toMatch(/UBIA of qualified property .*not given/);
    expect(ann).toMatch(/not determined by the partnership/);
    expect(ann).not.toContain('36,000');
  });

  it('leaves the statement to the preparer when QBI depends on facts the filing lacks', () => {
    const rental = structuredClone(withInputs);
    rental.scheduleK.line11 = 5000;
    rental.scheduleK.line11Type = 'Other income';
    expect(section199A(rental).computed).toBe(false);
    const report = check(rental);
    const item = report.prepare_elsewhere!.find((entry) => entry.form.startsWith('Section 199A statement'));
    expect(item?.reason).toMatch(/line 11 is on the return.*presumed zero/);
    expect(report.missing.map((entry) => entry.field)).not.toContain('section199A.ubia');
  });
});
