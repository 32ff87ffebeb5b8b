import { withoutTrailingSlash } from '@filing-mcp/protocol/internal';

/** Name and attributes of a cookie of the companion pages at one address. */
export interface SessionCookieScope {
  name: string;
  attributes: string;
}

/** The scope before `bind`: plain http at the root. */
export const DEFAULT_SESSION_COOKIE: SessionCookieScope = {
  name: 'filing_companion_session',
  attributes: 'Path=/; HttpOnly; SameSite=Strict',
};

/**
 * The rule of every cookie the pages set (the session's, the CSRF nonce's), scoped to their
 * address: HttpOnly, SameSite=Strict; on https `Secure` with the `__Host-` prefix at `Path=/`
 * (the prefix pins the cookie to this exact origin, but browsers accept it only with Secure and
 * at the root), on plain http the pages' own path.
 */
export function companionCookieScope(name: string, appUrl: URL): SessionCookieScope {
  const secure = appUrl.protocol === 'https:';
  const path = secure ? '/' : withoutTrailingSlash(appUrl.pathname) || '/';
  return {
    name: secure ? `__Host-${name}` : name,
    attributes: `Path=${path}; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`,
  };
}

/** Scopes the session cookie to the pages' address (see {@link companionCookieScope}). */
export function sessionCookieScope(appUrl: URL): SessionCookieScope {
  return companionCookieScope(DEFAULT_SESSION_COOKIE.name, appUrl);
}

/** The values a request's `Cookie` header carries under `name`. */
export function cookieValues(request: Request, name: string): string[] {
  const header = request.headers.get('cookie');
  if (!header) return [];
  const values: string[] = [];
  for (const part of header.split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) values.push(value.join('='));
  }
  return values;
}
