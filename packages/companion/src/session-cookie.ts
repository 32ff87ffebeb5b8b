import { withoutTrailingSlash } from '@filing-mcp/protocol/internal';
/** Name and attributes of the companion's session cookie at one address. */
export interface SessionCookieScope {
  name: string;
  attributes: string;
}

/** The scope before `bind`: plain http at the root. */
export const DEFAULT_SESSION_COOKIE: SessionCookieScope = {
  name: 'filing_companion_session',
  attributes: 'Path=/; HttpOnly; SameSite=Strict',
};

/** Scopes the session cookie to the pages' address: HttpOnly, SameSite=Strict, Secure on https. */
export function sessionCookieScope(appUrl: URL): SessionCookieScope {
  const secure = appUrl.protocol === 'https:';
  // `__Host-` pins the cookie to this exact origin, but browsers accept it only with Secure.
  const path = secure ? '/' : withoutTrailingSlash(appUrl.pathname) || '/';
  return {
    name: secure ? '__Host-filing_companion_session' : 'filing_companion_session',
    attributes: `Path=${path}; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`,
  };
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
