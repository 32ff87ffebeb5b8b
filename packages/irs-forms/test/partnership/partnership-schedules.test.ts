// The parts of a partnership return its own tests require, read back from the PDF: Schedule B
// question 4 computed from the figures, Schedules L, M-1 and M-2 when it is No, the Analysis of Net
// Income (Loss) per Return, the Designation of Partnership Representative, and the forms the packet
// does not hold (prepare_elsewhere), which keep `ready` false.
import { checkFilingReadiness, IRS_RULES } from '@filing-mcp/irs-forms';
import { PacketBuilder } from '@filing-mcp/irs-forms/pdf';
import { describe, expect, it } from 'vitest';
import { completePartnership, countingLoader, smallPartnership } from '../support/fixtures.js';
import { pdfText } from '../support/pdf-text.js';

const builder = new PacketBuilder({ loadTemplate: countingLoader().load });
const BEFORE_DUE = '2026-03-01';

/** The three-partner California LLC: $540,000 of receipts. */
function californiaLlc(): Record<string, any> {
  const filing = structuredClone(completePartnership) as Record<string, any>;
  Object.assign(filing, {
    partnershipName: 'Golden Gate Studio LLC',
    street: '500 Howard Street',
    city: 'San Francisco',
    state: 'CA',
    zip: '94105',
    totalAssets: 300000,
    income: { line1a: 540000 },
    deductions: { line9: 200000, line10: 30000, line11: 50000, line13: 60000 },
    scheduleK: { line4a: 30000, line16a: false },
  });
  delete filing.scheduleB.line4;
  filing.scheduleB.line2b = true; // Casey Morgan owns 50%: Schedule B-1
  for (const key of ['scheduleL', 'scheduleM1', 'scheduleM2', 'partnershipRepresentative'])
    delete filing[key];
  const share = (percent: number) => ({
    profitBeginning: percent,
    profitEnding: percent,
    lossBeginning: percent,
    lossEnding: percent,
    capitalBeginning: percent,
    capitalEnding: percent,
  });
  const capital = { beginning: 0, contributed: 0, currentYearIncome: 0, withdrawals: 0, ending: 0 };
  filing.partners = [
    {
      name: 'Casey Morgan',
      address: '12 Pine Street, Oakland, CA 94607',
      tin: '123-45-6781',
      type: 'General partner or LLC member-manager',
      isForeign: false,
      contributedBuiltInGainProperty: false,
      entityType: 'Individual',
      analysisType: 'individual-active',
      shares: share(50),
      capitalAccount: capital,
      specialAllocations: { line4a: 30000 },
    },
    {
      name: 'Haruto Sato',
      address: '1-1 Marunouchi, Chiyoda-ku, Tokyo 100-0005, Japan',
      foreignTaxId: 'JP-1234567890123',
      tin: '912-70-1234',
      type: 'Limited partner or other LLC member',
      isForeign: true,
      contributedBuiltInGainProperty: false,
      entityType: 'Individual',
      analysisType: 'individual-passive',
      shares: share(30),
      capitalAccount: capital,
      ectiShare: 60000,
      specialAllocations: { line4a: 0 },
    },
    {
      name: 'Fjord Holding AS',
      address: 'Dronning Mauds gate 1, 0250 Oslo, Norway',
      foreignTaxId: 'NO-987654321',
      tin: '98-7654321',
      type: 'Limited partner or other LLC member',
      isForeign: true,
      contributedBuiltInGainProperty: false,
      entityType: 'Corporation',
      shares: share(20),
      capitalAccount: capital,
      ectiShare: 40000,
      specialAllocations: { line4a: 0 },
    },
  ];
  return filing;
}

/** The text line of page 2 that holds question 4's Yes/No boxes, and where its X is. */
function question4Mark(page2: string): number {
  const line = page2.split('\n').find((text) => text.includes('not required to file Schedule M-3'));
  return line === undefined ? -1 : line.lastIndexOf('X');
}

