import type { PDFDocument, PDFFont } from '@cantoo/pdf-lib';
import { usDate } from '../field-text.js';
import type { PartnershipInput } from '../filing-input.js';
import { section199A } from '../partnership/section-199a.js';
import { drawTextPages } from './text-page.js';

const usd = (amount: number | null) => (amount === null ? 'not given' : amount.toLocaleString('en-US'));

/**
 * The section 199A statement attached to one partner's Schedule K-1 (box 20, code Z; rule
 * section199AStatement): the partner's share of QBI, W-2 wages and UBIA of qualified property,
 * and whether the trade or business is an SSTB. An input the filing lacks prints as not given.
 */
export function drawSection199AStatement(
  doc: PDFDocument,
  font: PDFFont,
  filing: PartnershipInput,
  index: number,
): void {
  const info = section199A(filing);
  if (!info.computed) return;
  const partner = info.partners[index];
  if (!partner) return;
  const sstb = info.sstb === undefined ? 'not determined by the partnership' : info.sstb ? 'Yes' : 'No';
  drawTextPages(
    doc,
    font,
    [
      `${filing.partnershipName ?? ''}   EIN ${filing.ein ?? ''}`,
      `Tax year ${usDate(filing.taxYearBegin) ?? ''} to ${usDate(filing.taxYearEnd) ?? ''}`,
      `Schedule K-1 (Form 1065), box 20, code Z: section 199A information for ${partner.name}`,
    ],
    [
      { text: `Trade or business: ${filing.businessActivity ?? ''} (one trade or business)` },
      { text: 'Specified service trade or business (section 199A(d)(2))', right: sstb },
      {
        text: 'Qualified business income (QBI): ordinary business income less section 179',
        right: usd(partner.qbi),
      },
      { text: 'W-2 wages (section 199A(b)(4))', right: usd(partner.w2Wages) },
      { text: 'UBIA of qualified property (section 199A(b)(6))', right: usd(partner.ubia) },
      {
        text: 'Guaranteed payments (box 4) are not QBI (section 199A(c)(4)). No qualified REIT dividends or PTP income are reported. Regulations section 1.199A-6(b)(3).',
      },
    ],
  );
}
