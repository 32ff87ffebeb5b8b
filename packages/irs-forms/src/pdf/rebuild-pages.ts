import {
  concatTransformationMatrix,
  drawObject,
  PDFArray,
  PDFDict,
  type PDFDocument,
  PDFName,
  PDFNumber,
  type PDFPage,
  PDFRef,
  PDFStream,
  popGraphicsState,
  pushGraphicsState,
} from '@cantoo/pdf-lib';

const ANNOTS = PDFName.of('Annots');
const AA = PDFName.of('AA');
const AP = PDFName.of('AP');
const AS = PDFName.of('AS');
const N = PDFName.of('N');
const F = PDFName.of('F');
const RECT = PDFName.of('Rect');
const BBOX = PDFName.of('BBox');
const MATRIX = PDFName.of('Matrix');
const SUBTYPE = PDFName.of('Subtype');

// Annotation flags (ISO 32000-1, 12.5.3): Hidden (2) and NoView (32) are never printed or shown.
const NOT_SHOWN = 2 | 32;

function numbers(array: PDFArray | undefined, length: number): number[] | undefined {
  if (array === undefined || array.size() < length) return undefined;
  const out: number[] = [];
  for (let index = 0; index < length; index++) {
    const value = array.lookup(index);
    if (!(value instanceof PDFNumber)) return undefined;
    out.push(value.asNumber());
  }
  return out;
}

/** The normal appearance stream an annotation shows (by its appearance state when it has several). */
function normalAppearance(annotation: PDFDict): { ref: PDFRef; stream: PDFStream } | undefined {
  const appearances = annotation.lookupMaybe(AP, PDFDict);
  if (appearances === undefined) return undefined;
  let entry = appearances.get(N);
  let resolved = annotation.context.lookup(entry);
  if (resolved instanceof PDFDict && !(resolved instanceof PDFStream)) {
    const state = annotation.lookupMaybe(AS, PDFName);
    if (state === undefined) return undefined;
    entry = resolved.get(state);
    resolved = annotation.context.lookup(entry);
  }
  return entry instanceof PDFRef && resolved instanceof PDFStream
    ? { ref: entry, stream: resolved }
    : undefined;
}

/**
 * Draws what an annotation shows (its normal appearance, a static form XObject) into the page's
 * content, as a printer does (ISO 32000-1, 12.5.5): a signature drawn with a viewer's pen or a
 * stamp is an annotation, and stays visible once the annotations are gone.
 */
function flattenAppearance(page: PDFPage, annotation: PDFDict): void {
  const flags = annotation.lookupMaybe(F, PDFNumber)?.asNumber() ?? 0;
  if ((flags & NOT_SHOWN) !== 0) return;
  const subtype = annotation.lookupMaybe(SUBTYPE, PDFName)?.decodeText();
  if (subtype === 'Popup' || subtype === 'Link') return;
  const appearance = normalAppearance(annotation);
  const rect = numbers(annotation.lookupMaybe(RECT, PDFArray), 4);
  if (appearance === undefined || rect === undefined) return;
  const bbox = numbers(appearance.stream.dict.lookupMaybe(BBOX, PDFArray), 4);
  if (bbox === undefined) return;
  const [a, b, c, d, e, f] = numbers(appearance.stream.dict.lookupMaybe(MATRIX, PDFArray), 6) ?? [
    1, 0, 0, 1, 0, 0,
  ];
  // The appearance's box under its own matrix, then mapped onto the annotation's rectangle.
  const corners = [
    [bbox[0]!, bbox[1]!],
    [bbox[2]!, bbox[1]!],
    [bbox[0]!, bbox[3]!],
    [bbox[2]!, bbox[3]!],
  ].map(([x, y]) => [a! * x! + c! * y! + e!, b! * x! + d! * y! + f!] as const);
  const xs = corners.map(([x]) => x);
  const ys = corners.map(([, y]) => y);
  const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const left = Math.min(rect[0]!, rect[2]!);
  const bottom = Math.min(rect[1]!, rect[3]!);
  const scaleX = maxX > minX ? Math.abs(rect[2]! - rect[0]!) / (maxX - minX) : 1;
  const scaleY = maxY > minY ? Math.abs(rect[3]! - rect[1]!) / (maxY - minY) : 1;
  const name = page.node.newXObject('Annot', appearance.ref);
  page.pushOperators(
    pushGraphicsState(),
    concatTransformationMatrix(scaleX, 0, 0, scaleY, left - minX * scaleX, bottom - minY * scaleY),
    drawObject(name),
    popGraphicsState(),
  );
}

/**
 * Copies the pages of `source` into `out` with nothing that can run: the new document has no
 * names tree (document JavaScript, embedded files), no OpenAction, no AcroForm and no outlines;
 * each page loses its additional actions (`/AA`) and its annotations (links, launch, submit and
 * JavaScript actions, file attachments, widgets), whose visible appearance is drawn into the
 * page first. What a fax prints is kept; what a viewer runs is not.
 */
export async function copyPagesWithoutActiveContent(out: PDFDocument, source: PDFDocument): Promise<void> {
  const pages = source.getPages();
  const annotations = pages.map((page) => {
    const list = page.node.lookupMaybe(ANNOTS, PDFArray);
    const dicts: PDFDict[] = [];
    for (let index = 0; index < (list?.size() ?? 0); index++) {
      const annotation = list!.lookup(index);
      if (annotation instanceof PDFDict) dicts.push(annotation);
    }
    page.node.delete(ANNOTS);
    page.node.delete(AA);
    return dicts;
  });
  for (const [index, page] of pages.entries()) {
    for (const annotation of annotations[index]!) flattenAppearance(page, annotation);
  }
  for (const page of await out.copyPages(source, source.getPageIndices())) {
    page.node.delete(ANNOTS);
    page.node.delete(AA);
    out.addPage(page);
  }
}
