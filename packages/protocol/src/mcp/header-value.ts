const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const SENTINEL = /^=\?base64\?(.*)\?=$/;
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The value of an `Mcp-*` header as the client meant it: surrounding spaces and tabs removed, and a
 * `=?base64?...?=` value decoded (UTF-8). `undefined` when the sentinel holds bad base64 or bad UTF-8.
 */
export function decodeMcpHeaderValue(raw: string): string | undefined {
  const value = raw.replace(/^[ \t]+|[ \t]+$/g, '');
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
