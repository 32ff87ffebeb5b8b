import { type PDFDocument, type PDFFont, rgb } from '@cantoo/pdf-lib';
import { type FilingKind, rulesOf } from '../filing-kinds.js';
import type { FilingReadiness } from '../readiness.js';
import { markDraft } from './cover-page.js';

// A partnership packet whose only gaps are a paid preparer's work (forms prepared elsewhere,
// questions the user left for a preparer) is marked once, on its first page, with what it lacks,
// instead of the draft mark on every page (IRS_RULES.draftPackets).

/** The words the mark opens with. */
export const LACKS_MARK = 'NOT READY TO FILE';

/** The fields of form_data.preparerNotes still unanswered (a dotted path of objects). */
function openNoteFields(formData: Record<string, unknown>): Set<string> {
  const notes = Array.isArray(formData.preparerNotes) ? formData.preparerNotes : [];
  const open = new Set<string>();
  for (const note of notes) {
    const field = (note as { field?: unknown } | null)?.field;
    if (typeof field !== 'string') continue;
    let value: unknown = formData;
    for (const key of field.split('.')) {
      value =
        typeof value === 'object' && value !== null && Object.hasOwn(value, key)
          ? (value as Record<string, unknown>)[key]
          : undefined;
    }
    if (value === undefined || value === null || value === '') open.add(field);
  }
  return open;
}

/**
 * What the packet lacks when all that is left is a paid preparer's (a kind whose rules set
 * preparerMark, the partnership, not ready only for forms to prepare elsewhere and questions left
 * for a preparer), or undefined.
 */
export function preparerLacks(
  kind: FilingKind,
  formData: Record<string, unknown>,
  readiness: Pick<FilingReadiness, 'ready' | 'missing' | 'invalid' | 'prepare_elsewhere'>,
): string | undefined {
  if (!rulesOf(kind).preparerMark || readiness.ready) return undefined;
  const noted = openNoteFields(formData);
  const others = [...readiness.missing, ...readiness.invalid].filter((entry) => !noted.has(entry.field));
  if (others.length > 0) return undefined;
  const forms = (readiness.prepare_elsewhere ?? []).map((entry) => entry.form);
  const questions = readiness.missing.filter((entry) => noted.has(entry.field)).map((entry) => entry.field);
  if (forms.length === 0 && questions.length === 0) return undefined;
  const prepare = forms.length > 0 ? `prepare ${forms.join('; ')}` : '';
  const answer = questions.length > 0 ? `answer ${questions.join(', ')}` : '';
  return `${LACKS_MARK}: a paid preparer must ${[prepare, answer].filter(Boolean).join(', and ')} (check_filing gives each reason).`;
}

/** The words of `text` as lines no wider than `width` at `size`. */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const next = line === '' ? word : `${line} ${word}`;
    if (line !== '' && font.widthOfTextAtSize(next, size) > width) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line !== '') lines.push(line);
  return lines;
}

/** Draws `text` once, in the top margin of the first page of `doc` (at most three short lines). */
export function markLacks(doc: PDFDocument, font: PDFFont, text: string): void {
  const page = doc.getPages()[0];
  if (page === undefined) return;
  const size = 6.5;
  const { width, height } = page.getSize();
  const lines = wrap(text, font, size, width - 40);
  const shown =
    lines.length <= 3 ? lines : [...lines.slice(0, 2), `${lines[2]} ... (the whole list: check_filing)`];
  shown.forEach((line, index) => {
    page.drawText(line, { x: 20, y: height - 8 - index * 7.5, size, font, color: rgb(0.8, 0, 0) });
  });
}

/**
 * Marks a packet that is not ready: the draft mark on every page, or, when all it lacks is a paid
 * preparer's work, one mark on the packet's first page (`first`: `doc` starts the packet) saying
 * what it lacks.
 */
export function markNotReady(
  doc: PDFDocument,
  font: PDFFont,
  formData: Record<string, unknown>,
  readiness: FilingReadiness,
  first: boolean,
): void {
  const lacks = preparerLacks(readiness.kind, formData, readiness);
  if (lacks === undefined) markDraft(doc, font);
  else if (first) markLacks(doc, font, lacks);
}
