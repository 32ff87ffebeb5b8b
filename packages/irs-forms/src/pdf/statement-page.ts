import type { PDFDocument, PDFFont } from '@cantoo/pdf-lib';
import { usDate } from '../field-text.js';
import type { RelatedPartyInput, SingleMemberInput } from '../filing-input.js';
import { form5472Amounts } from '../form-5472-amounts.js';
import { drawTextPages, type TextLine } from './text-page.js';

/** The caption the instructions ask of an attachment: name, EIN, tax year and the part. */
function caption(filing: SingleMemberInput, party: RelatedPartyInput, part: 'V' | 'VI'): string[] {
  return [
    `${filing.llcName ?? ''}   EIN ${filing.ein ?? ''}`,
    `Tax year ${usDate(filing.taxYearBegin) ?? ''} to ${usDate(filing.taxYearEnd) ?? ''}`,
    `Form 5472, Part ${part}: statement attached to the Form 5472 for related party ${party.name ?? ''}`,
  ];
}

/**
 * The separate sheet Part V asks of a foreign-owned U.S. DE: each reportable transaction of the
 * related party with its amount (whole USD) and description, and their total.
 */
export function drawPartVStatement(
  doc: PDFDocument,
  font: PDFFont,
  filing: SingleMemberInput,
  party: RelatedPartyInput,
): void {
  const { partV } = form5472Amounts(party);
  const body: TextLine[] = [
    { text: 'Reportable transactions (Regulations section 1.482-1(i)(7))', right: 'Amount (USD)' },
  ];
  for (const entry of partV) {
    body.push({
      text: entry.description ? `${entry.title}: ${entry.description}` : entry.title,
      right: entry.amount.toLocaleString('en-US'),
    });
  }
  const total = partV.reduce((sum, entry) => sum + entry.amount, 0);
  body.push({ text: 'Total', right: total.toLocaleString('en-US') });
  drawTextPages(doc, font, caption(filing, party, 'V'), body);
}

/** The separate sheet Part VI asks for: the filer's description of those transactions. */
export function drawPartVIStatement(
  doc: PDFDocument,
  font: PDFFont,
  filing: SingleMemberInput,
  party: RelatedPartyInput,
): void {
  drawTextPages(doc, font, caption(filing, party, 'VI'), [
    { text: 'Nonmonetary and less-than-full consideration transactions with the foreign related party:' },
    { text: party.nonmonetaryStatement ?? '' },
  ]);
}