describe('Schedule B question 4', () => {
  it('under every threshold it is Yes: no Schedule L, M-1 or M-2 is asked for, and Yes prints', async () => {
    const filing = smallPartnership();
    const report = checkFilingReadiness('partnership', filing, undefined, BEFORE_DUE);
    expect(report.missing).toEqual([]);
    expect(report.invalid).toEqual([]);
    expect(report.notes!.join(' ')).toContain('Schedule B question 4 is answered Yes');
    expect(report.prepare_elsewhere).toEqual([]);
    expect(report.ready).toBe(true);
    const yes = await builder.build('partnership', filing, { asOf: BEFORE_DUE });
    const no = await builder.build(
      'partnership',
      { ...filing, totalAssets: 1_000_000 },
      { asOf: BEFORE_DUE },
    );
    const [yesMark, noMark] = [question4Mark(pdfText(yes.pdf, 2)), question4Mark(pdfText(no.pdf, 2))];
    expect(yesMark).toBeGreaterThan(0);
    expect(noMark).toBeGreaterThan(yesMark); // the No column is right of the Yes column
  });

  it('$1 million of assets, a late return, or Schedule M-3 each make it No', () => {
    const small = smallPartnership();
    const gaps = (filing: Record<string, unknown>, asOf = BEFORE_DUE) =>
      checkFilingReadiness('partnership', filing, undefined, asOf).missing.map((gap) => gap.field);
    const schedules = ['scheduleL.beginning', 'scheduleL.end', 'scheduleM1.line1', 'scheduleM2.line1'];
    expect(gaps({ ...small, totalAssets: 1_000_000 })).toEqual(schedules);
    expect(gaps(small, '2026-03-17')).toEqual(schedules); // due 2026-03-16: the K-1s are late
    expect(gaps({ ...small, filesScheduleM3: true })).toEqual(schedules);
    expect(gaps({ ...small, income: { line1a: 250_000 } })).toEqual(schedules);
  });

  it('over the thresholds (the $540,000 California LLC) Schedule L is named missing, then printed', async () => {
    const filing = californiaLlc();
    filing.partnershipRepresentative = completePartnership.partnershipRepresentative;
    const report = checkFilingReadiness('partnership', filing, undefined, BEFORE_DUE);
    expect(report.ready).toBe(false);
    expect(report.missing).toEqual([
      { form: '1065', line: 'Schedule L, beginning of tax year', field: 'scheduleL.beginning' },
      { form: '1065', line: 'Schedule L, end of tax year', field: 'scheduleL.end' },
      { form: '1065', line: 'Schedule M-1, 1', field: 'scheduleM1.line1' },
      { form: '1065', line: 'Schedule M-2, 1', field: 'scheduleM2.line1' },
    ]);
    expect(report.notes!.join(' ')).toContain('Schedule B question 4 is answered No (condition 4a not met');

    // Ordinary income 200,000 (540,000 - 340,000) and guaranteed payments 30,000: analysis line 1 230,000.
    Object.assign(filing, {
      scheduleL: {
        beginning: { line1: 50000, line21: 50000 },
        end: { line1: 120000, line9a: 200000, line9b: 20000, line15: 40000, line21: 260000 },
      },
      scheduleM1: { line1: 200000, line3: 30000 },
      scheduleM2: { line1: 50000, line3: 230000, line6a: 20000 },
    });
    const complete = checkFilingReadiness('partnership', filing, undefined, BEFORE_DUE);
    expect(complete.missing).toEqual([]);
    expect(complete.invalid).toEqual([]);
    const packet = await builder.build('partnership', filing, { asOf: BEFORE_DUE });
    const page6 = pdfText(packet.pdf, 6);
    // Schedule L: 9a/9b gross and depreciation in column (c), the net in (d); totals 300,000.
    for (const figure of ['120,000', '200,000', '20,000', '180,000', '300,000', '40,000', '260,000']) {
      expect(page6).toContain(figure);
    }
    expect(page6.match(/300,000/g)?.length).toBe(2); // lines 14 and 22, end of year
    // Schedules M-1 (5 and 9 = 230,000) and M-2 (9 = 260,000).
    expect(page6).toContain('230,000');
  });

  it('Schedule L that does not balance, or disagrees with item F, is invalid', () => {
    const filing = {
      ...californiaLlc(),
      partnershipRepresentative: completePartnership.partnershipRepresentative,
    };
    Object.assign(filing, {
      scheduleL: { beginning: {}, end: { line1: 300000, line21: 250000 } },
      scheduleM1: { line1: 230000 },
      scheduleM2: { line1: 0 },
      totalAssets: 310000,
    });
    const report = checkFilingReadiness('partnership', filing, undefined, BEFORE_DUE);
    expect(report.invalid).toEqual([
      {
        field: 'scheduleL.end',
        message:
          'does not balance: total assets (line 14) 300000 but total liabilities and capital (line 22) 250000',
      },
      {
        field: 'totalAssets',
        message: 'item F (310000) must equal Schedule L line 14, end of year (300000)',
      },
    ]);
  });
});

