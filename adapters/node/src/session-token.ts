import { SignJWT } from 'jose';

/** Options of {@link signSessionToken}. */
export interface SessionTokenOptions {
  /** HS256 secret `/approve` verifies with (`SESSION_JWT_SECRET`). */
  secret: string;
  /** The user the token signs in; becomes `sub`. */
  userId: string;
  /** Lifetime in milliseconds. */
  expiresInMs: number;
  issuer?: string;
  audience?: string;
  /** Clock in Unix milliseconds. */
  now?: number;
}

/**
 * Signs a user session JWT the way a companion app does (HS256, `sub`, `iat`, `exp`, and `iss`/`aud`
 * when configured), so `/approve` can be tried without one.
 *
 * @example
 * ```ts
 * const jwt = await signSessionToken({ secret, userId: 'user-1', expiresInMs: 3_600_000 });
 * ```
 */
export async function signSessionToken(options: SessionTokenOptions): Promise<string> {
  const nowSeconds = Math.floor((options.now ?? Date.now()) / 1000);
  let jwt = new SignJWT({})
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(options.userId)
    .setIssuedAt(nowSeconds)
    .setExpirationTime(nowSeconds + Math.ceil(options.expiresInMs / 1000));
  if (options.issuer) jwt = jwt.setIssuer(options.issuer);
  if (options.audience) jwt = jwt.setAudience(options.audience);
  return jwt.sign(new TextEncoder().encode(options.secret));
}
