import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from 'jose';
import type { SessionJwtOptions } from './types.js';

/** Verifies a session JWT at a given time and yields its `sub`, or undefined when it is not valid. */
export type SessionJwtVerifier = (jwt: string, now: number) => Promise<string | undefined>;

/**
 * Builds the verifier of the companion app's user session JWT once (key import, JWKS client):
 * HS256 with a shared secret, or the keys of a JWKS URL. `exp` and `sub` are required; `iss`
 * and `aud` are checked when configured.
 */
export function createSessionJwtVerifier(options: SessionJwtOptions): SessionJwtVerifier {
  if ((options.secret === undefined) === (options.jwksUrl === undefined)) {
    throw new TypeError('session: exactly one of secret and jwksUrl is required');
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
    requiredClaims: ['exp', 'sub'],
  };

  return async (jwt, now) => {
    try {
      const currentDate = new Date(now);
      const { payload } = secret
        ? await jwtVerify(jwt, secret, { ...verifyOptions, algorithms: ['HS256'], currentDate })
        : await jwtVerify(jwt, jwks!, { ...verifyOptions, currentDate });
      return typeof payload.sub === 'string' && payload.sub.length > 0 ? payload.sub : undefined;
    } catch (error) {
      if (isKeySourceFailure(error)) throw error;
      return undefined;
    }
  };
}

/** Key-source failures (JWKS unreachable or malformed) are server faults, not a bad session. */
const KEY_SOURCE_FAILURES = new Set(['ERR_JWKS_TIMEOUT', 'ERR_JWKS_INVALID', 'ERR_JOSE_GENERIC']);

function isKeySourceFailure(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code !== 'string' || !code.startsWith('ERR_') || KEY_SOURCE_FAILURES.has(code);
}
