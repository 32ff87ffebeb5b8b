import type { PDFDocument, PDFFont } from '@cantoo/pdf-lib';

const MARGIN = 72;
const WIDTH = 612;
const HEIGHT = 792;

/** `text` broken into lines no wider than `width` at `size` (paragraphs kept). */
export function wrap(font: PDFFont, text: string, size: number, width: number): string[] {
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

/** One line of a text page: left text and, optionally, an amount set flush right. */
export interface TextLine {
  text: string;
  right?: string;
}

/**
 * Letter-size pages of plain text in Helvetica: `header` lines repeat at the top of every page
 * (the caption the IRS matches an attachment by), the body flows onto as many pages as it needs.
 */
export function drawTextPages(
  doc: PDFDocument,
  font: PDFFont,
  header: readonly string[],
  body: readonly TextLine[],
  size = 10,
): void {
  const lineHeight = size * 1.4;
  const textWidth = WIDTH - 2 * MARGIN;
  let page = doc.addPage([WIDTH, HEIGHT]);
  let y = HEIGHT - MARGIN;
  const newPage = () => {
    page = doc.addPage([WIDTH, HEIGHT]);
    y = HEIGHT - MARGIN;
    drawHeader();
  };
  const drawHeader = () => {
    for (const line of header) {
      page.drawText(line, { x: MARGIN, y, size, font });
      y -= lineHeight;
    }
    y -= lineHeight / 2;
  };
  drawHeader();
  for (const line of body) {
    const rightWidth = line.right ? font.widthOfTextAtSize(line.right, size) + 12 : 0;
    for (const [index, text] of wrap(font, line.text, size, textWidth - rightWidth).entries()) {
      if (y < MARGIN) newPage();
      page.drawText(text, { x: MARGIN, y, size, font });
      if (index === 0 && line.right) {
        page.drawText(line.right, {
          x: WIDTH - MARGIN - font.widthOfTextAtSize(line.right, size),
          y,
          size,
          font,
        });
      }
      y -= lineHeight;
    }
  }
}
