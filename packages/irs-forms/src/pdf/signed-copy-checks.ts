import { PDFDocument, PDFName, PDFNumber, type PDFRawStream } from '@cantoo/pdf-lib';
import { type Box, decodedStream, intersects, type Mark, type PageMarks, pageMarks } from './page-marks.js';
import { SIGNATURE_AREAS, textOf } from './signature-areas.js';
import { SignedCopyError } from '../signed-copy-error.js';

/** What the checks could not tell, for the agent to ask the user about: never a refusal. */
export interface SignedCopyFindings {
  /** `signed`: every signature area carries a mark its unsigned page lacks; `unclear`: could not tell. */
  signature: 'signed' | 'unclear';
  /** `current`: the text layer matches the pages to file; `unclear`: there is none to compare, or it is another. */
  version: 'current' | 'unclear';
  /** Sentences saying what could not be told, and what to ask the user. */
  notes: string[];
}

function multisetDifference(left: readonly Mark[], right: readonly Mark[]): Mark[] {
  const counts = new Map<string, number>();
  for (const mark of right) counts.set(mark.key, (counts.get(mark.key) ?? 0) + 1);
  return left.filter((mark) => {
    const count = counts.get(mark.key) ?? 0;
    if (count === 0) return true;
    counts.set(mark.key, count - 1);
    return false;
  });
}

async function marksOf(pdf: Uint8Array): Promise<PageMarks[]> {
  const document = await PDFDocument.load(pdf, { updateMetadata: false });
  const out: PageMarks[] = [];
  for (const page of document.getPages()) out.push(await pageMarks(page));
  return out;
}

/**
 * Dark samples of an image inside `area`: `undefined` when the image cannot be read here (only
 * 8-bit gray or RGB, unfiltered or Flate without predictor, is: a JPEG scan is not).
 */
async function darkShare(
  image: { stream: PDFRawStream; matrix: number[] },
  area: Box,
): Promise<number | undefined> {
  const dict = image.stream.dict;
  const width = dict.lookupMaybe(PDFName.of('Width'), PDFNumber)?.asNumber() ?? 0;
  const height = dict.lookupMaybe(PDFName.of('Height'), PDFNumber)?.asNumber() ?? 0;
  const bits = dict.lookupMaybe(PDFName.of('BitsPerComponent'), PDFNumber)?.asNumber();
  const space = dict.lookup(PDFName.of('ColorSpace'));
  const channels = space === PDFName.of('DeviceGray') ? 1 : space === PDFName.of('DeviceRGB') ? 3 : 0;
  if (bits !== 8 || channels === 0 || dict.has(PDFName.of('DecodeParms')) || width * height === 0)
    return undefined;
  const pixels = await decodedStream(image.stream);
  if (pixels === undefined || pixels.length < width * height * channels) return undefined;
  const [a, b, c, d, e, f] = image.matrix as [number, number, number, number, number, number];
  const determinant = a * d - b * c;
  if (determinant === 0) return undefined;
  let samples = 0;
  let dark = 0;
  for (let y = area[1]; y <= area[3]; y += 0.5) {
    for (let x = area[0]; x <= area[2]; x += 0.5) {
      // The page point in the image's unit square, then its pixel (row 0 at the top).
      const u = (d * (x - e) - c * (y - f)) / determinant;
      const v = (a * (y - f) - b * (x - e)) / determinant;
      if (u < 0 || u >= 1 || v <= 0 || v > 1) continue;
      const index = (Math.floor((1 - v) * height) * width + Math.floor(u * width)) * channels;
      const luma =
        channels === 1
          ? pixels[index]!
          : 0.299 * pixels[index]! + 0.587 * pixels[index + 1]! + 0.114 * pixels[index + 2]!;
      samples++;
      if (luma < 128) dark++;
    }
  }
  return samples === 0 ? undefined : dark / samples;
}

/** A share of dark samples in a signature area that is ink: a stroke, not a speck of dust. */
const INK_SHARE = 0.004;

type AreaVerdict = 'signed' | 'blank' | 'unclear';

async function areaVerdict(copy: PageMarks, expected: PageMarks, area: Box): Promise<AreaVerdict> {
  if (!copy.readable) return 'unclear';
  const inArea = (marks: PageMarks) =>
    marks.marks.filter((mark) => mark.visible && intersects(mark.box, area));
  const unsignedInArea = inArea(expected);
  const extra = multisetDifference(inArea(copy), unsignedInArea);
  if (extra.some((mark) => mark.kind !== 'image')) return 'signed';
  let verdict: AreaVerdict = 'blank';
  for (const mark of extra) {
    // A scan: the unsigned page paints nothing inside the area, so any ink there is a mark.
    const share = mark.image && unsignedInArea.length === 0 ? await darkShare(mark.image, area) : undefined;
    if (share === undefined) verdict = 'unclear';
    else if (share >= INK_SHARE) return 'signed';
  }
  return verdict;
}

