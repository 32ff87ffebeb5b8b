import { createHmac, randomBytes } from 'node:crypto';
import {
  createSessionJwtVerifier,
  type SessionJwtOptions,
  type SessionJwtVerifier,
} from '@filing-mcp/oauth-core';
import { decodeJwt, jwtVerify, SignJWT } from 'jose';
import { cookieValues, DEFAULT_SESSION_COOKIE, sessionCookieScope } from './session-cookie.js';

/** Longest a signed-in browser stays signed in, unless the session JWT expires sooner: 12 hours. */
const DEFAULT_SESSION_TTL_MS = 12 * 60 * 60 * 1000;

/** `aud` of the cookie token: it is good for the companion pages and nothing else. */
const COOKIE_AUDIENCE = 'filing-mcp-companion-session';

/** Options of {@link SessionJwtSignIn}. */
export interface SessionJwtSignInOptions {
  /** How the server's `/approve` verifies session JWTs (`SESSION_JWT_SECRET` or `SESSION_JWKS_URL`, …). */
  session: SessionJwtOptions;
  /** A secret every instance shares (`SESSION_JWT_SECRET`): the cookie is keyed from it. */
  cookieSecret: string;
  /** Longest a sign-in lasts, ms; default 12 hours, and never beyond the session JWT's `exp`. */
  sessionTtlMs?: number;
  now?: () => number;
}

/**
 * Sign-in with a session JWT (`COMPANION_SIGN_IN=session`), for servers with many instances and
 * no shared memory (Vercel, Lambda): the sign-in page takes a session JWT, checks it with the
 * verifier `/approve` uses, and answers a cookie holding a short HS256 token for the JWT's `sub`.
 * Any instance verifies that cookie on its own. The cookie's key is derived from `cookieSecret`
 * under a label, so a cookie is no session JWT for `/approve` and a session JWT is no cookie.
 */
export class SessionJwtSignIn {
  readonly #verify: SessionJwtVerifier;
  readonly #cookieKey: Uint8Array;
  readonly #now: () => number;
  readonly #sessionTtlMs: number;
  #cookie = DEFAULT_SESSION_COOKIE;

  constructor(options: SessionJwtSignInOptions) {
    if (!options.cookieSecret) throw new TypeError('cookieSecret must not be empty');
    this.#verify = createSessionJwtVerifier(options.session);
    this.#cookieKey = createHmac('sha256', options.cookieSecret)
      .update('filing-mcp companion session cookie')
      .digest();
    this.#now = options.now ?? Date.now;
    this.#sessionTtlMs = options.sessionTtlMs ?? DEFAULT_SESSION_TTL_MS;
  }

  /** Scopes the session cookie to the pages' address (called once the address is known). */
  bind(appUrl: URL): void {
    this.#cookie = sessionCookieScope(appUrl);
  }

  /**
   * Exchanges a session JWT for a session: answers the user and the `Set-Cookie` value, or
   * `undefined` when the JWT is not valid (expired, wrong key, tampered, too old).
   */
  async redeem(jwt: string | null): Promise<{ userId: string; cookie: string } | undefined> {
    const token = jwt?.trim();
    if (!token || token.length > 8192) return undefined;
    const now = this.#now();
    const userId = await this.#verify(token, now);
    if (userId === undefined) return undefined;
    // The verifier checked `exp` is a number in the future.
    const jwtExpiry = (decodeJwt(token).exp as number) * 1000;
    const expiresAt = Math.min(jwtExpiry, now + this.#sessionTtlMs);
    const maxAge = Math.floor((expiresAt - now) / 1000);
    if (maxAge <= 0) return undefined;
    const session = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(userId)
      .setAudience(COOKIE_AUDIENCE)
      // Each sign-in is its own session: a sign-out ends that one cookie, never a later sign-in's.
      .setJti(randomBytes(16).toString('base64url'))
      .setIssuedAt(Math.floor(now / 1000))
      .setExpirationTime(Math.floor(now / 1000) + maxAge)
      .sign(this.#cookieKey);
    return {
      userId,
      cookie: `${this.#cookie.name}=${session}; Max-Age=${maxAge}; ${this.#cookie.attributes}`,
    };
  }

  /**
   * The user a request's session cookie signs in, or `undefined` without a valid one. The cookie
   * alone says nothing of a sign-out: the companion app also checks `companion_revoked_sessions`.
   */
  async user(request: Request): Promise<string | undefined> {
    return (await this.session(request))?.userId;
  }

  /** The request's valid session cookie: its user, its value and when it expires. */
  async session(request: Request): Promise<{ userId: string; cookie: string; expiresAt: Date } | undefined> {
    for (const session of cookieValues(request, this.#cookie.name)) {
      try {
        const { payload } = await jwtVerify(session, this.#cookieKey, {
          algorithms: ['HS256'],
          audience: COOKIE_AUDIENCE,
          requiredClaims: ['exp', 'sub'],
          currentDate: new Date(this.#now()),
        });
        if (typeof payload.sub === 'string' && payload.sub !== '') {
          return { userId: payload.sub, cookie: session, expiresAt: new Date(payload.exp! * 1000) };
        }
      } catch {
        // Not a valid session: try the next cookie of that name, if any.
      }
    }
    return undefined;
  }

  /** The `Set-Cookie` value that removes the session cookie from the browser. */
  clearedCookie(): string {
    return `${this.#cookie.name}=; Max-Age=0; ${this.#cookie.attributes}`;
  }
}
