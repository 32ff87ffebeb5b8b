import { PDFDocument } from '@cantoo/pdf-lib';
import { copyPagesWithoutActiveContent } from './rebuild-pages.js';
import {
  checkImageSize,
  checkPageSize,
  checkPdfStreams,
  jpegSize,
  pngSize,
  SIGNED_COPY_BOUNDS,
  type SignedCopyBounds,
} from './signed-copy-bounds.js';
import { checkSignedCopyPages, type SignedCopyFindings } from './signed-copy-checks.js';
import { SignedCopyError } from '../signed-copy-error.js';

/** The media types a signed copy may be uploaded as. */
export type SignedCopyMediaType = 'application/pdf' | 'image/jpeg' | 'image/png';

/** Limits of a signed copy: the file sizes are checked by the caller before anything is read. */
export const SIGNED_COPY_LIMITS = Object.freeze({
  /** At most 20 MiB uploaded, all files together. */
  maxBytes: 20 * 1024 * 1024,
  /** At most 40 pages. */
  maxPages: 40,
});

export { type SignedCopyRefusal, SignedCopyError } from '../signed-copy-error.js';

/**
 * The media type of a file by its first bytes (its name and declared type are not trusted): a PDF
 * starts with `%PDF-` (it may have up to 1024 bytes before, as readers allow), a JPEG with FF D8 FF,
 * a PNG with its 8-byte signature. Anything else is undefined.
 */
export function sniffSignedCopyType(bytes: Uint8Array): SignedCopyMediaType | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= 8 && png.every((byte, index) => bytes[index] === byte)) return 'image/png';
  const head = bytes.subarray(0, Math.min(bytes.length, 1024 + 5));
  for (let i = 0; i + 5 <= head.length; i++) {
    // %PDF-
    if (
      head[i] === 0x25 &&
      head[i + 1] === 0x50 &&
      head[i + 2] === 0x44 &&
      head[i + 3] === 0x46 &&
      head[i + 4] === 0x2d
    )
      return 'application/pdf';
  }
  return undefined;
}

// US Letter in PDF points: an image page is scaled to fit it, as a fax machine prints it.
const LETTER = { width: 612, height: 792 };

async function loadPdf(bytes: Uint8Array, name: string, bounds?: SignedCopyBounds): Promise<PDFDocument> {
  // Before parsing: pdf-lib inflates object streams as it parses.
  if (bounds !== undefined) await checkPdfStreams(bytes, name, bounds);
  let document: PDFDocument;
  try {
    document = await PDFDocument.load(bytes, { updateMetadata: false });
    // A file whose page tree cannot be walked is no readable PDF either.
    document.getPageCount();
  } catch (error) {
    const encrypted = error instanceof Error && /encrypt/i.test(error.message);
    throw encrypted
      ? new SignedCopyError('encrypted', `${name} is password-protected: upload it without a password`)
      : new SignedCopyError('unreadable', `${name} is not a readable PDF: scan or export it again`);
  }
  if (bounds !== undefined) {
    for (const [index, page] of document.getPages().entries())
      checkPageSize(page.getSize(), index + 1, name, bounds);
  }
  return document;
}

/** The page count of a PDF; throws {@link SignedCopyError} when it cannot be read. */
export async function countPdfPages(bytes: Uint8Array): Promise<number> {
  return (await loadPdf(bytes, 'The file')).getPageCount();
}

/**
 * One PDF of the signed copy from its files, in order: a PDF's pages, each JPEG or PNG as one US
 * Letter page (scaled to fit, centred). Refuses anything else, an unreadable or password-protected
 * PDF, more than {@link SIGNED_COPY_LIMITS}.maxPages pages, and anything past
 * {@link SIGNED_COPY_BOUNDS} (an image's pixels read from its header, each stream's inflated size,
 * each page's size), before it is decoded. The PDF is always rebuilt from the pages, without
 * anything that can run (`copyPagesWithoutActiveContent`). Runs on any runtime (pdf-lib and web
 * streams only); a server runs it off its request thread (the packet worker).
 */
