// Complete Forms 5472 read back with pdftotext, and the date-aware check.
import { checkFilingReadiness, EXAMPLE_SINGLE_MEMBER_FILING } from '@filing-mcp/irs-forms';
import type { SingleMemberInput } from '../src/filing-input.js';
import { PacketBuilder } from '@filing-mcp/irs-forms/pdf';
import { REASONABLE_CAUSE_DECLARATION } from '../src/pdf/late-filing-letter.js';
import { PDFDocument } from '@cantoo/pdf-lib';
import { describe, expect, it } from 'vitest';
import { countingLoader } from './support/fixtures.js';
import { pdfText } from './support/pdf-text.js';

const builder = new PacketBuilder({ loadTemplate: countingLoader().load });
const base = EXAMPLE_SINGLE_MEMBER_FILING as unknown as SingleMemberInput;
const owner = base.relatedParties![0]!;
const sister = base.relatedParties![1]!;
const noExtras = { generateForm7004: false, generateLateFilingLetter: false };

/** The packet's text, one string per page. */
async function pages(filing: Record<string, unknown>, asOf: string): Promise<string[]> {
  const { pdf } = await builder.build('5472', filing, { asOf });
  const count = (await PDFDocument.load(pdf)).getPageCount();
  return Array.from({ length: count }, (_, index) => pdfText(pdf, index + 1));
}

/** A line of Part IV as pdftotext lays it out: the line number, its title, the amount. */
const partIVLine = (line: string, amount: string) =>
  new RegExp(`\\n\\s*${line}\\s.*\\s${line}\\s+${amount}\\n`);

function expectPartVII(page3: string): void {
  expect(page3).toMatch(/37 .*Yes\s+X No/);
  expect(page3).toMatch(/39 .*Yes\s+X No/);
}

/**
 * The cover page comes first and says where to sign and the date to write; the 1120's signature
 * and date boxes stay empty (the signer's name is nowhere on page 1), its title is printed, and
 * items C (date incorporated) and D (total assets) are filled.
 */
function expectCoverAndSignature(
  cover: string,
  page1: string,
  name: string,
  date: string,
  title: string,
): void {
  expect(cover).toContain('Read first: how to sign and file this packet');
  expect(cover).toContain('Signature of officer');
  expect(cover.replace(/\s+/g, ' ')).toContain(`writes the date ${date} in the box "Date"`);
  expect(cover.replace(/\s+/g, ' ')).toContain('Fax the part to file to 855-887-7737');
  expect(cover).toContain('Ogden, UT 84201');
  expect(cover).toMatch(/certified/);
  expect(page1).toContain('Foreign-owned U.S. DE');
  expect(page1).not.toContain(name);
  expect(page1).not.toContain(date);
  expect(page1).toContain(title);
  expect(page1).toContain('03/15/2024'); // item C
  expect(page1).toMatch(/\$\s+25,000/); // item D
}

const fixtures: Array<[string, Record<string, unknown>, string]> = [
  [
    'calendar year: contribution, expenses paid by the owner, distribution',
    { ...base, ...noExtras, relatedParties: [owner] },
    '2026-03-01',
  ],
  [
    'fiscal year ending June 30',
    {
      ...base,
      ...noExtras,
      taxYearBegin: '2024-07-01',
      taxYearEnd: '2025-06-30',
      signatureDate: '2025-08-01',
      relatedParties: [owner],
    },
    '2025-08-01',
  ],
  ['first year', { ...base, ...noExtras, isInitialYear: true, relatedParties: [owner] }, '2026-03-01'],
  [
    'late filer with the letter',
    { ...base, generateForm7004: false, generateLateFilingLetter: true, signatureDate: '2026-11-20' },
    '2026-11-25',
  ],
  ['two related parties of different relationships', { ...base, ...noExtras }, '2026-03-01'],
  [
    'no reportable transactions',
    {
      ...base,
      ...noExtras,
      noReportableTransactions: true,
      relatedParties: [{ ...owner, transactions: [] }],
    },
    '2026-03-01',
  ],
];

