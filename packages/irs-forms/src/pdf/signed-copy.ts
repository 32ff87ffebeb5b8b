import { PDFDocument } from '@cantoo/pdf-lib';
import { IrsFormsError, type IrsFormsErrorCode } from '../irs-forms-error.js';

/** The media types a signed copy may be uploaded as. */
export type SignedCopyMediaType = 'application/pdf' | 'image/jpeg' | 'image/png';

/** Limits of a signed copy: the file sizes are checked by the caller before anything is read. */
export const SIGNED_COPY_LIMITS = Object.freeze({
  /** At most 20 MiB uploaded, all files together. */
  maxBytes: 20 * 1024 * 1024,
  /** At most 40 pages. */
  maxPages: 40,
});

/** Why a signed copy is refused, each with a stable code. */
export type SignedCopyRefusal = Extract<
  IrsFormsErrorCode,
  'unsupported_type' | 'unreadable' | 'encrypted' | 'too_many_pages' | 'empty'
>;

/** A signed copy that cannot be kept: `code` says why, `message` what to do. */
export class SignedCopyError extends IrsFormsError {
  readonly code: SignedCopyRefusal;

  constructor(code: SignedCopyRefusal, message: string) {
    super(message);
    this.name = 'SignedCopyError';
    this.code = code;
  }
}

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

async function loadPdf(bytes: Uint8Array, name: string): Promise<PDFDocument> {
  try {
    const document = await PDFDocument.load(bytes, { updateMetadata: false });
    // A file whose page tree cannot be walked is no readable PDF either.
    document.getPageCount();
    return document;
  } catch (error) {
    const encrypted = error instanceof Error && /encrypt/i.test(error.message);
    throw encrypted
      ? new SignedCopyError('encrypted', `${name} is password-protected: upload it without a password`)
      : new SignedCopyError('unreadable', `${name} is not a readable PDF: scan or export it again`);
  }
}

/** The page count of a PDF; throws {@link SignedCopyError} when it cannot be read. */
export async function countPdfPages(bytes: Uint8Array): Promise<number> {
  return (await loadPdf(bytes, 'The file')).getPageCount();
}

/**
 * One PDF of the signed copy from its files, in order: a PDF's pages as they are, each JPEG or PNG
 * as one US Letter page (scaled to fit, centred). Refuses anything else, an unreadable or
 * password-protected PDF, and more than {@link SIGNED_COPY_LIMITS}.maxPages pages. A single PDF is
 * kept byte for byte (its signature images are not re-encoded). Runs on any runtime (pdf-lib only).
 */
export async function signedCopyPdf(
  files: ReadonlyArray<{ bytes: Uint8Array; name?: string }>,
  limits: { maxPages: number } = SIGNED_COPY_LIMITS,
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
  const tooMany = (pages: number) =>
    new SignedCopyError(
      'too_many_pages',
      `The signed copy has ${pages} pages; at most ${limits.maxPages} are accepted`,
    );
  if (files.length === 1 && types[0] === 'application/pdf') {
    const pages = await countPdfPages(files[0]!.bytes);
    if (pages > limits.maxPages) throw tooMany(pages);
    if (pages === 0) throw new SignedCopyError('empty', 'The PDF has no pages');
    return { pdf: files[0]!.bytes, pages, types };
  }
  const out = await PDFDocument.create();
  for (const [index, file] of files.entries()) {
    const type = types[index]!;
    const name = file.name ?? `File ${index + 1}`;
    if (type === 'application/pdf') {
      const source = await loadPdf(file.bytes, name);
      if (out.getPageCount() + source.getPageCount() > limits.maxPages)
        throw tooMany(out.getPageCount() + source.getPageCount());
      for (const page of await out.copyPages(source, source.getPageIndices())) out.addPage(page);
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
  return { pdf: await out.save(), pages, types };
}
