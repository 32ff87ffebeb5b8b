import { createHash } from 'node:crypto';

/**
 * SHA-256 of a UTF-8 string as lower-case hex, synchronously through node:crypto: the `hash`
 * option of the core. It costs about a microsecond per call where WebCrypto's promise costs tens,
 * and every authenticated request hashes its credential.
 */
export function nodeSha256Hex(input: string): string {
  return createHash('sha256').update(input, 'utf8').digest('hex');
}