const quoted = (text: string) => `“${text.trim().slice(0, 60)}”`;

/** The strings of a page's text layer that the other lacks, paired by place when they were changed. */
function changesOf(copy: PageMarks, expected: PageMarks, page: number): string[] {
  const texts = (marks: PageMarks) =>
    marks.marks.filter((mark) => mark.kind === 'text' && textOf(mark).trim() !== '');
  const now = texts(expected);
  const had = texts(copy);
  if (now.length === 0) return [];
  const missing = multisetDifference(now, had);
  if (missing.length === 0) return [];
  const added = multisetDifference(had, now);
  return missing.map((mark) => {
    const near = added.find(
      (other) => Math.abs(other.box[1] - mark.box[1]) < 4 && Math.abs(other.box[0] - mark.box[0]) < 40,
    );
    return near === undefined
      ? `page ${page} lacks ${quoted(textOf(mark))}`
      : `page ${page} shows ${quoted(textOf(near))} where the filing now has ${quoted(textOf(mark))}`;
  });
}

/** Whether a copy's page has the text layer of the expected page (most of its strings): else not comparable. */
function sameTextLayer(copy: PageMarks, expected: PageMarks): boolean {
  const texts = (marks: PageMarks) => marks.marks.filter((mark) => mark.kind === 'text');
  const now = texts(expected);
  if (now.length === 0) return false;
  return multisetDifference(now, texts(copy)).length <= now.length / 2;
}

/**
 * Checks a signed copy (already rebuilt, with as many pages as expected) against the pages to
 * file built from the filing as it is now, page by page:
 *
 * - version: where a page has the text layer of its expected page, every string the expected page
 *   prints must be on it; a copy of an earlier version throws `outdated_copy` naming the change;
 * - signature: each signature area ({@link SIGNATURE_AREAS}) found on the expected pages must
 *   carry a mark the unsigned page lacks (a path, text or image drawn there that it does not
 *   paint; a scan's pixels there dark); a copy whose areas are blank throws `unsigned`.
 *
 * What cannot be told (a JPEG scan, a page re-encoded by another program) is not refused: the
 * findings say so, for the agent to ask the user.
 */
export async function checkSignedCopyPages(
  copyPdf: Uint8Array,
  expectedPdf: Uint8Array,
): Promise<SignedCopyFindings> {
  const [copy, expected] = await Promise.all([marksOf(copyPdf), marksOf(expectedPdf)]);
  const notes: string[] = [];
  const changes: string[] = [];
  let comparable = 0;
  for (const [index, page] of expected.entries()) {
    const copied = copy[index];
    if (copied === undefined || !sameTextLayer(copied, page)) continue;
    comparable++;
    changes.push(...changesOf(copied, page, index + 1));
  }
  if (changes.length > 0) {
    const shown = changes.slice(0, 5).join('; ');
    throw new SignedCopyError(
      'outdated_copy',
      `The signed copy is not of the filing as it is now (${shown}${changes.length > 5 ? `; and ${changes.length - 5} more` : ''}): download the packet again, sign it and upload that`,
    );
  }
  const version = comparable === expected.length ? 'current' : 'unclear';
  if (version === 'unclear') {
    notes.push(
      `${expected.length - comparable} of the ${expected.length} pages have no text layer to compare with the filing as it is now (a scan): ask the user to confirm the copy was printed from the current download.`,
    );
  }
  const verdicts: Array<{ label: string; verdict: AreaVerdict }> = [];
  for (const [index, page] of expected.entries()) {
    const texts = page.marks
      .filter((mark) => mark.kind === 'text')
      .map((mark) => ({ text: textOf(mark), box: mark.box }));
    for (const area of SIGNATURE_AREAS) {
      const box = area.find(texts);
      if (box === undefined) continue;
      verdicts.push({
        label: `${area.label} on page ${index + 1}`,
        verdict: await areaVerdict(copy[index]!, page, box),
      });
    }
  }
  const blank = verdicts.filter((item) => item.verdict === 'blank');
  if (blank.length > 0) {
    throw new SignedCopyError(
      'unsigned',
      `The copy is not signed: ${blank.map((item) => item.label).join(' and ')} ${blank.length === 1 ? 'is' : 'are'} blank, as on the unsigned pages. Sign and date there by hand, then scan or photograph the signed pages and upload them`,
    );
  }
  const unclear = verdicts.filter((item) => item.verdict === 'unclear');
  if (verdicts.length === 0) {
    notes.push('No signature area of these pages is known: ask the user to confirm the copy is signed.');
  } else if (unclear.length > 0) {
    notes.push(
      `Could not tell whether ${unclear.map((item) => item.label).join(' and ')} ${unclear.length === 1 ? 'is' : 'are'} signed (a JPEG scan or a page another program rewrote): ask the user to confirm the copy is signed before it is faxed.`,
    );
  }
  return { signature: verdicts.length > 0 && unclear.length === 0 ? 'signed' : 'unclear', version, notes };
}
