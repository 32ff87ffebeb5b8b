import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { companionCookieScope } from './session-cookie.js';

/** Name of the form field that carries the CSRF token. */
export const CSRF_FIELD = 'csrf_token';

const NONCE = /^[A-Za-z0-9_-]{43}$/;

/** A token to put in a form, and the cookie to set when the browser had none yet. */
export interface IssuedCsrfToken {
  token: string;
  setCookie: string | undefined;
}

/** Why a form submission was refused. */
export type CsrfFailure = 'cross-site request' | 'origin not allowed' | 'missing or invalid CSRF token';

/**
 * Signed double-submit CSRF protection. The browser holds a random nonce in an HttpOnly,
 * SameSite=Strict cookie; forms carry HMAC(session secret, nonce). A cross-site page can neither
 * read the cookie nor compute the HMAC, and a planted cookie is useless without the secret.
 * `Sec-Fetch-Site` and `Origin` are checked first, so a browser request from another site is
 * refused even before the token is looked at.
 */
export class CsrfGuard {
  readonly #secret: string;
  readonly #cookieName: string;
  readonly #cookieAttributes: string;
  readonly #allowedOrigins: ReadonlySet<string>;

  constructor(options: { sessionSecret: string; appUrl: URL; allowedOrigins: ReadonlySet<string> }) {
    this.#secret = options.sessionSecret;
    const cookie = companionCookieScope('filing_csrf', options.appUrl);
    this.#cookieName = cookie.name;
    this.#cookieAttributes = cookie.attributes;
    this.#allowedOrigins = options.allowedOrigins;
  }

  /** The token for the forms of a page, minting a nonce cookie when the browser sent none. */
  issue(request: Request): IssuedCsrfToken {
    const existing = this.#nonceOf(request);
    if (existing) return { token: this.#sign(existing), setCookie: undefined };
    const nonce = randomBytes(32).toString('base64url');
    return { token: this.#sign(nonce), setCookie: `${this.#cookieName}=${nonce}; ${this.#cookieAttributes}` };
  }

  /** Checks a form submission; answers why it is refused, or undefined when it may proceed. */
  check(request: Request, form: URLSearchParams): CsrfFailure | undefined {
    const fetchSite = request.headers.get('sec-fetch-site');
    // `none` is a user-initiated navigation (typed address, bookmark): never a POST with a body
    // from another page, but accepting it costs nothing since the token still has to match.
    if (fetchSite !== null && fetchSite !== 'same-origin' && fetchSite !== 'none')
      return 'cross-site request';
    const origin = request.headers.get('origin');
    // Under `Referrer-Policy: no-referrer` Chromium sends `Origin: null` even for same-origin
    // forms; then only the browser's own `Sec-Fetch-Site: same-origin` vouches for the origin.
    const opaqueButSameOrigin = origin === 'null' && fetchSite === 'same-origin';
    if (origin !== null && !opaqueButSameOrigin && !this.#allowedOrigins.has(origin))
      return 'origin not allowed';
    const nonce = this.#nonceOf(request);
    const presented = form.get(CSRF_FIELD);
    if (!nonce || !presented) return 'missing or invalid CSRF token';
    const expected = Buffer.from(this.#sign(nonce));
    const actual = Buffer.from(presented);
    if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) {
      return 'missing or invalid CSRF token';
    }
    return undefined;
  }

  #sign(nonce: string): string {
    return createHmac('sha256', this.#secret)
      .update(`filing-mcp companion csrf\0${nonce}`)
      .digest('base64url');
  }

  #nonceOf(request: Request): string | undefined {
    const header = request.headers.get('cookie');
    if (!header) return undefined;
    for (const part of header.split(';')) {
      const separator = part.indexOf('=');
      if (separator < 0) continue;
      if (part.slice(0, separator).trim() !== this.#cookieName) continue;
      const value = part.slice(separator + 1).trim();
      if (NONCE.test(value)) return value;
    }
    return undefined;
  }
}
