import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from 'jose';
import type { SessionJwtOptions } from './types.js';

/** Verifies a session JWT at a given time and yields its `sub`, or undefined when it is not valid. */
export type SessionJwtVerifier = (jwt: string, now: number) => Promise<string | undefined>;

/** Why a session JWT was refused, for the log (never the token itself). */
export type SessionRefusal = 'invalid' | 'too_old' | 'issued_in_future' | 'lifetime_too_long' | 'bad_subject';

/** Default {@link SessionJwtOptions.maxAgeSeconds}: a day. */
export const DEFAULT_SESSION_MAX_AGE_SECONDS = 86_400;

/** How far in the future an `iat` may lie: the companion app's clock may run a little ahead. */
const ISSUED_AT_SKEW_SECONDS = 60;

/** Longest `sub` accepted: user ids are UUIDs or similar, far shorter. */
export const MAX_SESSION_SUBJECT_LENGTH = 255;

/**
 * Whether a `sub` can be a user id: 1-255 characters, no C0 or C1 control character or DEL
 * (PostgreSQL text refuses NUL, and a line break forges log lines), no lone UTF-16 surrogate.
 */
export function isAcceptableSubject(sub: unknown): sub is string {
  if (typeof sub !== 'string' || sub.length === 0 || sub.length > MAX_SESSION_SUBJECT_LENGTH) return false;
  for (let index = 0; index < sub.length; index++) {
    const unit = sub.charCodeAt(index);
    if (unit < 0x20 || (unit >= 0x7f && unit <= 0x9f)) return false;
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = sub.charCodeAt(index + 1);
      if (!(next >= 0xdc00 && next <= 0xdfff)) return false;
      index++;
    } else if (unit >= 0xdc00 && unit <= 0xdfff) return false;
  }
  return true;
}

/**
 * Builds the verifier of the companion app's user session JWT once (key import, JWKS client):
 * HS256 with a shared secret, or the keys of a JWKS URL. `exp`, `iat` and `sub` are required; a
 * token issued more than `maxAgeSeconds` ago, or whose `exp - iat` exceeds it, is refused, so a
 * leaked session token cannot mint codes for longer than that. `iss` and `aud` are checked when
 * configured. `onRefused` hears why a token was refused.
 */
export function createSessionJwtVerifier(
  options: SessionJwtOptions,
  onRefused: (reason: SessionRefusal) => void = () => {},
): SessionJwtVerifier {
  if ((options.secret === undefined) === (options.jwksUrl === undefined)) {
    throw new TypeError('session: exactly one of secret and jwksUrl is required');
  }
  const maxAge = options.maxAgeSeconds ?? DEFAULT_SESSION_MAX_AGE_SECONDS;
  if (!Number.isSafeInteger(maxAge) || maxAge <= 0) {
    throw new TypeError('session.maxAgeSeconds must be a positive integer');
  }
  const secret =
    typeof options.secret === 'string' ? new TextEncoder().encode(options.secret) : options.secret;
  if (secret !== undefined && secret.length === 0) throw new TypeError('session.secret must not be empty');
  const jwks: JWTVerifyGetKey | undefined = options.jwksUrl
    ? createRemoteJWKSet(new URL(options.jwksUrl))
    : undefined;
  const verifyOptions = {
    issuer: options.issuer,
    audience: options.audience,
    requiredClaims: ['exp', 'iat', 'sub'],
  };

  return async (jwt, now) => {
    let payload: { sub?: unknown; iat?: unknown; exp?: unknown };
    try {
      const currentDate = new Date(now);
      ({ payload } = secret
        ? await jwtVerify(jwt, secret, { ...verifyOptions, algorithms: ['HS256'], currentDate })
        : await jwtVerify(jwt, jwks!, { ...verifyOptions, currentDate }));
    } catch (error) {
      if (isKeySourceFailure(error)) throw error;
      onRefused('invalid');
      return undefined;
    }
    // jose checked that exp and iat are numbers and exp is in the future.
    const iat = payload.iat as number;
    const exp = payload.exp as number;
    const nowSeconds = now / 1000;
    const refusal: SessionRefusal | undefined =
      nowSeconds - iat > maxAge
        ? 'too_old'
        : iat - nowSeconds > ISSUED_AT_SKEW_SECONDS
          ? 'issued_in_future'
          : exp - iat > maxAge
            ? 'lifetime_too_long'
            : isAcceptableSubject(payload.sub)
              ? undefined
              : 'bad_subject';
    if (refusal !== undefined) {
      onRefused(refusal);
      return undefined;
    }
    return payload.sub as string;
  };
}

/** Key-source failures (JWKS unreachable or malformed) are server faults, not a bad session. */
const KEY_SOURCE_FAILURES = new Set(['ERR_JWKS_TIMEOUT', 'ERR_JWKS_INVALID', 'ERR_JOSE_GENERIC']);

function isKeySourceFailure(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code !== 'string' || !code.startsWith('ERR_') || KEY_SOURCE_FAILURES.has(code);
}
