const BASE64_SENTINEL = /^=\?base64\?(.*)\?=$/;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const fromUtf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The value of an `Mcp-*` header as the client meant it: surrounding spaces and tabs dropped, and
 * the `=?base64?...?=` form decoded (UTF-8). `undefined` when the base64 form is malformed (bad
 * characters, padding or UTF-8). A value that only looks like base64, or lacks the `?=` end, is
 * taken literally.
 */
export function decodeHeaderValue(raw: string): string | undefined {
  const value = raw.replace(/^[ \t]+|[ \t]+$/g, '');
  const sentinel = BASE64_SENTINEL.exec(value);
  if (sentinel === null) return value;
  const encoded = sentinel[1]!;
  if (encoded.length % 4 !== 0 || !BASE64.test(encoded)) return undefined;
  try {
    const binary = atob(encoded);
    const bytes = new Uint8Array(binary.length);
    for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
    return fromUtf8.decode(bytes);
  } catch {
    return undefined;
  }
}

function headerForm(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}

/**
 * Checks the `Mcp-Param-{Name}` headers of a 2026 `tools/call` against the arguments they mirror
 * (SEP-2243): each argument annotated with `x-mcp-header` that has a value needs its header, equal
 * to the value (after {@link decodeHeaderValue}); a header without a value in the body is refused
 * too. Answers what is wrong, or `undefined` when all match.
 */
export function paramHeaderProblem(
  paramHeaders: ReadonlyMap<string, string>,
  args: Readonly<Record<string, unknown>>,
  headers: Headers,
): string | undefined {
  for (const [argument, name] of paramHeaders) {
    const raw = headers.get(`mcp-param-${name}`);
    const expected = headerForm(args[argument]);
    if (raw === null) {
      if (args[argument] === undefined || args[argument] === null) continue;
      return `Missing Mcp-Param-${name} header for argument ${argument}`;
    }
    const value = decodeHeaderValue(raw);
    if (value === undefined) return `Mcp-Param-${name} header is not valid base64 UTF-8`;
    if (expected === undefined || value !== expected) {
      return `Mcp-Param-${name} header does not match argument ${argument}`;
    }
  }
  return undefined;
}
