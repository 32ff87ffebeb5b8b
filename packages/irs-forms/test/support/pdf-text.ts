import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Text of pages `first`..`last` of a PDF, extracted by poppler's pdftotext (Debian's poppler-utils). */
export function pdfText(pdf: Uint8Array, first: number, last = first): string {
  const dir = mkdtempSync(join(tmpdir(), 'irs-forms-'));
  try {
    const file = join(dir, 'packet.pdf');
    writeFileSync(file, pdf);
    return execFileSync('pdftotext', ['-layout', '-f', String(first), '-l', String(last), file, '-'], {
      encoding: 'utf8',
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
