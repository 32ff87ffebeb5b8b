// Form 5472 to its last line: Part VII per related party, line 8e boxes, Part IV line labels, the
// checked values (countries, codes, dates), the extended due date, recommendations, and the draft
// mark, read back with pdftotext.
import { checkFilingReadiness, EXAMPLE_SINGLE_MEMBER_FILING, IRS_RULES } from '@filing-mcp/irs-forms';
import { ACTIVITY_CODES } from '../src/activity-codes.js';
import type { SingleMemberInput } from '../src/filing-input.js';
import { TRANSACTION_KINDS } from '../src/kinds.js';
import { PacketBuilder } from '@filing-mcp/irs-forms/pdf';
import { DRAFT_MARK } from '../src/pdf/cover-page.js';
import { PDFDocument } from '@cantoo/pdf-lib';
import { describe, expect, it } from 'vitest';
import { countingLoader, smallPartnership } from './support/fixtures.js';
import { pdfText } from './support/pdf-text.js';

const builder = new PacketBuilder({ loadTemplate: countingLoader().load });
const base = {
  ...(EXAMPLE_SINGLE_MEMBER_FILING as unknown as SingleMemberInput),
  generateForm7004: false,
  generateLateFilingLetter: false,
} as SingleMemberInput;
const [owner, sister] = base.relatedParties!;
const ON_TIME = '2026-03-01';
const check = (filing: Record<string, unknown>, asOf = ON_TIME) =>
  checkFilingReadiness('5472', filing, undefined, asOf);

async function pages(filing: Record<string, unknown>, asOf = ON_TIME): Promise<string[]> {
  const { pdf } = await builder.build('5472', filing, { asOf });
  const count = (await PDFDocument.load(pdf)).getPageCount();
  return Array.from({ length: count }, (_, index) => pdfText(pdf, index + 1));
}

/** The line 42a answer as printed: the boxes follow "(AFR) for the relevant term)?". */
const line42a = (page3: string) =>
  /Federal rate \(AFR\) for the relevant term\)\?[ .]*(X Yes\s+No|Yes\s+X No)/
    .exec(page3)?.[1]
    ?.replace(/\s+/g, ' ');

describe('Part VII per related party', () => {
  const filing = {
    ...base,
    relatedParties: [
      { ...owner, partVII: { line42a: true, line42b: false } },
      { ...sister, partVII: { line42a: false } },
    ],
  };

  it('is ready with each party answering lines 41-42 and the filing the rest', () => {
    expect(check(filing)).toMatchObject({ ready: true, missing: [], invalid: [] });
  });

  it('prints each Form 5472 its own 42a box', async () => {
    const text = await pages(filing);
    // Cover, 1120 (6 pages), owner's 5472 (3) and its Part V statement, the sister's 5472 (3).
    expect(text[3 + 7 - 1]).toContain('Part VII');
    expect(line42a(text[7 + 2]!)).toBe('X Yes No');
    expect(line42a(text[7 + 3 + 1 + 2]!)).toBe('Yes X No');
  });

  it('a filing-level Yes on a line about the related party is nobody’s answer when there are two parties', () => {
    const report = check({ ...base, partVII: { ...base.partVII, line42a: true } });
    expect(report.ready).toBe(false);
    expect(report.invalid).toContainEqual(
      expect.objectContaining({
        field: 'partVII.line42a',
        message: expect.stringMatching(/per related party/),
      }),
    );
    expect(report.missing).toContainEqual({
      form: '5472',
      part: 'VII',
      line: '42a',
      field: 'relatedParties[1].partVII.line42a',
    });
    // A filing-level No is every party's No, and a single party takes the filing's Yes.
    expect(
      check({ ...base, relatedParties: [owner], partVII: { ...base.partVII, line42a: true, line42b: false } })
        .ready,
    ).toBe(true);
  });
});

describe('line 8e and Part IV', () => {
  it('ticks every line 8e box listed, and takes the old single value', async () => {
    const filing = {
      ...base,
      relatedParties: [
        { ...owner, relationship: ['related_to_reporting_corporation', 'foreign_shareholder'] },
      ],
    };
    expect(check(filing).ready).toBe(true);
    const text = await pages(filing);
    expect(text[8]).toMatch(
      /X Related to reporting corporation\s+Related to 25% foreign shareholder\s+X 25% foreign shareholder/,
    );
    const wrong = check({
      ...filing,
      relatedParties: [{ ...owner, relationship: ['foreign_shareholder', 'owner'] }],
    });
    expect(wrong.invalid).toContainEqual(
      expect.objectContaining({ field: 'relatedParties[0].relationship' }),
    );
  });

  it('a trademark royalty is line 28; the ambiguous royalties_paid is refused with the fix and never printed', async () => {
    expect(TRANSACTION_KINDS.intangible_property_paid).toMatchObject({ line: '28' });
    expect(TRANSACTION_KINDS.intangible_property_paid.title).toContain('trademarks');
    expect(TRANSACTION_KINDS.royalties_paid_other_than_intangible_property).toMatchObject({ line: '27b' });
    const royalty = (kind: string) => ({
      ...base,
      relatedParties: [
        { ...sister, transactions: [{ kind, amount: 9100, description: 'Trademark license' }] },
      ],
    });
    const text = await pages(royalty('intangible_property_paid'));
    expect(text[8]).toMatch(/\n\s*28\s.*\s28\s+9,100\n/);
    expect(text[8]).not.toMatch(/27b\s+9,100/);

    const old = check(royalty('royalties_paid'));
    expect(old.ready).toBe(false);
    expect(old.invalid).toContainEqual({
      field: 'relatedParties[0].transactions[0].kind',
      message: expect.stringMatching(
        /intangible_property_paid \(line 28\).*royalties_paid_other_than_intangible_property \(line 27b\)/,
      ),
    });
    const draft = await pages(royalty('royalties_paid'));
    expect(draft[8]).not.toContain('9,100');
  });
});

