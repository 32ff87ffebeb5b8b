// WebCrypto helpers shared by what signs or seals with a server secret (request state, signed
// links): the key from a secret, and base64url without padding (RFC 4648 section 5).

// The WebCrypto types, named through `crypto.subtle` so the file compiles with DOM or Node types.
type DerivedKeyAlgorithm = Parameters<typeof crypto.subtle.deriveKey>[2];
type KeyUsages = Parameters<typeof crypto.subtle.deriveKey>[4];
type SecretKey = Awaited<ReturnType<typeof crypto.subtle.deriveKey>>;

const utf8 = new TextEncoder();

/** Options of {@link secretKey}. */
export interface SecretKeyOptions {
  /** HKDF `info`: one label per use, so one secret gives each use its own key. */
  info: string;
  /** The key's algorithm, e.g. `{ name: 'HMAC', hash: 'SHA-256', length: 256 }`. */
  algorithm: DerivedKeyAlgorithm;
  usages: KeyUsages;
  /** What the secret is, for the error of a short one: `the packet link secret`. */
  name: string;
}

/**
 * A non-extractable WebCrypto key for one use of a server secret: derived with HKDF-SHA-256
 * (RFC 5869) from a secret of at least 32 characters, so that every instance sharing the secret
 * shares the key; without a secret, a random key of this process only. Throws a TypeError for a
 * shorter secret.
 */
export async function secretKey(secret: string | undefined, options: SecretKeyOptions): Promise<SecretKey> {
  const { algorithm, usages } = options;
  if (secret === undefined) {
    // The same algorithm object deriveKey takes (AES or HMAC parameters) generates the key.
    const generate = crypto.subtle.generateKey as (
      algorithm: DerivedKeyAlgorithm,
      extractable: boolean,
      usages: KeyUsages,
    ) => Promise<SecretKey>;
    return generate.call(crypto.subtle, algorithm, false, usages);
  }
  if (secret.length < 32) throw new TypeError(`${options.name} must be at least 32 characters`);
  const material = await crypto.subtle.importKey('raw', utf8.encode(secret), 'HKDF', false, ['deriveKey']);
  return crypto.subtle.deriveKey(
    { name: 'HKDF', hash: 'SHA-256', salt: new Uint8Array(0), info: utf8.encode(options.info) },
    material,
    algorithm,
    false,
    usages,
  );
}

/** Bytes as base64url without padding (RFC 4648 section 5). */
export function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
}

/** The bytes of a base64url text (padding optional); throws on a character outside the alphabet. */
export function fromBase64url(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
  return bytes;
}
