// The generated hostile input of the fuzz tests (test/server/hostile-*.property.test.ts and the
// companion's hostile-pages.property.test.ts): strings, JSON values and raw JSON text a client can
// send, and the check every answer must pass. Deterministic: the seed is fixed (FUZZ_SEED overrides
// it, to explore; a failure prints the seed and path to replay).
import fc from 'fast-check';
import { expect } from 'vitest';

/** The seed of every fuzz run: FUZZ_SEED, else 50_2026 (the number and year). */
export const FUZZ_SEED = Number(process.env.FUZZ_SEED ?? 50_2026);

/** The names a lookup on a plain object finds on Object.prototype (`hasOwnProperty` was a 500). */
export const PROTOTYPE_NAMES = [...Object.getOwnPropertyNames(Object.prototype), '__proto__', 'prototype'];

/** Strings a client can send that a naive server stores or echoes badly. */
export const hostileString = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    '\ud800',
    'x\udfff',
    '\udc00\ud800',
    '\ud83d\ude00',
    '%00',
    "'; drop table x;--",
    ...PROTOTYPE_NAMES,
  ),
  fc.string({ maxLength: 3 }).map((s) => s.repeat(3000)),
);

/** A JSON value made of hostile strings, numbers at the edges and some nesting. */
export const hostileValue = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    hostileString,
    fc.constantFrom(0, -1, 2 ** 53, -(2 ** 63), 1e308, 0.1, true, false, null),
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(hostileString, tie('value'), { maxKeys: 3 }),
  ),
})).value;

/** Raw JSON text that JSON.stringify cannot produce: huge numbers and deep nesting. */
export const rawJson = fc.oneof(
  fc.constantFrom('1e999', '-1e999', '123456789012345678901234567890', '1e-999', '-0'),
  fc.integer({ min: 100, max: 3000 }).map((depth) => '['.repeat(depth) + ']'.repeat(depth)),
  fc.integer({ min: 100, max: 3000 }).map((depth) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth)),
);

/** A value spliced as raw text, or a serialized hostile value. */
export const jsonText = fc.oneof(
  rawJson,
  hostileValue.map((value) => JSON.stringify(value) ?? 'null'),
);

/**
 * A header value a client can send: hostile strings cut to what `Headers` accepts (no NUL, CR or
 * LF, bytes of 0-255; the rest dropped), so every generated request can be built.
 */
export const hostileHeaderValue = hostileString.map((value) =>
  Array.from(value, (ch) => String.fromCharCode(ch.charCodeAt(0) & 0xff))
    .join('')
    .replace(/[\0\r\n]/g, '')
    .trim()
    .slice(0, 4000),
);

/** Methods a client can send: the usual ones and Object.prototype's names (a lookup by method). */
export const hostileMethod = fc.constantFrom(
  'GET',
  'HEAD',
  'POST',
  'PUT',
  'PATCH',
  'DELETE',
  'OPTIONS',
  'TRACE_X',
  'constructor',
  'toString',
  'hasOwnProperty',
  'valueOf',
);

/** A query string of hostile names and values (sometimes a raw, badly escaped one). */
export const hostileQuery = fc.oneof(
  fc
    .dictionary(fc.oneof(fc.constantFrom(...PROTOTYPE_NAMES), hostileString), hostileString, { maxKeys: 4 })
    .map((fields) => new URLSearchParams(fields).toString()),
  fc.constantFrom('%', '%zz', '&&==&', 'a=%E0%A4%A', '=', '?x'),
);

/** `text` as one percent-encoded path segment (UTF-8; a lone surrogate becomes U+FFFD). */
export function pathSegment(text: string): string {
  return Array.from(new TextEncoder().encode(text), (byte) => {
    const ch = String.fromCharCode(byte);
    return /[\w.~-]/.test(ch) ? ch : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }).join('');
}

