const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const CODES = Uint8Array.from(ALPHABET, (letter) => letter.charCodeAt(0));
const PAD = 61; // '='

/** Input bytes encoded between two yields to the event loop (a multiple of 3: no padding inside). */
const SLICE_BYTES = 3 * 64 * 1024;

const latin1 = new TextDecoder('latin1');

const yieldToEventLoop = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Base64 (RFC 4648 §4, padded) of one slice, synchronously. */
function encodeSlice(bytes: Uint8Array): string {
  const out = new Uint8Array(Math.ceil(bytes.length / 3) * 4);
  let at = 0;
  let index = 0;
  for (; index + 2 < bytes.length; index += 3) {
    const triple = (bytes[index]! << 16) | (bytes[index + 1]! << 8) | bytes[index + 2]!;
    out[at++] = CODES[triple >>> 18]!;
    out[at++] = CODES[(triple >>> 12) & 63]!;
    out[at++] = CODES[(triple >>> 6) & 63]!;
    out[at++] = CODES[triple & 63]!;
  }
  const rest = bytes.length - index;
  if (rest > 0) {
    const triple = (bytes[index]! << 16) | (rest === 2 ? bytes[index + 1]! << 8 : 0);
    out[at++] = CODES[triple >>> 18]!;
    out[at++] = CODES[(triple >>> 12) & 63]!;
    out[at++] = rest === 2 ? CODES[(triple >>> 6) & 63]! : PAD;
    out[at++] = PAD;
  }
  return latin1.decode(out);
}

/**
 * Base64 of bytes with Web APIs only, a slice at a time with the event loop served between
 * slices, so that a large packet never holds up the server's other requests (`/healthz` among
 * them). Not `btoa`: on Node.js 20 it takes about half a second per megabyte, in one piece.
 */
export async function base64Encode(bytes: Uint8Array): Promise<string> {
  const parts: string[] = [];
  for (let start = 0; start < bytes.length; start += SLICE_BYTES) {
    if (start > 0) await yieldToEventLoop();
    parts.push(encodeSlice(bytes.subarray(start, start + SLICE_BYTES)));
  }
  return parts.join('');
}

// One encoding per packet's bytes: the cache of built packets hands every caller the same bytes,
// so the reads of one packet (a batch of 100 of them, or many clients at once) share one string.
const encodings = new WeakMap<Uint8Array, Promise<string>>();

/**
 * {@link base64Encode} of `bytes`, computed once for as long as these bytes are alive (the
 * packet cache holds them): concurrent and later reads of one cached packet share the encoding
 * and its string rather than each encoding its own copy. `bytes` must not change afterwards (a
 * built packet never does).
 */
export function sharedBase64(bytes: Uint8Array): Promise<string> {
  let encoding = encodings.get(bytes);
  if (encoding === undefined) {
    encoding = base64Encode(bytes);
    encodings.set(bytes, encoding);
  }
  return encoding;
}
