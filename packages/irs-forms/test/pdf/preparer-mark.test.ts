// A partnership packet whose only gaps are a paid preparer's work is marked once, on its first
// page, with what it lacks; any other gap keeps the draft mark on every page.
import { writeFileSync } from 'node:fs';
import { checkFilingReadiness } from '@filing-mcp/irs-forms';
import { PacketBuilder } from '@filing-mcp/irs-forms/pdf';
import { PDFDocument } from '@cantoo/pdf-lib';
import { describe, expect, it } from 'vitest';
import { DRAFT_MARK } from '../../src/pdf/cover-page.js';
import { completePartnership, countingLoader } from '../support/fixtures.js';
import { pdfText } from '../support/pdf-text.js';

/** The example with Schedule B 10a and 21 left for a preparer (the user did not know). */
function leftForPreparer(): Record<string, any> {
  const filing = structuredClone(completePartnership) as Record<string, any>;
  delete filing.scheduleB.line10a;
  delete filing.scheduleB.line21;
  filing.preparerNotes = ['scheduleB.line10a', 'scheduleB.line21'].map((field) => ({
    field,
    question: `Schedule B ${field}`,
    note: 'The user did not know the answer and left this question for a paid preparer.',
  }));
  return filing;
}

describe('the mark of a packet that lacks only a preparer’s work', () => {
  const builder = new PacketBuilder({ loadTemplate: countingLoader().load });
  const asOf = '2026-02-01';

  it('is one mark on the first page naming the forms and the questions; no page says DRAFT', async () => {
    const filing = leftForPreparer();
    const readiness = checkFilingReadiness('partnership', filing, undefined, asOf);
    expect(readiness.ready).toBe(false);
    expect(readiness.prepare_elsewhere!.length).toBeGreaterThan(0);
    const packet = await builder.build('partnership', filing, { asOf });
    if (process.env.PREPARER_MARK_PDF) writeFileSync(process.env.PREPARER_MARK_PDF, packet.pdf);
    const pages = (await PDFDocument.load(packet.pdf)).getPageCount();
    const first = pdfText(packet.pdf, 1).replace(/\s+/g, ' ');
    expect(first).toContain('NOT READY TO FILE: a paid preparer must prepare');
    expect(first).toContain(readiness.prepare_elsewhere![0]!.form.split(' ')[0]!);
    expect(first).toContain('answer scheduleB.line10a, scheduleB.line21');
    const all = pdfText(packet.pdf, 1, pages);
    expect(all).not.toContain(DRAFT_MARK);
    expect(all.match(/NOT READY TO FILE/g)).toHaveLength(1);
    // The ZIP's files: the first file alone carries it.
    const files = await builder.buildFiles('partnership', filing, { asOf });
    const marked = files.filter((file) => pdfText(file.bytes, 1).includes('NOT READY TO FILE'));
    expect(marked.map((file) => file.fileName)).toEqual([files[0]!.fileName]);
  });

  it('any other gap keeps DRAFT on every page', async () => {
    const filing = leftForPreparer();
    delete filing.scheduleB.line9; // a question the user can answer, not answered
    const packet = await builder.build('partnership', filing, { asOf });
    const pages = (await PDFDocument.load(packet.pdf)).getPageCount();
    for (let page = 1; page <= pages; page++) expect(pdfText(packet.pdf, page)).toContain(DRAFT_MARK);
  });
});
