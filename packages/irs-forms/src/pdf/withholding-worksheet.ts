import type { PDFDocument, PDFFont, PDFPage } from '@cantoo/pdf-lib';
import { dollars, usDate } from '../field-text.js';
import type { PartnershipInput } from '../filing-input.js';
import { SECTION_1446_RATE } from '../partnership/partnership-rules.js';
import { isCorporatePartner, taxAt, withholding1446 } from '../partnership/withholding-1446.js';

/** The worksheet's title, as printed. */
export const WORKSHEET_TITLE = 'Forms 8804 and 8805: figures';

const MARGIN = 54;
const WIDTH = 612;
const HEIGHT = 792;
const SIZE = 9.5;

/** Writes lines top to bottom, starting a new page when one is full. */
class Writer {
  #page: PDFPage;
  #y = HEIGHT - MARGIN;

  constructor(
    private readonly doc: PDFDocument,
    private readonly font: PDFFont,
  ) {
    this.#page = doc.addPage([WIDTH, HEIGHT]);
  }

  line(text: string, options: { size?: number; indent?: number; amount?: string } = {}): void {
    const size = options.size ?? SIZE;
    if (this.#y < MARGIN + size) {
      this.#page = this.doc.addPage([WIDTH, HEIGHT]);
      this.#y = HEIGHT - MARGIN;
    }
    this.#page.drawText(text, { x: MARGIN + (options.indent ?? 0), y: this.#y, size, font: this.font });
    if (options.amount !== undefined) {
      const width = this.font.widthOfTextAtSize(options.amount, size);
      this.#page.drawText(options.amount, { x: WIDTH - MARGIN - width, y: this.#y, size, font: this.font });
    }
    this.#y -= size * 1.45;
  }

  gap(): void {
    this.#y -= SIZE * 0.8;
  }
}

const usd = (amount: number) => `$${dollars(amount)}`;

