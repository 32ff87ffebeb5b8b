import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Every page's text, extracted by poppler's pdftotext (Debian's poppler-utils); pages end with \f. */
export function pdfText(pdf: Uint8Array): string {
  const dir = mkdtempSync(join(tmpdir(), 'packet-text-'));
  try {
    writeFileSync(join(dir, 'packet.pdf'), pdf);
    return execFileSync('pdftotext', [join(dir, 'packet.pdf'), '-'], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