describe('Analysis of Net Income (Loss) per Return', () => {
  it('line 1 combines Schedule K; line 2 splits it by partner type, all on row b for an LLC', async () => {
    const filing = californiaLlc();
    const packet = await builder.build('partnership', filing, { asOf: BEFORE_DUE });
    const page6 = pdfText(packet.pdf, 6);
    // 200,000 ordinary + 30,000 guaranteed payments. By profit share 50/30/20, plus the 30,000
    // guaranteed payment to Casey: individual active 130,000, passive 60,000, corporate 40,000.
    const analysis = page6.split('Schedule L')[0]!;
    for (const figure of ['230,000', '130,000', '60,000', '40,000']) expect(analysis).toContain(figure);
    const rowB = analysis.split('\n').find((line) => line.includes('Limited partners'))!;
    expect(rowB).toMatch(/40,000\s+130,000\s+60,000/);
  });

  it('an individual partner’s column (active or passive) is the filing’s to give', () => {
    const filing = californiaLlc();
    delete filing.partners[0].analysisType;
    const report = checkFilingReadiness('partnership', filing, undefined, BEFORE_DUE);
    expect(report.missing).toContainEqual({
      form: '1065',
      line: 'Analysis of Net Income (Loss), 2 (partner type)',
      field: 'partners[0].analysisType',
    });
  });
});

describe('Designation of Partnership Representative', () => {
  it('is named missing when absent, and printed on page 4 when given', async () => {
    const filing = californiaLlc();
    const report = checkFilingReadiness('partnership', filing, undefined, BEFORE_DUE);
    expect(report.missing).toContainEqual({
      form: '1065',
      line: 'Designation of Partnership Representative',
      field: 'partnershipRepresentative',
    });
    filing.partnershipRepresentative = {
      entityName: 'Golden Gate Tax Services Inc',
      street: '1 Market Street',
      city: 'San Francisco',
      state: 'CA',
      zip: '94105',
      phone: '415-555-0100',
      tin: '94-1234567',
      designatedIndividual: { firstName: 'Riley', lastName: 'Chen' },
    };
    const partial = checkFilingReadiness('partnership', filing, undefined, BEFORE_DUE);
    expect(partial.missing.map((gap) => gap.field)).toEqual(
      expect.arrayContaining([
        'partnershipRepresentative.designatedIndividual.street',
        'partnershipRepresentative.designatedIndividual.phone',
        'partnershipRepresentative.designatedIndividual.tin',
      ]),
    );
    Object.assign(filing.partnershipRepresentative.designatedIndividual, {
      street: '1 Market Street',
      city: 'San Francisco',
      state: 'CA',
      zip: '94105',
      phone: '415-555-0101',
      tin: '123-45-6781',
    });
    const page4 = pdfText((await builder.build('partnership', filing, { asOf: BEFORE_DUE })).pdf, 4);
    for (const text of [
      'Golden Gate Tax Services Inc',
      '1 Market Street',
      '415-555-0100',
      'Riley',
      'Chen',
      '94105',
    ]) {
      expect(page4).toContain(text);
    }
    expect(page4).not.toContain('94-1234567'); // the 2025 form has no box for the PR's TIN
  });

  it('a foreign address or phone is refused; only a valid election out removes the designation', () => {
    const filing = smallPartnership();
    filing.partnershipRepresentative = {
      ...filing.partnershipRepresentative,
      zip: 'SW1A 2AA',
      phone: '+44 20 7946 0000',
    };
    const foreign = checkFilingReadiness('partnership', filing, undefined, BEFORE_DUE);
    expect(foreign.invalid.map((field) => field.field)).toEqual([
      'partnershipRepresentative.zip',
      'partnershipRepresentative.phone',
    ]);

    delete filing.partnershipRepresentative;
    filing.scheduleB.line33 = true;
    const electing = checkFilingReadiness('partnership', filing, undefined, BEFORE_DUE);
    // Lone Star Capital LLC is an LLC partner: eligibility depends on its classification, not refused.
    expect(electing.missing).toEqual([]);
    expect(electing.prepare_elsewhere!.map((entry) => entry.form)).toEqual(['Schedule B-2 (Form 1065)']);

    filing.partners[2].entityType = 'Partnership';
    const ineligible = checkFilingReadiness('partnership', filing, undefined, BEFORE_DUE);
    expect(ineligible.invalid[0]).toMatchObject({ field: 'scheduleB.line33' });
    expect(ineligible.invalid[0]!.message).toContain('partners[2] (Partnership)');
    const late = checkFilingReadiness(
      'partnership',
      { ...filing, partners: smallPartnership().partners },
      undefined,
      '2026-04-01',
    );
    expect(late.invalid.map((field) => field.message).join(' ')).toContain('timely filed return');
  });
});