export async function signedCopyPdf(
  files: ReadonlyArray<{ bytes: Uint8Array; name?: string }>,
  limits: { maxPages: number } = SIGNED_COPY_LIMITS,
  bounds: SignedCopyBounds = SIGNED_COPY_BOUNDS,
): Promise<{ pdf: Uint8Array; pages: number; types: SignedCopyMediaType[] }> {
  if (files.length === 0 || files.every((file) => file.bytes.length === 0)) {
    throw new SignedCopyError('empty', 'No file was sent: upload the signed copy (PDF, JPEG or PNG)');
  }
  const types = files.map((file, index) => {
    const type = sniffSignedCopyType(file.bytes);
    if (type === undefined) {
      throw new SignedCopyError(
        'unsupported_type',
        `${file.name ?? `File ${index + 1}`} is not a PDF, JPEG or PNG: scan the signed pages to one of these`,
      );
    }
    return type;
  });
  // Every image's size from its header, before anything is decoded.
  for (const [index, file] of files.entries()) {
    const type = types[index]!;
    const name = file.name ?? `File ${index + 1}`;
    if (type === 'image/png') checkImageSize(pngSize(file.bytes), name, bounds);
    if (type === 'image/jpeg') checkImageSize(jpegSize(file.bytes), name, bounds);
  }
  const tooMany = (pages: number) =>
    new SignedCopyError(
      'too_many_pages',
      `The signed copy has ${pages} pages; at most ${limits.maxPages} are accepted`,
    );
  const out = await PDFDocument.create({ updateMetadata: false });
  for (const [index, file] of files.entries()) {
    const type = types[index]!;
    const name = file.name ?? `File ${index + 1}`;
    if (type === 'application/pdf') {
      const source = await loadPdf(file.bytes, name, bounds);
      if (out.getPageCount() + source.getPageCount() > limits.maxPages)
        throw tooMany(out.getPageCount() + source.getPageCount());
      await copyPagesWithoutActiveContent(out, source);
      continue;
    }
    if (out.getPageCount() + 1 > limits.maxPages) throw tooMany(out.getPageCount() + 1);
    let image: Awaited<ReturnType<PDFDocument['embedPng']>>;
    try {
      image = type === 'image/png' ? await out.embedPng(file.bytes) : await out.embedJpg(file.bytes);
    } catch {
      throw new SignedCopyError(
        'unreadable',
        `${name} is not a readable ${type === 'image/png' ? 'PNG' : 'JPEG'} image`,
      );
    }
    const scale = Math.min(LETTER.width / image.width, LETTER.height / image.height);
    const width = image.width * scale;
    const height = image.height * scale;
    const page = out.addPage([LETTER.width, LETTER.height]);
    page.drawImage(image, { x: (LETTER.width - width) / 2, y: (LETTER.height - height) / 2, width, height });
  }
  const pages = out.getPageCount();
  if (pages === 0) throw new SignedCopyError('empty', 'The PDF has no pages');
  return { pdf: await out.save({ useObjectStreams: false }), pages, types };
}

/** A signed copy checked against the pages to file: what is kept, and what could not be told. */
export interface CheckedSignedCopy {
  /** The PDF rebuilt from the copy's pages, without active content: what is stored and faxed. */
  pdf: Uint8Array;
  pages: number;
  types: SignedCopyMediaType[];
  findings: SignedCopyFindings;
}

/** What one run of {@link checkSignedCopy} is given. */
export interface SignedCopyCheckInput {
  files: ReadonlyArray<{ bytes: Uint8Array; name?: string }>;
  /**
   * The unsigned pages to file, as a PDF. Absent: only the bounds and the rebuild run (the first
   * stage, which needs no packet built, so that a bomb is refused before any is), and the findings
   * say nothing was compared.
   */
  expected?: Uint8Array;
  /**
   * `files` is the one PDF a first-stage run answered (rebuilt, its bounds checked): it is not
   * checked or rebuilt again, only compared with `expected`. Set by the server, never by a client.
   */
  rebuilt?: boolean;
  expectedName?: string;
  expectedContents?: string;
  expectedSource?: string;
  expectedWithout?: string;
}

/**
 * The whole check of an uploaded signed copy, the work a server runs off its request thread (the
 * Node adapter's packet worker): {@link signedCopyPdf} (bounds, then the PDF rebuilt from the
 * pages), the page count against `expected` (the unsigned pages to file, as a PDF, named
 * `expectedName` in the answer, with `expectedContents` listing what it holds, `expectedSource`
 * where to get it and `expectedWithout` what not to include), then `checkSignedCopyPages` (the
 * copy is of these pages as they are now, and signed). It may run in two stages (see
 * {@link SignedCopyCheckInput}): the bounds and the rebuild without `expected`, then the rebuilt
 * PDF (`rebuilt`) against `expected`, so that a copy past its bounds is refused before the
 * expected pages are built. Throws {@link SignedCopyError} when the copy cannot be kept.
 */
export async function checkSignedCopy(input: SignedCopyCheckInput): Promise<CheckedSignedCopy> {
  const only = input.files.length === 1 ? input.files[0] : undefined;
  const copy =
    input.rebuilt === true && only !== undefined
      ? { pdf: only.bytes, pages: await countPdfPages(only.bytes), types: ['application/pdf' as const] }
      : await signedCopyPdf(input.files);
  // The first stage's findings: nothing was compared yet.
  if (input.expected === undefined)
    return { ...copy, findings: { signature: 'unclear', version: 'unclear', notes: [] } };
  const expectedPages = await countPdfPages(input.expected);
  if (copy.pages !== expectedPages) {
    const name = input.expectedName ?? 'the packet';
    const contents = input.expectedContents ? ` (${input.expectedContents})` : '';
    const source = input.expectedSource ? ` (${input.expectedSource})` : '';
    const without = input.expectedWithout ? `, without ${input.expectedWithout}` : '';
    throw new SignedCopyError(
      'page_count_mismatch',
      `The signed copy has ${copy.pages} page${copy.pages === 1 ? '' : 's'}; ${name} has ${expectedPages}${contents}: upload every page of ${name}${source}, signed, in order${without}`,
    );
  }
  const findings = await checkSignedCopyPages(copy.pdf, input.expected);
  return { ...copy, findings };
}
