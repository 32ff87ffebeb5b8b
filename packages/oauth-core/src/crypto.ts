const encoder = new TextEncoder();

/**
 * Cryptographically strong random bytes from `crypto.getRandomValues`.
 *
 * @param n - number of bytes
 */
export function randomBytes(n: number): Uint8Array {
  const bytes = new Uint8Array(n);
  crypto.getRandomValues(bytes);
  return bytes;
}

/** Unpadded base64url (RFC 4648 section 5) of bytes. */
export function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Lower-case hexadecimal of bytes. */
export function hex(bytes: Uint8Array): string {
  let out = '';
  for (const byte of bytes) out += byte.toString(16).padStart(2, '0');
  return out;
}

/**
 * SHA-256 of a UTF-8 string as lower-case hex, with WebCrypto (any runtime).
 *
 * @example
 * ```ts
 * await sha256Hex('abc'); // 'ba7816bf...'
 * ```
 */
export async function sha256Hex(input: string): Promise<string> {
  return hex(new Uint8Array(await crypto.subtle.digest('SHA-256', encoder.encode(input))));
}

/** base64url of the SHA-256 of an ASCII string: the PKCE S256 transform (RFC 7636 section 4.2). */
export async function sha256Base64url(input: string): Promise<string> {
  return base64url(new Uint8Array(await crypto.subtle.digest('SHA-256', encoder.encode(input))));
}

/**
 * Compares two strings in time that depends only on their lengths, so a secret cannot be guessed
 * byte by byte from response times. Compare hashes (equal length) where possible.
 */
export function timingSafeEqual(a: string, b: string): boolean {
  const left = encoder.encode(a);
  const right = encoder.encode(b);
  const length = Math.max(left.length, right.length);
  let difference = left.length ^ right.length;
  for (let i = 0; i < length; i++) {
    difference |= (left[i] ?? 0) ^ (right[i] ?? 0);
  }
  return difference === 0;
}
