// The two parts of a packet (IRS_RULES.packetParts): the part to file holds the return only (the
// pro forma 1120, each 5472 with its statements, the reasonable-cause statement); the cover page,
// the Form 7004 and the worksheet are the owner's, never in the same fax or envelope.
import { IRS_RULES } from '@filing-mcp/irs-forms';
import { PacketBuilder } from '@filing-mcp/irs-forms/pdf';
import { PDFDocument } from '@cantoo/pdf-lib';
import { describe, expect, it } from 'vitest';
import { completePartnership, completeSingleMember, countingLoader } from '../support/fixtures.js';
import { pdfText } from '../support/pdf-text.js';

// A day before the example's due date (2026-04-15), so Form 7004 is in the packet.
const ON_TIME = { asOf: '2026-03-01' };

describe('the parts of a packet', () => {
  const builder = new PacketBuilder({ loadTemplate: countingLoader().load });

  it('the part to file is the 1120, each 5472 with its statement and the letter; no cover page, no 7004', async () => {
    const whole = await builder.build('5472', completeSingleMember, ON_TIME);
    const file = await builder.build('5472', completeSingleMember, { ...ON_TIME, section: 'file' });
    const owner = await builder.build('5472', completeSingleMember, { ...ON_TIME, section: 'owner' });
    const pages = async (pdf: Uint8Array) => (await PDFDocument.load(pdf)).getPageCount();
    expect(await pages(file.pdf)).toBe(14);
    expect(await pages(owner.pdf)).toBe(2);
    expect(await pages(whole.pdf)).toBe(16);
    expect(file.contents.map((part) => [part.form, part.first_page, part.pages])).toEqual([
      ['Form 1120 (pro forma)', 1, 6],
      ['Form 5472 (Maria Garcia)', 7, 3],
      ['Form 5472 Part V statement (Maria Garcia)', 10, 1],
      ['Form 5472 (Garcia Consulting SL)', 11, 3],
      ['Reasonable-cause statement', 14, 1],
    ]);
    expect(file.contents.every((part) => part.section === 'file')).toBe(true);
    const text = pdfText(file.pdf, 1, 14);
    expect(text).not.toMatch(/do not send this page/i);
    expect(text).not.toContain('Application for Automatic Extension');
    expect(text).toContain('Foreign-owned U.S. DE');
    for (const [page, name] of [
      [7, 'Maria Garcia'],
      [11, 'Garcia Consulting SL'],
    ] as const) {
      expect(pdfText(file.pdf, page)).toContain('Information Return of a 25% Foreign-Owned U.S. Corporation');
      expect(pdfText(file.pdf, page, page + 2)).toContain(name);
    }
    expect(text).toContain('Form 5472, Part V');
    expect(text).toContain('reasonable cause');

    const ownerText = pdfText(owner.pdf, 1, 2);
    expect(ownerText).toContain('do not send this page');
    expect(ownerText).toContain('Application for Automatic Extension');
    // The cover page says what is sent and what is not.
    expect(pdfText(owner.pdf, 1)).toMatch(
      /This page\s+and\s+the\s+Form\s+7004\s+are\s+for\s+you:\s+never\s+send\s+them\s+with\s+the\s+return/,
    );
  });

  it('a partnership’s worksheet is the owner’s part; its part to file is the 1065, the K-1s and their §199A statements', async () => {
    const file = await builder.build('partnership', completePartnership, { section: 'file' });
    const owner = await builder.build('partnership', completePartnership, { section: 'owner' });
    expect(file.contents.map((part) => part.form)).toEqual([
      'Form 1065',
      ...completePartnership.partners!.map((partner) => `Schedule K-1 (Form 1065) (${partner.name})`),
      ...completePartnership.partners!.map(
        (_, index) => `Section 199A statement, Schedule K-1 box 20 code Z (partner ${index + 1})`,
      ),
    ]);
    expect(owner.contents.map((part) => part.form)).toEqual([
      'Forms 8804 and 8805 figures (worksheet; not an IRS form)',
    ]);
  });

  it('the rule sits in the rules table with its sources', () => {
    expect(IRS_RULES.packetParts.source).toContain('Instructions for Form 5472, Where To File');
    expect(IRS_RULES.packetParts.source).toContain('Instructions for Form 7004, Where To File');
  });
});
