import { bodyBytesHook, type TransportHooks } from './response-hook.js';

/** Marker for a body larger than the limit. */
export const BODY_TOO_LARGE: unique symbol = Symbol('body too large');

// fatal: a body that is not UTF-8 is not JSON (RFC 8259 section 8.1), so it is a parse error
// rather than text with replacement characters. Decoding without `stream` keeps no state, so one
// decoder serves every request.
const utf8 = new TextDecoder('utf-8', { fatal: true });

function decode(bytes: Uint8Array): string | undefined {
  try {
    return utf8.decode(bytes);
  } catch {
    return undefined;
  }
}

/** What {@link readBodyText} answers: the text, `undefined` for bytes that are not UTF-8, or too large. */
export type BodyText = string | undefined | typeof BODY_TOO_LARGE;

/**
 * Reads a request body as UTF-8 text. Answers `undefined` for bytes that are not UTF-8.
 *
 * With a declared length within `maxBytes` (the caller answers 413 to a larger one before reading)
 * the body is read whole: HTTP framing ends the body at Content-Length (RFC 9112 section 6.3; a
 * mismatch is malformed in HTTP/2 and HTTP/3), so this reads no more than the limit, and runtimes
 * serve a whole-body read far more cheaply than a stream (@hono/node-server reads the socket
 * directly instead of building a Request and a web stream). The size is checked again afterwards
 * for a body that does not match its header. Without a declared length, bytes are counted as they
 * arrive: past `maxBytes` the stream is cancelled and the rest is never read.
 *
 * Not async: a bridge that has the bytes already ({@link bodyBytesHook}) gets the text back at
 * once, so a fixed answer waits for nothing.
 */
export function readBodyText(
  request: Request,
  maxBytes: number,
  declaredLength?: number,
): BodyText | Promise<BodyText> {
  if (declaredLength !== undefined && declaredLength <= maxBytes) {
    // A bridge's own bytes when it offers them (no copy: they are decoded here and dropped).
    const hooked = request as Request & TransportHooks;
    if (typeof hooked[bodyBytesHook] === 'function') {
      const bytes = hooked[bodyBytesHook]();
      return bytes instanceof Uint8Array
        ? bodyTextOf(bytes, maxBytes)
        : bytes.then((read) => bodyTextOf(read, maxBytes));
    }
    return request.arrayBuffer().then((buffer) => bodyTextOf(new Uint8Array(buffer), maxBytes));
  }
  return readStreamedText(request, maxBytes);
}

function bodyTextOf(bytes: Uint8Array, maxBytes: number): BodyText {
  return bytes.byteLength > maxBytes ? BODY_TOO_LARGE : decode(bytes);
}

/** A body of no declared length (or one past the limit), counted as it arrives. */
async function readStreamedText(request: Request, maxBytes: number): Promise<BodyText> {
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
  return decode(bytes);
}

const DECIMAL_LENGTH = /^[0-9]{1,15}$/;

/**
 * The request's Content-Length when it is well-formed (RFC 9110: digits), else undefined: only a
 * well-formed length takes the whole-body read; the rest is streamed.
 */
export function declaredLength(headers: Headers): number | undefined {
  const contentLength = headers.get('content-length');
  return contentLength !== null && DECIMAL_LENGTH.test(contentLength) ? Number(contentLength) : undefined;
}
