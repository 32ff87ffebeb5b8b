const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const SENTINEL = /^=\?base64\?(.*)\?=$/;
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** `value` without surrounding spaces and tabs; the value itself (no copy, no regex) when it has none. */
export function trimSpacesAndTabs(value: string): string {
  const last = value.length - 1;
  if (last < 0) return value;
  const first = value.charCodeAt(0);
  const end = value.charCodeAt(last);
  if (first !== 32 && first !== 9 && end !== 32 && end !== 9) return value;
  return value.replace(/^[ \t]+|[ \t]+$/g, '');
}

/**
 * The value of an `Mcp-*` header as the client meant it: surrounding spaces and tabs removed, and a
 * `=?base64?...?=` value decoded (UTF-8). `undefined` when the sentinel holds bad base64 or bad UTF-8.
 */
export function decodeMcpHeaderValue(raw: string): string | undefined {
  const value = trimSpacesAndTabs(raw);
  // Only a value that starts `=?` can be the sentinel: the plain method names skip the regex.
  if (value.charCodeAt(0) !== 61 || value.charCodeAt(1) !== 63) return value;
  const sentinel = SENTINEL.exec(value);
  if (sentinel === null) return value;
  const encoded = sentinel[1]!;
  if (!BASE64.test(encoded)) return undefined;
  const binary = atob(encoded);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
  try {
    return strictUtf8.decode(bytes);
  } catch {
    return undefined;
  }
}