describe('checked values', () => {
  const invalidFields = (filing: Record<string, unknown>, asOf = ON_TIME) =>
    check(filing, asOf).invalid.map((entry) => entry.field);

  it('an incorporation date after the tax year is invalid, with the fix', () => {
    const report = check({ ...base, dateIncorporation: '2026-01-05' });
    expect(report.invalid).toContainEqual({
      field: 'dateIncorporation',
      message: expect.stringMatching(/after the end of the tax year \(2025-12-31\).*Correct the date/),
    });
  });

  it('a form7004FiledDate after as_of is invalid, with the fix', () => {
    const report = check({ ...base, form7004FiledDate: '2026-03-10' }, '2026-03-01');
    expect(report.invalid).toContainEqual({
      field: 'form7004FiledDate',
      message: expect.stringMatching(/after 2026-03-01, the day checked for/),
    });
  });

  it('a U.S. state as the country of incorporation is invalid: write United States', () => {
    const report = check({ ...base, countryIncorporation: 'New Mexico' });
    expect(report.invalid).toContainEqual({
      field: 'countryIncorporation',
      message: expect.stringMatching(/U\.S\. state.*United States/),
    });
    expect(invalidFields({ ...base, countryIncorporation: 'Spain' })).toContain('countryIncorporation');
    expect(invalidFields({ ...base, countryIncorporation: 'United States (Wyoming)' })).toEqual([]);
  });

  it('"NM" as a country is a U.S. state; "DE" is ambiguous; "ES" is Spain and prints as Spain', async () => {
    const nm = check({ ...base, ownerCitizenship: 'NM' });
    expect(nm.invalid).toContainEqual({
      field: 'ownerCitizenship',
      message: expect.stringMatching(/"NM" is the U\.S\. state New Mexico, not a country/),
    });
    const de = check({ ...base, ownerTaxResidentCountry: 'DE' });
    expect(de.invalid).toContainEqual({
      field: 'ownerTaxResidentCountry',
      message: expect.stringMatching(/both the code of Germany and of the U\.S\. state Delaware/),
    });
    const es = {
      ...base,
      relatedParties: [owner],
      ownerCitizenship: 'ES',
      ownerBusinessCountries: ['es', 'Portugal'],
    };
    expect(check(es)).toMatchObject({ ready: true, invalid: [] });
    const text = await pages(es);
    expect(text[7]).toMatch(/4d.*\n(.*\n)?.*Spain/);
    expect(text[7]).toContain('Spain, Portugal');
    expect(text[7]).not.toMatch(/\bES\b/);
  });

  it('a business activity code must be a six-digit code of the list; words are refused with the fix', () => {
    const report = check({ ...base, businessActivityCode: 'video production' });
    expect(report.invalid).toContainEqual({
      field: 'businessActivityCode',
      message: expect.stringMatching(
        /not a principal business activity code: enter the six-digit code.*512100/,
      ),
    });
    expect(invalidFields({ ...base, businessActivityCode: 541511 })).toEqual([]);
    expect(invalidFields({ ...base, businessActivityCode: '999999' })).toContain('businessActivityCode');
  });

  it('a well-formed code off the 2025 Form 1120 list is refused with the nearest listed codes and catch-all', () => {
    for (const code of ['541990', '999000', '459990', '512100', '551112']) {
      expect(invalidFields({ ...base, businessActivityCode: code }), code).toEqual([]);
    }
    const message = (code: string) =>
      check({ ...base, businessActivityCode: code }).invalid.find(
        (entry) => entry.field === 'businessActivityCode',
      )?.message;
    // 541430 (graphic design, a NAICS code) is not on the list: the list's 541400 and 541990 are.
    expect(message('541430')).toMatch(
      /"541430" is not on the list of principal business activity codes \(2025 Instructions for Form 1120.*begin with 5414: 541400 \(Specialized Design Services.*use 541990 \(All Other Professional, Scientific, & Technical Services\)/,
    );
    // 454110 (electronic shopping) left the list: the refusal says how a nonstore retailer codes.
    expect(message('454110')).toMatch(/nonstore-retailer codes.*main line of products.*use 459990/);
    expect(message('512110')).toMatch(/begin with 5121: 512100 \(Motion Picture & Video Industries/);
    const party = check({
      ...base,
      relatedParties: [{ ...owner, businessActivityCode: '541430' }, sister],
    });
    expect(party.invalid.map((entry) => entry.field)).toContain('relatedParties[0].businessActivityCode');
    expect(ACTIVITY_CODES.size).toBe(405);
    expect(ACTIVITY_CODES.get('541511')).toBe('Custom Computer Programming Services');
  });
});

describe('due dates and recommendations', () => {
  it('a Form 7004 filed after the original due date gives no extended due date, and says why', () => {
    const report = check({ ...base, form7004FiledDate: '2026-04-20' }, '2026-05-01');
    expect(report.extended_due_date).toBeNull();
    expect(report.extended_due_date_reason).toMatch(
      /filed on 2026-04-20, after the original due date \(2026-04-15\)/,
    );
    expect(report.due_date).toBe('2026-04-15');
    expect(report.overdue).toBe(true);
  });

  it('an overdue filing is not ready without its reasonable-cause statement and the facts of it', () => {
    const off = check(base, '2026-11-25');
    expect(off.ready).toBe(false);
    expect(off.invalid).toContainEqual({
      field: 'generateLateFilingLetter',
      message: expect.stringMatching(/is false, but the return is 224 days late/),
    });
    expect(off.late_filing?.statement_included).toBe(false);
    // Left out, the statement is in the packet of a late return; without its facts, not ready.
    const { generateLateFilingLetter: _off, lateFilingReason: _reason, ...unsaid } = base;
    const noFacts = check(unsaid, '2026-11-25');
    expect(noFacts.ready).toBe(false);
    expect(noFacts.missing).toContainEqual(expect.objectContaining({ field: 'lateFilingReason' }));
    expect(noFacts.late_filing).toMatchObject({ missing: ['lateFilingReason'], statement_included: false });
    const withFacts = check({ ...unsaid, lateFilingReason: 'The owner was in hospital.' }, '2026-11-25');
    expect(withFacts).toMatchObject({ ready: true, late_filing: { missing: [], statement_included: true } });
    expect(withFacts.recommended).toContainEqual(expect.objectContaining({ item: 'proof of filing' }));
  });
});

describe('due dates on the cover page, and Form 7004 recommended', () => {
  it('says when the return is due, and how the Form 7004 of the packet extends it', async () => {
    const withExtension = await pages({ ...base, generateForm7004: true });
    expect(withExtension[0]!.replace(/\s+/g, ' ')).toContain(
      'It is due 04/15/2026; to have until 10/15/2026, send the Form 7004 of this packet alone by 04/15/2026',
    );
    const filed = await pages({ ...base, form7004FiledDate: '2026-04-10' }, '2026-05-01');
    expect(filed[0]!.replace(/\s+/g, ' ')).toContain(
      'It is due 10/15/2026, extended by the Form 7004 filed 04/10/2026.',
    );
  });

  it('an unready filing due within 30 days without an extension is told about Form 7004', () => {
    const report = check({ ...base, signerTitle: undefined }, '2026-04-01');
    expect(report.recommended).toContainEqual({
      item: 'Form 7004 (set generateForm7004 to true)',
      reason: expect.stringMatching(
        /due 2026-04-15: a Form 7004 filed by then extends the due date to 2026-10-15/,
      ),
      source: IRS_RULES.corporationExtension.source,
    });
    expect(check(base, '2026-04-01').recommended.map((entry) => entry.item)).not.toContain(
      'Form 7004 (set generateForm7004 to true)',
    );
  });
});

describe('draft packets', () => {
  it('carry the draft mark on every page until the filing is ready', async () => {
    const text = await pages({ ...base, signerTitle: undefined });
    expect(text.length).toBeGreaterThan(10);
    for (const page of text) expect(page).toContain(DRAFT_MARK);
    expect(text[0]).toMatch(/1 required line\(s\) missing and 0 value\(s\) invalid/);
    const ready = await pages(base);
    for (const page of ready) expect(page).not.toContain('DRAFT');
  });

  it('mark a partnership packet the same way, and a ready one not at all', async () => {
    const partnershipPages = async (filing: Record<string, unknown>) => {
      const { pdf, ready } = await builder.build('partnership', filing, { asOf: '2026-03-01' });
      const count = (await PDFDocument.load(pdf)).getPageCount();
      return { ready, text: Array.from({ length: count }, (_, index) => pdfText(pdf, index + 1)) };
    };
    const draft = await partnershipPages({ ...smallPartnership(), ein: '98765432' });
    expect(draft.ready).toBe(false);
    for (const page of draft.text) expect(page).toContain(DRAFT_MARK);
    const ready = await partnershipPages(smallPartnership());
    expect(ready.ready).toBe(true);
    for (const page of ready.text) expect(page).not.toContain('DRAFT');
  });
});
