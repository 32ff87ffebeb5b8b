import { PDFArray, PDFDict, PDFName, PDFNumber, type PDFPage, PDFRawStream, PDFRef } from '@cantoo/pdf-lib';
import { boundedInflate } from './signed-copy-bounds.js';
import { contentOperations, type Operand } from './content-tokens.js';

/** A box in page space (points): left, bottom, right, top. */
export type Box = readonly [number, number, number, number];
type Matrix = [number, number, number, number, number, number];

/** One thing a page paints: a path, a text string, or an image (with what it needs to be read). */
export interface Mark {
  kind: 'path' | 'text' | 'image';
  box: Box;
  /** Shown on paper (text of render mode 3 or 7, the OCR layer of a scan, is not). */
  visible: boolean;
  /** Text: the string's bytes as shown (a simple font's codes). */
  bytes?: Uint8Array;
  /** Image: its stream and the matrix that maps the unit square onto the page. */
  image?: { stream: PDFRawStream; matrix: Matrix };
  /** Equal for the same operation of the same page built the same way. */
  key: string;
}

/** What a page paints, or why it could not be read (a filter other than Flate, too many operations). */
export interface PageMarks {
  marks: Mark[];
  readable: boolean;
}

const MAX_OPERATIONS = 500_000;
const MAX_FORM_DEPTH = 6;
const MAX_STREAM_BYTES = 32 * 1024 * 1024;

const multiply = (m: Matrix, n: Matrix): Matrix => [
  m[0] * n[0] + m[1] * n[2],
  m[0] * n[1] + m[1] * n[3],
  m[2] * n[0] + m[3] * n[2],
  m[2] * n[1] + m[3] * n[3],
  m[4] * n[0] + m[5] * n[2] + n[4],
  m[4] * n[1] + m[5] * n[3] + n[5],
];
const apply = (m: Matrix, x: number, y: number): [number, number] => [
  m[0] * x + m[2] * y + m[4],
  m[1] * x + m[3] * y + m[5],
];
function boxOf(points: ReadonlyArray<readonly [number, number]>): Box {
  const xs = points.map(([x]) => x);
  const ys = points.map(([, y]) => y);
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
}
const round = (box: Box) => box.map((value) => Math.round(value)).join(',');
const hexOf = (bytes: Uint8Array) => Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');

/** Whether two boxes overlap. */
export function intersects(a: Box, b: Box): boolean {
  return a[0] <= b[2] && b[0] <= a[2] && a[1] <= b[3] && b[1] <= a[3];
}

/** A stream's decoded bytes: unfiltered or FlateDecode (inflated under a bound), else undefined. */
export async function decodedStream(stream: PDFRawStream): Promise<Uint8Array | undefined> {
  const filter = stream.dict.lookup(PDFName.of('Filter'));
  const names =
    filter === undefined
      ? []
      : filter instanceof PDFName
        ? [filter]
        : filter instanceof PDFArray
          ? filter.asArray().map((item) => stream.dict.context.lookup(item))
          : [undefined];
  if (names.length === 0) return stream.contents;
  if (names.length !== 1 || !(names[0] instanceof PDFName) || names[0].decodeText() !== 'FlateDecode')
    return undefined;
  const inflated = await boundedInflate(stream.contents, MAX_STREAM_BYTES, true);
  return inflated.complete ? inflated.data : undefined;
}

const number = (operand: Operand | undefined) => (typeof operand === 'number' ? operand : 0);

/**
 * What a page paints, each with its box in page space (paths by their points, images by the unit
 * square under the current matrix, text approximately: half the font size per byte, one size
 * high), through form XObjects. Not a renderer: enough to tell what one page paints that another
 * built from the same pages does not, and the strings of its text layer.
 */