describe('complete Forms 5472', () => {
  it.each(fixtures)('%s: ready, and every part printed', async (name, filing, asOf) => {
    const report = checkFilingReadiness('5472', filing, undefined, asOf);
    expect(report.missing).toEqual([]);
    expect(report.invalid).toEqual([]);
    expect(report.ready).toBe(true);

    const text = await pages(filing, asOf);
    const parties = (filing.relatedParties as SingleMemberInput['relatedParties'])!;
    // The cover page, the pro forma 1120 (6 pages), then each 5472 (3 pages) and its Part V
    // statement when it has one. A ready packet carries no draft mark.
    expect(text.join('\n')).not.toContain('DRAFT');
    expectCoverAndSignature(
      text[0]!,
      text[1]!,
      'Maria Garcia',
      filing.signatureDate === '2026-11-20'
        ? '11/20/2026'
        : filing.signatureDate === '2025-08-01'
          ? '08/01/2025'
          : '04/01/2026',
      'Managing Member',
    );
    let page = 7;
    for (const party of parties) {
      const [page1, page2, page3] = [text[page]!, text[page + 1]!, text[page + 2]!];
      expect(page2).toContain(`${party.name}, ${party.street}, ${party.city}, ${party.country}`);
      if (party.relationship === 'foreign_shareholder') {
        expect(page2).toMatch(/Related to 25% foreign shareholder X 25% foreign shareholder/);
      } else {
        expect(page2).toMatch(/X Related to 25% foreign shareholder\s+25% foreign shareholder/);
      }
      expectPartVII(page3);
      page += 3;
      if (party === owner && name !== 'no reportable transactions') {
        expect(page1).toMatch(/\$ 15,250/); // line 1f
        expect(page2).toMatch(/and check here\. X/); // Part V box
        const statement = text[page]!;
        expect(statement).toContain('Acme Holdings LLC EIN 12-3456789');
        expect(statement).toContain('Form 5472, Part V');
        expect(statement).toMatch(/Contribution to the entity: Initial capital contribution\s+10,000/);
        expect(statement).toMatch(
          /Entity expenses paid by the owner.*Registered agent and state fees\s+1,250/,
        );
        expect(statement).toMatch(/Distribution from the entity\s+4,000/);
        page += 1;
      }
      if (party === sister) {
        expect(page2).toMatch(partIVLine('15', '2,100'));
        expect(page2).toMatch(partIVLine('22', '2,100'));
        expect(page2).toMatch(partIVLine('29', '7,300'));
        expect(page2).toMatch(partIVLine('36', '7,300'));
        expect(page1).toMatch(/\$ 9,400\s+2\s+\$ 24,650/); // 1f, 1g, 1h
      }
      if (name === 'no reportable transactions') {
        expect(page2).not.toMatch(/and check here\. X/);
        expect(page1).not.toContain('$ 0');
      }
    }
    if (name === 'fiscal year ending June 30') {
      expect(text[7]).toMatch(/beginning 07\/01\s+, 2024 , and ending 06\/30\s+, 2025/);
    }
    if (name === 'first year') expect(text[7]).toMatch(/is filing a Form 5472 \. \. \. \.\s+X/);
    if (name === 'late filer with the letter') {
      const letter = text.at(-1)!;
      expect(letter).toContain('Under penalties of perjury, I declare');
      expect(letter.replace(/\s+/g, ' ')).toContain(REASONABLE_CAUSE_DECLARATION);
      expect(letter).toContain('11/20/2026');
      expect(letter).toContain(base.lateFilingReason!);
      expect(letter).toMatch(/_+\s+Maria Garcia\s+Managing Member/);
    }
  });
});

