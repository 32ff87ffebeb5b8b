/** Marker for a body larger than the limit. */
export const BODY_TOO_LARGE: unique symbol = Symbol('body too large');

// fatal: a body that is not UTF-8 is not JSON (RFC 8259 section 8.1), so it is a parse error
// rather than text with replacement characters. Decoding without `stream` keeps no state, so one
// decoder serves every request.
const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Reads a request body as UTF-8 text, counting bytes as they arrive: past `maxBytes` the stream is
 * cancelled and the rest is never read. Resolves `undefined` for bytes that are not UTF-8.
 */
export async function readBodyText(
  request: Request,
  maxBytes: number,
): Promise<string | undefined | typeof BODY_TOO_LARGE> {
  const body = request.body;
  if (body === null) return '';
  const reader = body.getReader();
  let first: Uint8Array | undefined;
  let rest: Uint8Array[] | undefined;
  let total = 0;
  // Bounded: every read either ends the stream or adds to `total`, except empty chunks, which a
  // well-behaved stream does not produce endlessly; the cap guards against one that does.
  for (let reads = 0; reads <= maxBytes + 1; reads++) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      reader.cancel().catch(() => {});
      return BODY_TOO_LARGE;
    }
    if (first === undefined) first = value;
    else if (rest === undefined) rest = [value];
    else rest.push(value);
  }
  if (first === undefined) return '';
  let bytes = first;
  if (rest !== undefined) {
    bytes = new Uint8Array(total);
    bytes.set(first, 0);
    let offset = first.byteLength;
    for (const chunk of rest) {
      bytes.set(chunk, offset);
      offset += chunk.byteLength;
    }
  }
  try {
    return utf8.decode(bytes);
  } catch {
    return undefined;
  }
}
