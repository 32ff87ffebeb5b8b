/**
 * Base64url without padding (RFC 4648 section 5), on `btoa`/`atob` so it runs on every runtime:
 * the text of signed or sealed values carried in URLs and JSON (request state, signed links).
 */
export function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
}

/**
 * The bytes of base64url text, padded or not.
 *
 * @throws DOMException (`InvalidCharacterError`) when the text is not base64url
 */
export function fromBase64url(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
  return bytes;
}
