// Signed copies for tests: the unsigned packet signed with a pen stroke where the signer signs,
// and pages rasterised by poppler (pdftoppm, pdftotext; scripts/ensure-poppler.sh installs them).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { PDFDocument, rgb } from '@cantoo/pdf-lib';

/** The PNG pages pdftoppm renders of a PDF, at `dpi`. */
export function rasterise(pdf: Uint8Array, dpi = 100): Uint8Array[] {
  const dir = mkdtempSync(join(tmpdir(), 'signed-copy-'));
  try {
    writeFileSync(join(dir, 'in.pdf'), pdf);
    execFileSync('pdftoppm', ['-r', String(dpi), '-png', join(dir, 'in.pdf'), join(dir, 'page')]);
    return readdirSync(dir)
      .filter((name) => name.endsWith('.png'))
      .sort()
      .map((name) => new Uint8Array(readFileSync(join(dir, name))));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Each page's words with their boxes in PDF points (origin bottom left), by pdftotext -bbox. */
function wordsOf(pdf: Uint8Array): Array<Array<{ word: string; x: number; y: number }>> {
  const dir = mkdtempSync(join(tmpdir(), 'signed-copy-'));
  try {
    writeFileSync(join(dir, 'in.pdf'), pdf);
    const html = execFileSync('pdftotext', ['-bbox', join(dir, 'in.pdf'), '-'], {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    return html
      .split('<page ')
      .slice(1)
      .map((page) => {
        const height = Number(/height="([\d.]+)"/.exec(page)![1]);
        return [
          ...page.matchAll(
            /<word xMin="([\d.]+)" yMin="[\d.]+" xMax="[\d.]+" yMax="([\d.]+)">([^<]*)<\/word>/g,
          ),
        ].map((match) => ({ word: match[3]!, x: Number(match[1]), y: height - Number(match[2]) }));
      });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Where the signer signs: the 1120's page (by its "Signature of officer") and the statement's line. */
export function signaturePlaces(pdf: Uint8Array): {
  page1120: number;
  statement?: { page: number; x: number; y: number };
} {
  const pages = wordsOf(pdf);
  const page1120 = pages.findIndex((words) => words.some((item) => item.word === 'Preparer'));
  const statementPage = pages.findIndex((words) => words.some((item) => /^_{20,}$/.test(item.word)));
  if (statementPage === -1) return { page1120 };
  const line = pages[statementPage]!.find((item) => /^_{20,}$/.test(item.word))!;
  return { page1120, statement: { page: statementPage, x: line.x, y: line.y } };
}

/** The unsigned pages with a pen stroke drawn across the 1120's signature box (and the statement's line). */
export async function signWithStroke(
  pdf: Uint8Array,
  which: { officer?: boolean; statement?: boolean } = { officer: true, statement: true },
): Promise<Uint8Array> {
  const places = signaturePlaces(pdf);
  const document = await PDFDocument.load(pdf);
  const pen = { thickness: 1.2, color: rgb(0, 0, 0.5) };
  if (which.officer)
    document.getPage(places.page1120).drawLine({ start: { x: 90, y: 93 }, end: { x: 200, y: 101 }, ...pen });
  if (which.statement && places.statement) {
    const { page, x, y } = places.statement;
    document
      .getPage(page)
      .drawLine({ start: { x: x + 10, y: y + 4 }, end: { x: x + 120, y: y + 22 }, ...pen });
  }
  return document.save();
}

/** A real 8000 × 8000 PNG (one colour, a few hundred KB): its header is all the server may read. */
export function hugePng(): Uint8Array<ArrayBuffer> {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(8000, 0);
  header.writeUInt32BE(8000, 4);
  header.set([8, 0, 0, 0, 0], 8);
  const rows = deflateSync(Buffer.alloc(8001 * 8000), { level: 9 });
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', header),
      chunk('IDAT', rows),
      chunk('IEND', Buffer.alloc(0)),
    ]),
  );
}

/** A one-page PDF of about 520 KB whose content stream inflates to 512 MiB. */
export function inflationBombPdf(): Uint8Array<ArrayBuffer> {
  const bomb = deflateSync(Buffer.alloc(512 * 1024 * 1024), { level: 9 });
  const head = `%PDF-1.7\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>\nendobj\n4 0 obj\n<< /Length ${bomb.length} /Filter /FlateDecode >>\nstream\n`;
  return new Uint8Array(
    Buffer.concat([
      Buffer.from(head, 'latin1'),
      bomb,
      Buffer.from('\nendstream\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n', 'latin1'),
    ]),
  );
}
