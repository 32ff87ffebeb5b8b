import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_EDITIONS, FormRegistry, UnprintableTextError, zipStore } from '@filing-mcp/irs-forms';
import { form5472RevDecember2023 } from '../../src/editions/index.js';
import { PacketBuilder } from '@filing-mcp/irs-forms/pdf';
import { PDFDocument } from '@cantoo/pdf-lib';
import { describe, expect, it } from 'vitest';
import { completePartnership, completeSingleMember, countingLoader } from '../support/fixtures.js';
import { pdfText } from '../support/pdf-text.js';

// Pages of each vendored template.
const PAGES = { '1120': 6, '5472': 3, '7004': 1, '1065': 6, 'K-1': 1 };
// A day before the example's due date (2026-04-15), so Form 7004 still extends.
const ON_TIME = { asOf: '2026-03-01' };

describe('single-member packet', () => {
  const loader = countingLoader();
  const builder = new PacketBuilder({ loadTemplate: loader.load });

  it('loads no template before the first packet', () => {
    expect(loader.reads).toEqual([]);
  });

  it('is a pro forma 1120, one 5472 per related party, a 7004 and the letter, naming its editions', async () => {
    const packet = await builder.build('5472', completeSingleMember, ON_TIME);
    const doc = await PDFDocument.load(packet.pdf);
    // The cover page first; the owner's Form 5472 carries a one-page Part V statement.
    expect(doc.getPageCount()).toBe(1 + PAGES['1120'] + 2 * PAGES['5472'] + 1 + PAGES['7004'] + 1);
    expect(doc.getForm().getFields()).toEqual([]);
    expect(packet.editions).toEqual([
      { form: '1120', edition: '2025' },
      { form: '5472', edition: 'Rev. December 2023' },
      { form: '7004', edition: 'Rev. December 2025' },
    ]);

    expect(pdfText(packet.pdf, 1)).toContain('Read first: how to sign and file this packet');
    // The part for the owner (the cover page, then the Form 7004 sent alone), then the part to file.
    const form7004 = pdfText(packet.pdf, 2);
    expect(form7004).toContain('Form 7004');
    expect(form7004).toContain('Acme Holdings LLC');
    const o = 1 + PAGES['7004'];
    const proForma = pdfText(packet.pdf, o + 1);
    expect(proForma).toContain('Foreign-owned U.S. DE');
    expect(proForma).toContain('Acme Holdings LLC');
    expect(proForma).toContain('12-3456789');

    const first5472 = pdfText(packet.pdf, o + PAGES['1120'] + 1);
    expect(first5472).toContain('Form 5472');
    expect(first5472).toContain('Acme Holdings LLC');
    expect(first5472).toContain('12-3456789');
    expect(first5472).toContain('Maria Garcia, Calle Mayor 1, Madrid 28013, Spain');
    expect(pdfText(packet.pdf, o + PAGES['1120'] + 2)).toContain('Maria Garcia');
    expect(pdfText(packet.pdf, o + PAGES['1120'] + PAGES['5472'] + 1)).toContain('Form 5472, Part V');
    expect(pdfText(packet.pdf, o + PAGES['1120'] + PAGES['5472'] + 3)).toContain(
      'Garcia Consulting SL, Gran Via 28, Madrid 28013, Spain',
    );
    expect(packet.contents.map((part) => [part.section, part.form, part.first_page, part.pages])).toEqual([
      ['owner', 'Cover page (not an IRS form; not sent)', 1, 1],
      ['owner', 'Form 7004', 2, 1],
      ['file', 'Form 1120 (pro forma)', 3, 6],
      ['file', 'Form 5472 (Maria Garcia)', 9, 3],
      ['file', 'Form 5472 Part V statement (Maria Garcia)', 12, 1],
      ['file', 'Form 5472 (Garcia Consulting SL)', 13, 3],
      ['file', 'Reasonable-cause statement', 16, 1],
    ]);
    const letter = pdfText(packet.pdf, doc.getPageCount());
    expect(letter).toContain('reasonable cause');
    expect(letter).toContain('Acme Holdings LLC');
  });

  it('reads each template once, however many packets it builds', async () => {
    await builder.build('5472', completeSingleMember, ON_TIME);
    expect(loader.reads.sort()).toEqual(['f1120.pdf', 'f5472.pdf', 'f7004.pdf']);
  });

  it('leaves out 7004 and the letter unless asked', async () => {
    const packet = await builder.build(
      '5472',
      { ...completeSingleMember, generateForm7004: false, generateLateFilingLetter: false },
      ON_TIME,
    );
    const doc = await PDFDocument.load(packet.pdf);
    expect(doc.getPageCount()).toBe(1 + PAGES['1120'] + 2 * PAGES['5472'] + 1);
    expect(packet.editions.map((edition) => edition.form)).toEqual(['1120', '5472']);
  });

  it('refuses text the standard fonts cannot print, naming the field', async () => {
    const filing = {
      ...completeSingleMember,
      relatedParties: [{ id: 'rp-1', name: '李小龙', relationship: 'Sole owner' }],
    };
    await expect(builder.build('5472', filing)).rejects.toThrow(UnprintableTextError);
    await expect(builder.build('5472', filing)).rejects.toThrow(
      /form_data\.relatedParties\[0\]\.name.*U\+674E/,
    );
    // Accented Latin letters print.
    await expect(
      builder.build('5472', { ...completeSingleMember, ownerName: 'José Núñez' }),
    ).resolves.toBeDefined();
  });

  it('gives one PDF per form, with the file names the ZIP uses', async () => {
    const files = await builder.buildFiles('5472', completeSingleMember, ON_TIME);
    expect(files.map((file) => file.fileName)).toEqual([
      '01-read-first-how-to-sign-and-file.pdf',
      '02-form-7004-acme-holdings-llc.pdf',
      '03-form-1120-pro-forma-acme-holdings-llc.pdf',
      '04-form-5472-maria-garcia.pdf',
      '05-form-5472-part-v-statement-maria-garcia.pdf',
      '06-form-5472-garcia-consulting-sl.pdf',
      '07-reasonable-cause-letter.pdf',
    ]);
    const dir = mkdtempSync(join(tmpdir(), 'irs-zip-'));
    try {
      writeFileSync(
        join(dir, 'packet.zip'),
        zipStore(files.map((file) => ({ name: file.fileName, bytes: file.bytes }))),
      );
      expect(execFileSync('unzip', ['-tq', join(dir, 'packet.zip')], { encoding: 'utf8' })).toContain(
        'No errors',
      );
      execFileSync('unzip', ['-q', join(dir, 'packet.zip'), '-d', dir]);
      const second = await PDFDocument.load(
        new Uint8Array(execFileSync('cat', [join(dir, files[3]!.fileName)])),
      );
      expect(second.getPageCount()).toBe(PAGES['5472']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('partnership packet', () => {
  const builder = new PacketBuilder({ loadTemplate: countingLoader().load });

  it('is a 1065, one Schedule K-1 per partner, the 8804/8805 worksheet and the 199A statements', async () => {
    const packet = await builder.build('partnership', completePartnership);
    const doc = await PDFDocument.load(packet.pdf);
    // The worksheet page, then one section 199A statement page per partner (box 20, code Z).
    expect(doc.getPageCount()).toBe(PAGES['1065'] + 3 * PAGES['K-1'] + 1 + 3);
    expect(packet.editions).toEqual([
      { form: '1065', edition: '2025' },
      { form: '1065-K1', edition: '2025' },
    ]);
    const page1 = pdfText(packet.pdf, 1);
    expect(page1).toContain('Harbor Bridge Partners LLC');
    expect(page1).toContain('98-7654321');
    expect(pdfText(packet.pdf, PAGES['1065'] + 1)).toContain('Alice Smith');
    expect(pdfText(packet.pdf, PAGES['1065'] + 2 * PAGES['K-1'] + 1)).toContain('Lone Star Capital LLC');
  });
});

describe('a newer edition', () => {
  it('is used for the tax years it serves, with no change to the packet builder', async () => {
    const newer = { ...form5472RevDecember2023, edition: 'Rev. December 2026', firstTaxYear: 2026 };
    const registry = new FormRegistry([...DEFAULT_EDITIONS, newer]);
    const builder = new PacketBuilder({ loadTemplate: countingLoader().load, registry });
    const packet2026 = await builder.build('5472', {
      ...completeSingleMember,
      taxYearBegin: '2026-01-01',
      taxYearEnd: '2026-12-31',
    });
    expect(packet2026.editions).toContainEqual({ form: '5472', edition: 'Rev. December 2026' });
    const packet2025 = await builder.build('5472', completeSingleMember, ON_TIME);
    expect(packet2025.editions).toContainEqual({ form: '5472', edition: 'Rev. December 2023' });
  });
});
