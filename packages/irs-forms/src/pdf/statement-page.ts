import type { PDFDocument, PDFFont } from '@cantoo/pdf-lib';
import { usDate } from '../field-text.js';
import type { RelatedPartyInput, SingleMemberInput } from '../filing-input.js';
import { form5472Amounts } from '../single-member/form-5472-amounts.js';
import { printedCountries } from '../countries.js';
import { INDIRECT_OWNER_LINES, indirectOwnersOf } from '../editions/form-5472-rev-2023-12.js';
import { drawTextPages, type TextLine } from './text-page.js';

/** The caption the instructions ask of an attachment: name, EIN, tax year and the part. */
function caption(filing: SingleMemberInput, party: RelatedPartyInput, part: 'II' | 'V' | 'VI'): string[] {
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

/**
 * Part II continued: the ultimate indirect 25% foreign shareholders past the two lines 6 and 7
 * hold, each with the items of those lines, attached to every Form 5472 of the filing.
 */
export function drawPartIIStatement(
  doc: PDFDocument,
  font: PDFFont,
  filing: SingleMemberInput,
  party: RelatedPartyInput,
): void {
  const body: TextLine[] = [
    { text: 'Ultimate indirect 25% foreign shareholders continued from lines 6a-7e (items as on line 6):' },
  ];
  indirectOwnersOf(filing)
    .slice(INDIRECT_OWNER_LINES.length)
    .forEach((owner, index) => {
      const address = [owner.street, owner.city, printedCountries(owner.country)].filter(Boolean).join(', ');
      body.push(
        { text: '' },
        {
          text: `${INDIRECT_OWNER_LINES.length + index + 1}. a Name and address: ${[owner.name, address].filter(Boolean).join(', ')}`,
        },
        { text: `   b(1) U.S. identifying number: ${owner.usIdentifyingNumber ?? 'none'}` },
        { text: `   b(2) Reference ID number: ${owner.referenceIdNumber ?? 'none'}` },
        { text: `   b(3) FTIN: ${owner.ftin ?? 'none'}` },
        {
          text: `   c Principal country(ies) where business is conducted: ${printedCountries(owner.businessCountries) ?? ''}`,
        },
        {
          text: `   d Country of citizenship, organization, or incorporation: ${printedCountries(owner.citizenship) ?? ''}`,
        },
        {
          text: `   e Country(ies) of income tax residence: ${printedCountries(owner.taxResidenceCountries) ?? ''}`,
        },
      );
    });
  drawTextPages(doc, font, caption(filing, party, 'II'), body);
}
