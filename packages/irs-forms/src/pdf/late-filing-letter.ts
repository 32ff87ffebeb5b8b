import type { PDFDocument, PDFFont } from 'pdf-lib';
import type { SingleMemberInput } from '../filing-input.js';
import { usDate } from '../field-text.js';

const MARGIN = 72;
const WIDTH = 612;
const HEIGHT = 792;

function wrap(font: PDFFont, text: string, size: number, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const candidate = line === '' ? word : `${line} ${word}`;
      if (font.widthOfTextAtSize(candidate, size) > width && line !== '') {
        lines.push(line);
        line = word;
      } else {
        line = candidate;
      }
    }
    lines.push(line);
  }
  return lines;
}

/**
 * A reasonable-cause statement for a late Form 5472 (the penalty relief the Form 5472
 * instructions describe under "Penalties"), addressed to the unit the return is filed with. The
 * reason is `form_data.lateFilingReason` when given, otherwise a sentence for the filer to replace.
 */
export function drawLateFilingLetter(doc: PDFDocument, font: PDFFont, filing: SingleMemberInput): void {
  const page = doc.addPage([WIDTH, HEIGHT]);
  const size = 11;
  const reason =
    filing.lateFilingReason ??
    '[Describe the facts that prevented timely filing despite ordinary business care and prudence.]';
  const text = [
    filing.llcName ?? '',
    filing.llcStreet ?? '',
    filing.llcCity ?? '',
    `EIN: ${filing.ein ?? ''}`,
    '',
    usDate(filing.signatureDate) ?? '',
    '',
    'Internal Revenue Service',
    '1973 Rulon White Blvd., M/S 6112, Attn: PIN Unit',
    'Ogden, UT 84201',
    '',
    `Re: Request for penalty relief for reasonable cause: Form 5472 and pro forma Form 1120, tax year ${filing.taxYearBegin ?? ''} to ${filing.taxYearEnd ?? ''}`,
    '',
    `${filing.llcName ?? 'The reporting corporation'}, a foreign-owned U.S. disregarded entity, files the attached Form 5472 with a pro forma Form 1120 after the due date. The failure to file on time was due to reasonable cause and not willful neglect:`,
    '',
    reason,
    '',
    'The return is now complete and accurate to the best of our knowledge. We ask that any penalty under section 6038A(d) be waived.',
    '',
    'Sincerely,',
    '',
    '',
    '______________________________',
    filing.ownerName ?? '',
    filing.signerTitle ?? '',
  ].join('\n');
  let y = HEIGHT - MARGIN;
  for (const line of wrap(font, text, size, WIDTH - 2 * MARGIN)) {
    page.drawText(line, { x: MARGIN, y, size, font });
    y -= size * 1.4;
  }
}