/** A path segment as a client may send it: a prototype name, an odd string, or bad escapes. */
export const hostilePathSegment = fc.oneof(
  fc.constantFrom(...PROTOTYPE_NAMES).map(pathSegment),
  hostileString.map(pathSegment),
  fc.constantFrom('%FF', '%ED%A0%80', '%', '%2F', '%00', '..', '%2e%2e', '', 'x.pdf'),
);

/** Bytes of a kind a signed copy may be (by their first bytes), then random bytes: small, so that every check is quick. */
export const uploadBytes = fc.oneof(
  fc.uint8Array({ maxLength: 2048 }),
  ...[
    [...new TextEncoder().encode('%PDF-1.7\n')],
    [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52],
    [0xff, 0xd8, 0xff, 0xe0],
  ].map((head) => fc.uint8Array({ maxLength: 1024 }).map((tail) => new Uint8Array([...head, ...tail]))),
  jsonText.map((text) => new TextEncoder().encode(text)),
);

/**
 * A multipart/form-data body (boundary `fuzz`) of text `fields` and `files` (named by `names`),
 * or its framing cut short.
 */
export function multipart(
  files: Uint8Array[],
  names: string[],
  cut: boolean,
  fields: Record<string, string> = {},
): Uint8Array<ArrayBuffer> {
  const utf8 = new TextEncoder();
  const parts: number[] = [];
  for (const [name, value] of Object.entries(fields)) {
    const field = name.replace(/["\r\n]/g, '');
    parts.push(
      ...utf8.encode(`--fuzz\r\ncontent-disposition: form-data; name="${field}"\r\n\r\n${value}\r\n`),
    );
  }
  files.forEach((bytes, index) => {
    const name = (names[index] ?? 'copy.pdf').replace(/["\r\n]/g, '');
    const head = `--fuzz\r\ncontent-disposition: form-data; name="file"; filename="${name}"\r\ncontent-type: application/octet-stream\r\n\r\n`;
    parts.push(...utf8.encode(head), ...bytes, 13, 10);
  });
  const whole = new Uint8Array([...parts, ...utf8.encode('--fuzz--\r\n')]);
  return cut ? whole.subarray(0, Math.floor(whole.length / 2)) : whole;
}

/** The bound on one answer: a request that takes longer is a hang. */
export const ANSWER_TIMEOUT_MS = 10_000;

/** `promise`, failing the run when it does not settle within {@link ANSWER_TIMEOUT_MS}: a hang. */
export async function within<T>(promise: Promise<T>, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`no answer within ${ANSWER_TIMEOUT_MS} ms: ${what}`)),
      ANSWER_TIMEOUT_MS,
    );
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The answer to hostile input is safe: no 5xx, and a body of one of the `types` (media types,
 * without parameters) whenever it has one; a JSON body parses and is never JSON-RPC's -32603.
 * Answers the body's text (empty for a HEAD or a body-less status).
 */
export async function expectSafeResponse(
  response: Response,
  what: string,
  types: readonly string[] = ['application/json'],
): Promise<string> {
  // The body is read (within the bound) before the status is checked, so a hang while streaming counts too.
  const bytes = new Uint8Array(await within(response.arrayBuffer(), what));
  const text = new TextDecoder().decode(bytes);
  expect(response.status, `${what}: ${text.slice(0, 300)}`).toBeLessThan(500);
  if (bytes.length === 0) return text;
  const type = (response.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  expect(types, `${what}: content-type ${type}`).toContain(type);
  if (type === 'application/json') {
    let body: unknown;
    expect(
      () => {
        body = JSON.parse(text);
      },
      `${what}: ${text.slice(0, 200)}`,
    ).not.toThrow();
    for (const message of Array.isArray(body) ? body : [body]) {
      expect(
        (message as { error?: { code?: number } })?.error?.code,
        `${what}: ${text.slice(0, 300)}`,
      ).not.toBe(-32603);
    }
  }
  return text;
}