describe('prepare_elsewhere', () => {
  it('a foreign partner needs Forms 8804, 8805 (and 8813 with tax due) and Schedules K-2/K-3: not ready', () => {
    const filing = californiaLlc();
    filing.partnershipRepresentative = completePartnership.partnershipRepresentative;
    filing.scheduleL = { beginning: { line1: 50000, line21: 50000 }, end: { line1: 300000, line21: 300000 } };
    filing.scheduleM1 = { line1: 230000 };
    filing.scheduleM2 = { line1: 50000 };
    const report = checkFilingReadiness('partnership', filing, undefined, BEFORE_DUE);
    expect(report.missing).toEqual([]);
    expect(report.invalid).toEqual([]);
    expect(report.ready).toBe(false);
    const forms = report.prepare_elsewhere!;
    expect(forms.map((entry) => entry.form)).toEqual([
      'Schedule B-1 (Form 1065)',
      'Schedules K-2 and K-3 (Form 1065)',
      'Form 8804',
      'Form 8805',
      'Form 8813',
    ]);
    expect(forms[0]!.reason).toContain('Casey Morgan');
    expect(forms[2]!.reason).toContain('2 foreign partner(s)');
    expect(forms[3]!.reason).toContain('Haruto Sato, Fjord Holding AS');
    expect(forms[2]!.source).toContain('Instructions for Forms 8804, 8805, and 8813');
    for (const entry of forms) expect(entry.source).toMatch(/Instructions|Form|Code/);
  });

  it('Schedule B-1 for a 50% owner, Schedule M-3 from $10 million of assets', () => {
    const filing = smallPartnership();
    filing.partners[0].shares = { ...filing.partners[0].shares, profitEnding: 50 };
    filing.scheduleB.line2b = true;
    const owners = checkFilingReadiness('partnership', filing, undefined, BEFORE_DUE);
    expect(owners.prepare_elsewhere!.map((entry) => entry.form)).toContain('Schedule B-1 (Form 1065)');
    const large = checkFilingReadiness(
      'partnership',
      { ...smallPartnership(), totalAssets: 10_000_000 },
      undefined,
      BEFORE_DUE,
    );
    expect(large.prepare_elsewhere!.map((entry) => entry.form)).toEqual(['Schedule M-3 (Form 1065)']);
  });

  it('the attachments the form names by line: Form 1125-A, statements, Schedule B follow-ups, coded K-1 boxes', () => {
    const filing = smallPartnership();
    filing.income = { line1a: 200000, line2: 50000, line7: 1000 };
    filing.deductions = { ...filing.deductions, line16a: 5000, line21: 16000 };
    filing.scheduleK = { ...filing.scheduleK, line8: 400, line13b: 250 };
    filing.scheduleB = { ...filing.scheduleB, line3a: true, line24: true, line17: 2 };
    const report = checkFilingReadiness('partnership', filing, undefined, BEFORE_DUE);
    expect(report.ready).toBe(false);
    const byForm = Object.fromEntries(report.prepare_elsewhere!.map((entry) => [entry.form, entry.reason]));
    expect(Object.keys(byForm)).toEqual([
      'Form 1125-A',
      'Form 4562',
      'Schedule D (Form 1065)',
      'Statements itemizing the lines that say "attach statement"',
      'Schedule B, question 3 tables (Form 1065, page 2)',
      'Form 8990',
      'Form 5471',
      'Schedule K-1 coded boxes',
    ]);
    expect(byForm['Form 1125-A']).toContain('page 1, line 2');
    expect(byForm['Statements itemizing the lines that say "attach statement"']).toBe(
      'page 1, line 7, page 1, line 21: the form asks for a statement of the items',
    );
    expect(byForm['Schedule K-1 coded boxes']).toContain('13b');
  });

  it('every rule added names its source', () => {
    for (const name of [
      'scheduleBQuestion4',
      'scheduleL',
      'scheduleM1',
      'scheduleM2',
      'analysisOfNetIncome',
      'partnershipRepresentative',
      'electionOut6221b',
      'schedulesK2K3',
      'forms8804And8805',
      'prepareElsewhere',
      'form1065LineLabels',
      'attachments',
    ] as const) {
      expect(IRS_RULES[name].source.length, name).toBeGreaterThan(10);
    }
  });
});