export async function pageMarks(page: PDFPage): Promise<PageMarks> {
  const marks: Mark[] = [];
  let readable = true;
  let operations = 0;

  async function run(contents: Uint8Array[], resources: PDFDict | undefined, base: Matrix, depth: number) {
    const saved: Array<{ ctm: Matrix; mode: number }> = [];
    let ctm = base;
    let mode = 0;
    let path: Array<[number, number]> = [];
    let tm: Matrix = [1, 0, 0, 1, 0, 0];
    let line: Matrix = tm;
    let size = 0;
    let leading = 0;
    const lookup = (kind: string, name: string) =>
      resources?.lookupMaybe(PDFName.of(kind), PDFDict)?.get(PDFName.of(name));
    const show = (bytes: Uint8Array) => {
      const width = bytes.length * size * 0.5;
      const m = multiply(tm, ctm);
      const box = boxOf([apply(m, 0, -0.2 * size), apply(m, width, 0.8 * size)]);
      marks.push({
        kind: 'text',
        box,
        visible: mode !== 3 && mode !== 7,
        bytes,
        key: `text:${hexOf(bytes)}@${round(box)}`,
      });
      tm = multiply([1, 0, 0, 1, width, 0], tm);
    };
    const nextLine = () => {
      line = multiply([1, 0, 0, 1, 0, -leading], line);
      tm = line;
    };
    for (const data of contents) {
      for (const { operator, operands } of contentOperations(data, MAX_OPERATIONS - operations)) {
        operations++;
        const [a, b, c, d, e, f] = operands.map(number);
        switch (operator) {
          case 'q':
            saved.push({ ctm, mode });
            break;
          case 'Q':
            ({ ctm, mode } = saved.pop() ?? { ctm, mode });
            break;
          case 'cm':
            ctm = multiply([a!, b!, c!, d!, e!, f!], ctm);
            break;
          case 'm':
          case 'l':
            path.push(apply(ctm, a!, b!));
            break;
          case 'c':
            path.push(apply(ctm, a!, b!), apply(ctm, c!, d!), apply(ctm, e!, f!));
            break;
          case 'v':
          case 'y':
            path.push(apply(ctm, a!, b!), apply(ctm, c!, d!));
            break;
          case 're':
            path.push(
              apply(ctm, a!, b!),
              apply(ctm, a! + c!, b! + d!),
              apply(ctm, a! + c!, b!),
              apply(ctm, a!, b! + d!),
            );
            break;
          case 'S':
          case 's':
          case 'f':
          case 'F':
          case 'f*':
          case 'B':
          case 'B*':
          case 'b':
          case 'b*':
            if (path.length > 0) {
              const box = boxOf(path);
              marks.push({ kind: 'path', box, visible: true, key: `path:${operator}@${round(box)}` });
            }
            path = [];
            break;
          case 'n':
            path = [];
            break;
          case 'BT':
            tm = [1, 0, 0, 1, 0, 0];
            line = tm;
            break;
          case 'Tf':
            size = number(operands[1]);
            break;
          case 'Tr':
            mode = a!;
            break;
          case 'TL':
            leading = a!;
            break;
          case 'Tm':
            tm = [a!, b!, c!, d!, e!, f!];
            line = tm;
            break;
          case 'Td':
          case 'TD':
            if (operator === 'TD') leading = -b!;
            line = multiply([1, 0, 0, 1, a!, b!], line);
            tm = line;
            break;
          case 'T*':
            nextLine();
            break;
          case "'":
          case '"': {
            nextLine();
            const text = operands[operands.length - 1];
            if (typeof text === 'object' && 'bytes' in text) show(text.bytes);
            break;
          }
          case 'Tj': {
            const text = operands[0];
            if (typeof text === 'object' && 'bytes' in text) show(text.bytes);
            break;
          }
          case 'TJ': {
            const parts = Array.isArray(operands[0]) ? operands[0] : [];
            const bytes = parts.flatMap((part) =>
              typeof part === 'object' && 'bytes' in part ? [...part.bytes] : [],
            );
            show(Uint8Array.from(bytes));
            break;
          }
          case 'EI': {
            const box = boxOf([apply(ctm, 0, 0), apply(ctm, 1, 1), apply(ctm, 1, 0), apply(ctm, 0, 1)]);
            marks.push({ kind: 'image', box, visible: true, key: `inline@${round(box)}` });
            break;
          }
          case 'sh': {
            marks.push({ kind: 'path', box: [-1e6, -1e6, 1e6, 1e6], visible: true, key: 'shading' });
            break;
          }
          case 'Do': {
            const name = operands[0];
            if (typeof name !== 'object' || !('name' in name)) break;
            const entry = lookup('XObject', name.name);
            const stream = page.doc.context.lookup(entry);
            if (!(stream instanceof PDFRawStream)) break;
            const subtype = stream.dict.lookupMaybe(PDFName.of('Subtype'), PDFName)?.decodeText();
            const id = entry instanceof PDFRef ? entry.toString() : name.name;
            if (subtype === 'Image') {
              const box = boxOf([apply(ctm, 0, 0), apply(ctm, 1, 1), apply(ctm, 1, 0), apply(ctm, 0, 1)]);
              marks.push({
                kind: 'image',
                box,
                visible: true,
                image: { stream, matrix: ctm },
                key: `image:${round(box)}`,
              });
            } else if (subtype === 'Form' && depth < MAX_FORM_DEPTH) {
              const decoded = await decodedStream(stream);
              if (decoded === undefined) {
                readable = false;
                break;
              }
              const matrix = stream.dict.lookupMaybe(PDFName.of('Matrix'), PDFArray);
              const values = matrix
                ?.asArray()
                .map((item) => (item instanceof PDFNumber ? item.asNumber() : 0));
              const own: Matrix = values?.length === 6 ? (values as Matrix) : [1, 0, 0, 1, 0, 0];
              const formResources = stream.dict.lookupMaybe(PDFName.of('Resources'), PDFDict) ?? resources;
              const before = marks.length;
              await run([decoded], formResources, multiply(own, ctm), depth + 1);
              // The same form drawn by another reference is the same drawing.
              for (const mark of marks.slice(before)) if (mark.kind === 'image') mark.key += `#${id}`;
            }
            break;
          }
        }
      }
      if (operations >= MAX_OPERATIONS) readable = false;
    }
  }

  const contents: Uint8Array[] = [];
  const node = page.node.Contents();
  const streams =
    node instanceof PDFArray ? node.asArray().map((item) => page.doc.context.lookup(item)) : [node];
  for (const stream of streams) {
    if (stream === undefined) continue;
    const decoded = stream instanceof PDFRawStream ? await decodedStream(stream) : undefined;
    if (decoded === undefined) readable = false;
    else contents.push(decoded);
  }
  await run(contents, page.node.Resources(), [1, 0, 0, 1, 0, 0], 0);
  return { marks, readable };
}