describe('the date-aware check', () => {
  const filing = { ...base, generateLateFilingLetter: false } as Record<string, unknown>;

  it('before the due date: not overdue, no penalty, 7004 included', () => {
    const report = checkFilingReadiness('5472', filing, undefined, '2026-04-15');
    expect(report).toMatchObject({
      as_of: '2026-04-15',
      overdue: false,
      days_late: 0,
      penalties: [],
      late_filing: null,
    });
    expect(report.forms.find((form) => form.form === '7004')).toMatchObject({ included: true });
  });

  it('after the due date: overdue by days, $25,000 per Form 5472, the continuation penalty unquantified, the late path', () => {
    const report = checkFilingReadiness('5472', filing, undefined, '2026-11-25');
    expect(report).toMatchObject({ overdue: true, days_late: 224, ready: false });
    expect(report.penalties.map((penalty) => [penalty.code, penalty.amount])).toEqual([
      ['6038A(d)(1)', 50_000],
      ['6038A(d)(2)', null],
    ]);
    expect(report.penalties[1]!.description).toMatch(/notice/);
    // The statement turned off: not ready, and said so.
    expect(report.invalid.map((entry) => entry.field)).toContain('generateLateFilingLetter');
    expect(report.late_filing).toMatchObject({ missing: [], statement_included: false });
    expect(report.late_filing?.fields).toContain('lateFilingReason');
  });

  it('a 7004 asked for after the original due date is reported and left out of the packet', async () => {
    const report = checkFilingReadiness('5472', filing, undefined, '2026-05-01');
    const form7004 = report.forms.find((form) => form.form === '7004')!;
    expect(form7004.included).toBe(false);
    expect(form7004.reason).toMatch(/original due date \(2026-04-15\)/);
    expect(report.invalid.map((entry) => entry.field)).toContain('generateForm7004');
    const packet = await builder.build('5472', filing, { asOf: '2026-05-01' });
    expect(packet.omitted).toEqual([{ form: '7004', reason: form7004.reason }]);
    expect(packet.editions.map((edition) => edition.form)).toEqual(['1120', '5472']);
    const text = pdfText(packet.pdf, 1, (await PDFDocument.load(packet.pdf)).getPageCount());
    expect(text).not.toContain('Application for Automatic Extension');
  });

  it('with a 7004 filed in time the extended date is in force: on time before it, late after it', () => {
    const extended = { ...filing, generateForm7004: false, form7004FiledDate: '2026-04-10' };
    const between = checkFilingReadiness('5472', extended, undefined, '2026-09-01');
    expect(between).toMatchObject({
      extended_due_date: '2026-10-15',
      overdue: false,
      days_late: 0,
      ready: true,
    });
    const after = checkFilingReadiness('5472', extended, undefined, '2026-10-20');
    expect(after).toMatchObject({ overdue: true, days_late: 5 });
  });

  it('each missing part is named with its form, part, line and field', () => {
    const bare = { ...base, relatedParties: [{ id: 'x', name: 'Owner', relationship: 'Sole owner' }] };
    delete (bare as Record<string, unknown>).partVII;
    delete (bare as Record<string, unknown>).signerName;
    const report = checkFilingReadiness('5472', bare, undefined, '2026-03-01');
    const parts = new Set(report.missing.map((entry) => `${entry.form} ${entry.part}`));
    expect([...parts].sort()).toEqual(['1120 Sign Here', '5472 III', '5472 IV/V', '5472 VI', '5472 VII']);
    expect(report.missing).toEqual(
      expect.arrayContaining([
        { form: '5472', part: 'IV/V', line: '9-36, V', field: 'relatedParties[0].transactions' },
        { form: '5472', part: 'III', line: '8g', field: 'relatedParties[0].taxResidenceCountries' },
        { form: '5472', part: 'VI', line: 'VI', field: 'relatedParties[0].nonmonetaryTransactions' },
      ]),
    );
    expect(report.invalid).toContainEqual({
      field: 'relatedParties[0].relationship',
      message:
        '"Sole owner" is not a line 8e box: use one of related_to_reporting_corporation, related_to_foreign_shareholder, foreign_shareholder, or a list of those that apply',
    });
    // An old free-text relationship ticks no box: never guessed.
    expect(report.ready).toBe(false);
  });

  it('the letter needs its reason, and a signature date before the year ends is invalid', () => {
    const report = checkFilingReadiness(
      '5472',
      { ...filing, generateLateFilingLetter: true, lateFilingReason: undefined, signatureDate: '2025-12-01' },
      undefined,
      '2026-03-01',
    );
    expect(report.missing).toContainEqual(expect.objectContaining({ field: 'lateFilingReason' }));
    expect(report.invalid).toContainEqual(expect.objectContaining({ field: 'signatureDate' }));
  });

  it('an unreal as_of is an error', () => {
    expect(() => checkFilingReadiness('5472', filing, undefined, '2026-02-30')).toThrow(/as_of/);
  });
});
