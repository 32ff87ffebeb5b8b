const BEARER_PREFIX_LENGTH = 'bearer '.length;

/**
 * The credential of an `Authorization: Bearer <credential>` header, or `undefined` when the header
 * is missing, uses another scheme, or carries an empty credential. The scheme is matched
 * case-insensitively (RFC 9110 section 11.1); surrounding whitespace is ignored.
 *
 * @example
 * ```ts
 * const token = bearerCredential(request); // 'nf_3fa8...' or undefined
 * ```
 */
export function bearerCredential(request: Request): string | undefined {
  const authorization = request.headers.get('authorization');
  if (authorization === null || authorization.length <= BEARER_PREFIX_LENGTH) return undefined;
  if (authorization.slice(0, BEARER_PREFIX_LENGTH).toLowerCase() !== 'bearer ') return undefined;
  const credential = authorization.slice(BEARER_PREFIX_LENGTH).trim();
  return credential === '' ? undefined : credential;
}
