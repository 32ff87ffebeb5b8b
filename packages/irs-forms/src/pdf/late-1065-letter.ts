import type { PDFDocument, PDFFont } from '@cantoo/pdf-lib';
import { usDate } from '../field-text.js';
import type { PartnershipInput } from '../filing-input.js';
import { form1065Address } from '../partnership/where-to-file-1065.js';
import { drawReasonableCauseLetter } from './late-filing-letter.js';

/** "A, B, City, ST ZIP" as lines, the city, state and ZIP on the last. */
function addressLines(address: string): string[] {
  const parts = address.split(', ');
  return [...parts.slice(0, -2), parts.slice(-2).join(', ')];
}

/**
 * A reasonable-cause statement for a late Form 1065 (rule lateReturnStatement): addressed to the
 * service center of the Form 1065 Where To File table, asking that the section 6698 penalty not be
 * charged, with the declaration under penalties of perjury, signed by `signerName`.
 */
export function drawLate1065Letter(doc: PDFDocument, font: PDFFont, filing: PartnershipInput): void {
  const cityLine = [filing.city, [filing.state, filing.zip].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  const center = form1065Address(filing).address;
  drawReasonableCauseLetter(doc, font, {
    sender: [filing.partnershipName ?? '', filing.street ?? '', cityLine, `EIN: ${filing.ein ?? ''}`],
    signatureDate: typeof filing.signatureDate === 'string' ? filing.signatureDate : undefined,
    taxYearEnd: filing.taxYearEnd,
    recipient: center
      ? addressLines(center)
      : ['Internal Revenue Service', '(the service center where Form 1065 is filed)'],
    subject: `Request for penalty relief for reasonable cause: Form 1065, tax year ${usDate(filing.taxYearBegin) ?? ''} to ${usDate(filing.taxYearEnd) ?? ''}`,
    opening: `${filing.partnershipName ?? 'The partnership'} files the attached Form 1065, U.S. Return of Partnership Income, after its due date. The failure to file on time was due to reasonable cause and not willful neglect:`,
    reason: filing.lateFilingReason,
    request:
      'The return is now complete and accurate to the best of our knowledge. We ask that the penalty under section 6698 not be charged.',
    signer: [filing.signerName ?? '', filing.signerTitle ?? ''],
  });
}
