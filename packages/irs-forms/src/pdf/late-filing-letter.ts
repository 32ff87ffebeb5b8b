import type { PDFDocument, PDFFont } from '@cantoo/pdf-lib';
import { FOREIGN_OWNED_DE_ADDRESS_LINES } from '../single-member/de-filing-address.js';
import { usDate } from '../field-text.js';
import type { SingleMemberInput } from '../filing-input.js';
import { drawTextPages } from './text-page.js';

/**
 * The declaration Regulations section 1.6038A-4(b) asks of a reasonable-cause statement: the facts
 * are shown in a written statement made under the penalties of perjury.
 */
export const REASONABLE_CAUSE_DECLARATION =
  'Under penalties of perjury, I declare that I have examined this statement, and to the best of my knowledge and belief, the facts presented in it are true, correct, and complete.';

/** The parts of a reasonable-cause statement, in the order the page prints them. */
export interface ReasonableCauseLetter {
  /** The filer's name, address and EIN lines. */
  sender: string[];
  /** The signature date (when on or after the end of the tax year) and the end of the tax year. */
  signatureDate?: string;
  taxYearEnd?: string;
  recipient: string[];
  subject: string;
  /** What is filed late, ending with the reasonable-cause sentence. */
  opening: string;
  /** The facts (`lateFilingReason`), or undefined to print a placeholder. */
  reason?: string;
  /** The request that the penalty be waived. */
  request: string;
  signer: string[];
}

/**
 * The letter's date: the signature date, when it is on or after the end of the tax year (a
 * statement about a late return cannot be made before the year ends); otherwise a blank line to
 * date by hand (check_filing reports such a signatureDate as invalid).
 */
function letterDate(signatureDate: string | undefined, taxYearEnd: string | undefined): string {
  if (signatureDate && taxYearEnd && signatureDate >= taxYearEnd) return usDate(signatureDate) ?? '';
  return 'Date: ____________________';
}

/**
 * Draws a reasonable-cause statement: sender, date, recipient, subject, the facts, the request,
 * the declaration under penalties of perjury and the signer.
 */
export function drawReasonableCauseLetter(
  doc: PDFDocument,
  font: PDFFont,
  letter: ReasonableCauseLetter,
): void {
  const text = [
    ...letter.sender,
    '',
    letterDate(letter.signatureDate, letter.taxYearEnd),
    '',
    ...letter.recipient,
    '',
    `Re: ${letter.subject}`,
    '',
    letter.opening,
    '',
    letter.reason ??
      '[Describe the facts that prevented timely filing despite ordinary business care and prudence.]',
    '',
    letter.request,
    '',
    REASONABLE_CAUSE_DECLARATION,
    '',
    '',
    '______________________________',
    ...letter.signer,
  ].join('\n');
  drawTextPages(
    doc,
    font,
    [],
    text.split('\n').map((line) => ({ text: line })),
    11,
  );
}

/**
 * A reasonable-cause statement for a late Form 5472 (the penalty relief the Form 5472
 * instructions describe under "Penalties"), addressed to the unit the return is filed with, with
 * the declaration under penalties of perjury and signed by the signer of the return. The reason is
 * `form_data.lateFilingReason` (check_filing reports it missing); without one the letter says so.
 */
export function drawLateFilingLetter(doc: PDFDocument, font: PDFFont, filing: SingleMemberInput): void {
  drawReasonableCauseLetter(doc, font, {
    sender: [filing.llcName ?? '', filing.llcStreet ?? '', filing.llcCity ?? '', `EIN: ${filing.ein ?? ''}`],
    signatureDate: filing.signatureDate,
    taxYearEnd: filing.taxYearEnd,
    recipient: [...FOREIGN_OWNED_DE_ADDRESS_LINES],
    subject: `Request for penalty relief for reasonable cause: Form 5472 and pro forma Form 1120, tax year ${usDate(filing.taxYearBegin) ?? ''} to ${usDate(filing.taxYearEnd) ?? ''}`,
    opening: `${filing.llcName ?? 'The reporting corporation'}, a foreign-owned U.S. disregarded entity, files the attached Form 5472 with a pro forma Form 1120 after the due date. The failure to file on time was due to reasonable cause and not willful neglect:`,
    reason: filing.lateFilingReason,
    request:
      'The return is now complete and accurate to the best of our knowledge. We ask that any penalty under section 6038A(d) be waived.',
    signer: [filing.signerName ?? filing.ownerName ?? '', filing.signerTitle ?? ''],
  });
}