/** Form 8805 line 5c: the partnership's address, as on Form 1065. */
function partnershipAddress(filing: PartnershipInput): string {
  const cityLine = [filing.city, [filing.state, filing.zip].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  return [filing.street, cityLine, filing.country].filter(Boolean).join(', ');
}

/**
 * Form 8805 line 4 takes the two-letter code of the IRS country list its instructions name; that
 * list is not held here, so the worksheet names the partner's country and leaves the code to copy
 * (rule form8805Lines).
 */
function countryCodeLine(country: unknown, index: number): string {
  const name = typeof country === 'string' ? country.trim() : '';
  return name === ''
    ? `country not given (partners[${index}].country)`
    : `the IRS code of ${name} (list in the Form 8805 instructions)`;
}

/**
 * The "Forms 8804 and 8805: figures" worksheet: not an IRS form (it says so at the top), it gives
 * Form 8804 Part III's lines and each foreign partner's Form 8805 lines with their amounts, the
 * Form 8813 installments and the Form 8804 due date, for a preparer to copy onto the official
 * forms (rules form8804PartIII, form8805Lines, section1446Installments).
 */
export function drawWithholdingWorksheet(doc: PDFDocument, font: PDFFont, filing: PartnershipInput): void {
  const out = new Writer(doc, font);
  const figures = withholding1446(filing);
  const foreign = (filing.partners ?? []).filter((partner) => partner?.isForeign === true);
  // Lines 4a/4e: the computed ECTI; 4c/4g: the Form 8804-C reductions; 4d/4h: what is taxed.
  const ecti = (corporate: boolean, key: 'ecti_computed' | 'ecti_allocable') =>
    foreign.reduce(
      (sum, partner, index) =>
        isCorporatePartner(partner) === corporate ? sum + (figures.partners[index]?.[key] ?? 0) : sum,
      0,
    );
  const corporateGross = ecti(true, 'ecti_computed');
  const noncorporateGross = ecti(false, 'ecti_computed');
  const corporateEcti = ecti(true, 'ecti_allocable');
  const noncorporateEcti = ecti(false, 'ecti_allocable');
  const line5a = taxAt(corporateEcti, SECTION_1446_RATE.corporate);
  const line5b = taxAt(noncorporateEcti, SECTION_1446_RATE.noncorporate);

  out.line(WORKSHEET_TITLE, { size: 15 });
  out.line('This page is not an IRS form. It gives the figures of Form 8804 and of each Form 8805 for a');
  out.line('preparer to copy onto the official forms, which this packet does not include.');
  out.gap();
  out.line(`Partnership: ${filing.partnershipName ?? ''}    EIN: ${filing.ein ?? ''}`);
  out.line(`Tax year: ${usDate(filing.taxYearBegin) ?? ''} to ${usDate(filing.taxYearEnd) ?? ''}`);
  out.gap();
  out.line('Form 8804, Part III: Section 1446 Tax Liability and Payments', { size: 11 });
  out.line('3a  Number of foreign partners', { indent: 8, amount: String(foreign.length) });
  out.line('3b  Number of Forms 8805 attached to this Form 8804', {
    indent: 8,
    amount: String(foreign.length),
  });
  out.line('4a  Total ECTI allocable to corporate partners (computed)', {
    indent: 8,
    amount: usd(corporateGross),
  });
  out.line('4c  Reduction for certified foreign partner-level items (Form 8804-C)', {
    indent: 8,
    amount: usd(corporateGross - corporateEcti),
  });
  out.line('4d  Combine lines 4a, 4b, and 4c', { indent: 8, amount: usd(corporateEcti) });
  out.line('4e  Total ECTI allocable to noncorporate partners (computed)', {
    indent: 8,
    amount: usd(noncorporateGross),
  });
  out.line('4g  Reduction for certified foreign partner-level items (Form 8804-C)', {
    indent: 8,
    amount: usd(noncorporateGross - noncorporateEcti),
  });
  out.line('4h  Combine lines 4e, 4f, and 4g', { indent: 8, amount: usd(noncorporateEcti) });
  out.line('5a  Multiply line 4d by 21% (0.21)', { indent: 8, amount: usd(line5a) });
  out.line('5b  Multiply line 4h by 37% (0.37)', { indent: 8, amount: usd(line5b) });
  out.line('5f  Gross section 1446 tax liability (add lines 5a through 5e)', {
    indent: 8,
    amount: usd(line5a + line5b),
  });
  out.line('6a  Payments of section 1446 tax made during the year (Forms 8813)', {
    indent: 8,
    amount: usd(figures.paid),
  });
  out.line('    Balance due with Form 8804 (before any Schedule A charge)', {
    indent: 8,
    amount: usd(figures.balance_due),
  });
  out.gap();
  out.line('Installments of section 1446 tax (each with Form 8813)', { size: 11 });
  for (const installment of figures.installments) {
    out.line(`Installment ${installment.installment}, due ${usDate(installment.due_date)}`, {
      indent: 8,
      amount: usd(installment.amount),
    });
  }
  out.line(
    `Form 8804 due ${usDate(figures.form_8804_due_date ?? undefined) ?? '(tax year end needed)'}; with Form 7004, ${usDate(figures.form_8804_extended_due_date ?? undefined) ?? ''}.`,
    { indent: 8 },
  );
  for (const [index, partner] of foreign.entries()) {
    const row = figures.partners[index]!;
    out.gap();
    out.line(`Form 8805 for ${partner.name ?? `partner ${index + 1}`}`, { size: 11 });
    out.line(`1a  Foreign partner's name: ${partner.name ?? ''}`, { indent: 8 });
    out.line(
      `1b  U.S. identifying number: ${partner.tin ?? '(none: the partner must get one, Form W-7 or SS-4)'}`,
      {
        indent: 8,
      },
    );
    out.line(`1c  Address: ${(partner.address ?? '').replace(/\n/g, ', ')}`, { indent: 8 });
    const at = (filing.partners ?? []).indexOf(partner);
    out.line(
      `3   Type of partner: ${partner.entityType ?? ''}    4 Country code: ${countryCodeLine(partner.country, at)}`,
      { indent: 8 },
    );
    out.line(`5a  Name of partnership: ${filing.partnershipName ?? ''}    5b EIN: ${filing.ein ?? ''}`, {
      indent: 8,
    });
    out.line(`5c  Address: ${partnershipAddress(filing) || '(not given)'}    6 Withholding agent: SAME`, {
      indent: 8,
    });
    out.line("9   Partnership's ECTI allocable to partner", {
      indent: 8,
      amount: row.ecti_allocable === null ? '(not known)' : usd(row.ecti_allocable),
    });
    out.line(`10  Total tax credit allowed under section 1446 (${row.rate}%; the tax paid for the partner)`, {
      indent: 8,
      amount: row.tax === null ? '(not known)' : usd(row.tax),
    });
  }
}
