/** SHA-256 of a UTF-8 string, lower-case hex. May be synchronous (Node's createHash) or async. */
export type HashFunction = (input: string) => string | Promise<string>;

const encoder = new TextEncoder();

/**
 * The default {@link HashFunction}: WebCrypto, so it runs on every runtime. The Node adapter may
 * pass a synchronous `createHash`-based one, which costs about a microsecond instead of tens.
 */
export async function sha256Hex(input: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', encoder.encode(input)));
  let out = '';
  for (const byte of digest) out += byte.toString(16).padStart(2, '0');
  return out;
}
