import { SignedCopyError } from '../signed-copy-error.js';
import { SIGNED_COPY_BOUNDS, type SignedCopyBounds } from '../signed-copy-headers.js';

export {
  checkImageSize,
  jpegSize,
  pngSize,
  SIGNED_COPY_BOUNDS,
  type SignedCopyBounds,
} from '../signed-copy-headers.js';

const MIB = 1024 * 1024;

/**
 * The bytes `data` inflates to (zlib/deflate, as FlateDecode), counted as it inflates and stopped
 * just past `limit`: a bomb costs at most `limit` bytes of work. Data that is not valid deflate
 * counts what inflated before the error. Web streams only: runs on every runtime.
 */
export async function boundedInflate(
  data: Uint8Array,
  limit: number,
  keep = false,
): Promise<{ bytes: number; data?: Uint8Array; complete: boolean }> {
  const stream = new DecompressionStream('deflate');
  const writer = stream.writable.getWriter();
  writer.write(data as Uint8Array<ArrayBuffer>).catch(() => {});
  writer.close().catch(() => {});
  const reader = stream.readable.getReader();
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.byteLength;
      if (bytes > limit) {
        await reader.cancel().catch(() => {});
        return { bytes, complete: false };
      }
      if (keep) chunks.push(value);
    }
  } catch {
    // Truncated or corrupt: what inflated so far is all a reader gets (pdf-lib reads as far).
  }
  if (!keep) return { bytes, complete: true };
  const out = new Uint8Array(bytes);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.byteLength;
  }
  return { bytes, data: out, complete: true };
}

const latin1 = new TextDecoder('latin1');

function isZlibHeader(first: number | undefined, second: number | undefined): boolean {
  if (first === undefined || second === undefined) return false;
  return (first & 0x0f) === 8 && first >> 4 <= 7 && ((first << 8) | second) % 31 === 0;
}

/**
 * Inflates every deflate stream of a PDF's raw bytes (each `stream` … `endstream`, found without
 * parsing, so object streams too) under {@link SIGNED_COPY_BOUNDS}, before the PDF is parsed: a
 * stream that inflates past `maxStreamBytes`, or streams past `maxInflatedBytes` together, are
 * refused (`inflates_too_far`) having cost no more than that.
 */
export async function checkPdfStreams(
  bytes: Uint8Array,
  name: string,
  bounds: SignedCopyBounds = SIGNED_COPY_BOUNDS,
): Promise<void> {
  const text = latin1.decode(bytes);
  const keyword = /stream(?:\r\n|\n|\r)/g;
  let total = 0;
  for (let match = keyword.exec(text); match !== null; match = keyword.exec(text)) {
    if (text.startsWith('end', match.index - 3)) continue;
    const start = match.index + match[0].length;
    const end = text.indexOf('endstream', start);
    const stop = end === -1 ? bytes.length : end;
    keyword.lastIndex = stop;
    if (!isZlibHeader(bytes[start], bytes[start + 1])) continue;
    const limit = Math.min(bounds.maxStreamBytes, bounds.maxInflatedBytes - total);
    const inflated = await boundedInflate(bytes.subarray(start, stop), limit);
    total += inflated.bytes;
    if (!inflated.complete) {
      throw new SignedCopyError(
        'inflates_too_far',
        `${name} holds a compressed stream that expands past ${Math.round(limit / MIB)} MiB (at most ${bounds.maxStreamBytes / MIB} MiB each and ${bounds.maxInflatedBytes / MIB} MiB in all are accepted): print or scan the signed pages to a new PDF`,
      );
    }
  }
}

/** Refuses a page larger than {@link SIGNED_COPY_BOUNDS}.maxPageSide points on a side. */
export function checkPageSize(
  size: { width: number; height: number },
  page: number,
  name: string,
  bounds: SignedCopyBounds = SIGNED_COPY_BOUNDS,
): void {
  const { width, height } = size;
  if (!(Math.max(Math.abs(width), Math.abs(height)) <= bounds.maxPageSide)) {
    throw new SignedCopyError(
      'page_too_large',
      `Page ${page} of ${name} is ${Math.round(Math.abs(width))} × ${Math.round(Math.abs(height))} points; at most ${bounds.maxPageSide} points (20 inches) on a side are accepted: print or scan it on Letter paper`,
    );
  }
}
