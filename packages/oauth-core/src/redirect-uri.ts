/** Schemes that run code or read local data in a browser: never a redirect target. */
const FORBIDDEN_SCHEMES = new Set([
  'javascript:',
  'data:',
  'vbscript:',
  'file:',
  'blob:',
  'about:',
  'filesystem:',
]);

const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]', 'localhost']);

/** Longest redirect URI accepted at registration. */
export const MAX_REDIRECT_URI_LENGTH = 2000;

/** Most redirect URIs one client may register. */
export const MAX_REDIRECT_URIS = 20;

function parse(uri: string): URL | undefined {
  try {
    return new URL(uri);
  } catch {
    return undefined;
  }
}

function isLoopbackHttp(url: URL): boolean {
  return url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname);
}

/**
 * Why a redirect URI may not be registered, or undefined when it may (INTEROP 12): https; http
 * only on loopback; private-use schemes such as `cursor://`; never a fragment, credentials in the
 * address, or a scheme that runs code.
 */
export function redirectUriProblem(uri: unknown): string | undefined {
  if (typeof uri !== 'string' || uri.length === 0) return 'redirect URIs must be non-empty strings';
  if (uri.length > MAX_REDIRECT_URI_LENGTH)
    return `redirect URIs must be at most ${MAX_REDIRECT_URI_LENGTH} characters`;
  if (uri.includes('#')) return 'redirect URIs must not contain a fragment';
  const url = parse(uri);
  if (!url) return 'redirect URIs must be absolute URIs';
  if (FORBIDDEN_SCHEMES.has(url.protocol)) return `the scheme ${url.protocol} is not allowed`;
  if (url.username || url.password) return 'redirect URIs must not contain credentials';
  if (url.protocol === 'https:') return url.hostname ? undefined : 'https redirect URIs need a host';
  if (url.protocol === 'http:') {
    return isLoopbackHttp(url)
      ? undefined
      : 'http redirect URIs are allowed only on loopback (127.0.0.1, [::1], localhost)';
  }
  return undefined;
}

/**
 * Whether `requested` is one of the registered URIs: exact string match, except that a loopback
 * http URI matches whatever its port (RFC 8252 section 7.3), since native apps get an ephemeral port.
 */
export function isRegisteredRedirectUri(registered: readonly string[], requested: string): boolean {
  if (registered.includes(requested)) return true;
  const wanted = parse(requested);
  if (!wanted || !isLoopbackHttp(wanted) || requested.includes('#')) return false;
  return registered.some((candidate) => {
    const url = parse(candidate);
    if (!url || !isLoopbackHttp(url)) return false;
    return (
      url.hostname === wanted.hostname &&
      url.pathname === wanted.pathname &&
      url.search === wanted.search &&
      !wanted.username &&
      !wanted.password
    );
  });
}

/**
 * Why a redirect URI that {@link redirectUriProblem} accepts does not suit the client's
 * `application_type` (OIDC Registration section 2, MCP SEP-837), or undefined when it does: a
 * `web` client redirects to https only; a `native` one to loopback http, a private-use scheme, or
 * a claimed https address (RFC 8252 section 7).
 */
export function applicationTypeProblem(applicationType: 'web' | 'native', uri: string): string | undefined {
  if (applicationType === 'native') return undefined;
  return new URL(uri).protocol === 'https:'
    ? undefined
    : `a web client may register only https redirect URIs (got ${new URL(uri).protocol}); register as application_type native for loopback or private-use redirects`;
}
