import { withoutTrailingSlash } from '@filing-mcp/protocol/internal';
import { createHash, randomBytes } from 'node:crypto';
import { cookieValues, DEFAULT_SESSION_COOKIE, sessionCookieScope } from './session-cookie.js';

/** How long a session the sign-in link opened lasts; default 12 hours. */
const DEFAULT_SESSION_TTL_MS = 12 * 60 * 60 * 1000;

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

const digest = (value: string) => createHash('sha256').update(value).digest('hex');

/**
 * Sign-in for companion pages reachable from the network (`COMPANION_SIGN_IN=link`): one random
 * token, printed once in a sign-in link at start, is exchanged on the sign-in page for a session
 * cookie (HttpOnly, SameSite=Strict, Secure on https) and is spent by that exchange. Without that
 * cookie no page answers, whatever `Host` a request names. Only hashes are held, in memory: a
 * restart prints a new link and ends every session.
 */
export class CompanionSignIn {
  /** The one-time token; goes into the printed link and nowhere else. */
  readonly token: string;
  #tokenHash: string | undefined;
  readonly #sessions = new Map<string, number>();
  readonly #now: () => number;
  readonly #sessionTtlMs: number;
  #cookie = DEFAULT_SESSION_COOKIE;

  constructor(options: { now?: () => number; sessionTtlMs?: number } = {}) {
    this.token = randomBytes(32).toString('base64url');
    this.#tokenHash = digest(this.token);
    this.#now = options.now ?? Date.now;
    this.#sessionTtlMs = options.sessionTtlMs ?? DEFAULT_SESSION_TTL_MS;
  }

  /** Scopes the session cookie to the pages' address (called once the address is known). */
  bind(appUrl: URL): void {
    this.#cookie = sessionCookieScope(appUrl);
  }

  /** The sign-in link to print at start (for the person starting the server; never logged). */
  link(appUrl: string): string {
    return `${withoutTrailingSlash(appUrl)}/sign-in?token=${this.token}`;
  }

  /** Whether a token can still be exchanged (it is spent by its first exchange). */
  get linkUnused(): boolean {
    return this.#tokenHash !== undefined;
  }

  /**
   * Exchanges the link's token for a session: answers the `Set-Cookie` value, or `undefined` when
   * the token is wrong or already spent.
   */
  redeem(token: string | null): string | undefined {
    if (token === null || !TOKEN.test(token) || this.#tokenHash === undefined) return undefined;
    if (digest(token) !== this.#tokenHash) return undefined;
    this.#tokenHash = undefined;
    const session = randomBytes(32).toString('base64url');
    this.#sessions.set(digest(session), this.#now() + this.#sessionTtlMs);
    const maxAge = Math.floor(this.#sessionTtlMs / 1000);
    return `${this.#cookie.name}=${session}; Max-Age=${maxAge}; ${this.#cookie.attributes}`;
  }

  /**
   * Ends the sessions a request's cookies hold (this sign-in keeps its sessions in this process
   * alone) and answers the `Set-Cookie` value that removes the cookie from the browser.
   */
  signOut(request: Request): string {
    for (const session of cookieValues(request, this.#cookie.name)) this.#sessions.delete(digest(session));
    return `${this.#cookie.name}=; Max-Age=0; ${this.#cookie.attributes}`;
  }

  /** Whether a request carries a live session cookie. */
  signedIn(request: Request): boolean {
    for (const session of cookieValues(request, this.#cookie.name)) {
      if (!TOKEN.test(session)) continue;
      const hash = digest(session);
      const expiresAt = this.#sessions.get(hash);
      if (expiresAt === undefined) continue;
      if (expiresAt <= this.#now()) {
        this.#sessions.delete(hash);
        continue;
      }
      return true;
    }
    return false;
  }
}
