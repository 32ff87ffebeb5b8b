import { type PDFDocument, type PDFFont, rgb } from '@cantoo/pdf-lib';
import { FOREIGN_OWNED_DE_ADDRESS_LINES, FOREIGN_OWNED_DE_FAX } from '../single-member/de-filing-address.js';
import { usDate } from '../field-text.js';
import type { SingleMemberInput } from '../filing-input.js';
import { IRS_RULES } from '../irs-rules.js';
import type { FilingReadiness } from '../readiness.js';
import { drawTextPages } from './text-page.js';

/** The mark every page of a packet that is not ready carries (IRS_RULES.draftPackets). */
export const DRAFT_MARK = 'DRAFT: NOT READY TO FILE';

/** Draws the draft mark at the top and the bottom of every page of `doc`. */
export function markDraft(doc: PDFDocument, font: PDFFont): void {
  const size = 10;
  const width = font.widthOfTextAtSize(DRAFT_MARK, size);
  for (const page of doc.getPages()) {
    const { width: pageWidth, height } = page.getSize();
    const x = (pageWidth - width) / 2;
    for (const y of [height - 11, 4]) {
      page.drawText(DRAFT_MARK, { x, y, size, font, color: rgb(0.8, 0, 0) });
    }
  }
}

/** What the cover page says about the filing's readiness and dates. */
export type CoverFacts = Pick<
  FilingReadiness,
  'ready' | 'missing' | 'invalid' | 'due_date' | 'extended_due_date' | 'overdue'
>;

function signingDate(filing: SingleMemberInput): string {
  const date = usDate(filing.signatureDate);
  if (date) return `writes the date ${date} in the box "Date" (or the day of signing, if later)`;
  return `writes the day of signing in the box "Date" (on or after ${usDate(filing.taxYearEnd) ?? 'the end of the tax year'})`;
}

/** When the return is due, with the Form 7004's part in it. */
function dueLine(filing: SingleMemberInput, facts: CoverFacts): string {
  const due = usDate(facts.due_date ?? undefined);
  const extended = usDate(facts.extended_due_date ?? undefined);
  if (!due) return '';
  if (facts.overdue) return `It was due ${extended ?? due}, which has passed: send it now. `;
  if (!extended) return `It is due ${due}. `;
  if (typeof filing.form7004FiledDate === 'string') {
    return `It is due ${extended}, extended by the Form 7004 filed ${usDate(filing.form7004FiledDate)}. `;
  }
  return `It is due ${due}; to have until ${extended}, send the Form 7004 of this packet alone by ${due} (to the same fax number or address) and the return later. `;
}

/**
 * The packet's first page (not an IRS form, not to be sent): where to sign by hand and the date
 * to write, where to fax or mail the packet and by when, and what proof to keep.
 */
export function drawCoverPage(
  doc: PDFDocument,
  font: PDFFont,
  filing: SingleMemberInput,
  facts: CoverFacts,
  hasLetter: boolean,
  with7004 = false,
): void {
  const signer = [filing.signerName, filing.signerTitle].filter(Boolean).join(', ');
  const lines = [
    `${filing.llcName ?? ''}   EIN ${filing.ein ?? ''}`,
    `Form 5472 with pro forma Form 1120, tax year ${usDate(filing.taxYearBegin) ?? ''} to ${usDate(filing.taxYearEnd) ?? ''}`,
    '',
    facts.ready
      ? 'This packet is complete as checked by check_filing.'
      : `${DRAFT_MARK}: ${facts.missing.length} required line(s) missing and ${facts.invalid.length} value(s) invalid (run check_filing). Do not sign or send it until check_filing answers ready.`,
    '',
    '1. Sign by hand',
    `Form 1120, page 1, "Sign Here": the officer${signer ? ` (${signer})` : ''} signs by hand in the box "Signature of officer" and ${signingDate(filing)}. The box is left empty on purpose: an unsigned return is not a return.${hasLetter ? ' Sign the reasonable-cause letter at the end of the packet on its signature line as well.' : ''}`,
    '',
    '2. Send the part to file, and nothing else',
    `The part to file is the pro forma Form 1120 and each Form 5472 with its statements${hasLetter ? ', and the reasonable-cause letter' : ''} (the pages after ${with7004 ? 'the Form 7004' : 'this page'}). This page${with7004 ? ' and the Form 7004 are' : ' is'} for you: never send ${with7004 ? 'them' : 'it'} with the return.`,
    `Fax the part to file to ${FOREIGN_OWNED_DE_FAX}, or mail it to:`,
    ...FOREIGN_OWNED_DE_ADDRESS_LINES.map((line) => `    ${line}`),
    `${dueLine(filing, facts)}It cannot be filed electronically.`,
    '',
    '3. Keep proof',
    IRS_RULES.proofOfFiling.rule,
    '',
    `Sources: ${IRS_RULES.foreignOwnedDeFiling.source} ${IRS_RULES.packetParts.source} ${IRS_RULES.handSignature.source} ${IRS_RULES.proofOfFiling.source}`,
  ];
  drawTextPages(
    doc,
    font,
    ['Read first: how to sign and file this packet (not an IRS form; do not send this page)'],
    lines.map((text) => ({ text })),
  );
}
