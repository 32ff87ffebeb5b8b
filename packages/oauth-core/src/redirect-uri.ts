/**
 * Private-use schemes without a dot that real MCP clients register: Cursor
 * (`cursor://anysphere.cursor-retrieval/...`) and VS Code (`vscode://`, `vscode-insiders://`).
 * RFC 8252 section 7.1 asks for reverse-domain schemes; these predate that habit and are kept by name.
 */
const KNOWN_CLIENT_SCHEMES = new Set(['cursor:', 'vscode:', 'vscode-insiders:']);

/** RFC 8252 section 7.1: a private-use scheme is a domain name in reverse order, e.g. `com.example.app`. */
const REVERSE_DOMAIN_SCHEME = /^[a-z][a-z0-9-]*(\.[a-z0-9][a-z0-9-]*)+:$/;

const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]', 'localhost']);

/** Longest redirect URI accepted at registration. */
export const MAX_REDIRECT_URI_LENGTH = 2000;

/** Most redirect URIs one client may register. */
export const MAX_REDIRECT_URIS = 20;

/**
 * Whether a redirect URI holds a character it may not: C0 and C1 control characters (NUL, CR, LF and tab
 * among them), DEL, any whitespace, and the backslash. The URL parser would silently drop some
 * (tab, CR, LF) or read others as `/` (a backslash in an http(s) URI), so a URI holding them
 * would be stored as one address and followed as another.
 */
function hasForbiddenCharacter(uri: string): boolean {
  for (let i = 0; i < uri.length; i++) {
    const code = uri.charCodeAt(i);
    if (code <= 0x20 || (code >= 0x7f && code <= 0x9f) || code === 0x5c) return true;
  }
  return /\s/u.test(uri);
}

/**
 * A redirect URI in canonical form: parsed by the WHATWG URL parser and serialised, so the scheme
 * and an http(s) host are lower case, an IDN host is punycode (`bücher.example` ->
 * `xn--bcher-kva.example`), a default port is dropped and an empty http(s) path is `/`. Undefined
 * when it holds a character {@link redirectUriProblem} refuses or does not parse. Registration
 * stores this form, and /authorize, /approve and /token compare in it.
 */
export function canonicalRedirectUri(uri: string): string | undefined {
  if (hasForbiddenCharacter(uri)) return undefined;
  return parse(uri)?.href;
}

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
 * Why a redirect URI may not be registered, or undefined when it may (RFC 8252): https;
 * http only on loopback (127.0.0.1, [::1], localhost; section 7.3); a private-use scheme in
 * reverse-domain form such as `com.example.app:/callback` (section 7.1), or one a known MCP client
 * uses (`cursor:`, `vscode:`). Every other scheme is refused, so that none that runs code or opens
 * a local handler (`javascript:`, `data:`, `ms-msdt:`, `view-source:`, `jar:` ...) can be a
 * redirect target. Never a fragment or credentials in the address.
 */
export function redirectUriProblem(uri: unknown): string | undefined {
  if (typeof uri !== 'string' || uri.length === 0) return 'redirect URIs must be non-empty strings';
  if (uri.length > MAX_REDIRECT_URI_LENGTH)
    return `redirect URIs must be at most ${MAX_REDIRECT_URI_LENGTH} characters`;
  if (hasForbiddenCharacter(uri))
    return 'redirect URIs must not contain control characters, spaces or backslashes';
  if (uri.includes('#')) return 'redirect URIs must not contain a fragment';
  const url = parse(uri);
  if (!url) return 'redirect URIs must be absolute URIs';
  if (url.username || url.password) return 'redirect URIs must not contain credentials';
  if (url.protocol === 'https:') return url.hostname ? undefined : 'https redirect URIs need a host';
  if (url.protocol === 'http:') {
    return isLoopbackHttp(url)
      ? undefined
      : 'http redirect URIs are allowed only on loopback (127.0.0.1, [::1], localhost)';
  }
  if (REVERSE_DOMAIN_SCHEME.test(url.protocol) || KNOWN_CLIENT_SCHEMES.has(url.protocol)) return undefined;
  return `the scheme ${schemeShown(url.protocol)} is not allowed: use https, http on loopback, or a private-use scheme in reverse-domain form such as com.example.app: (RFC 8252 section 7.1)`;
}

/** The scheme for an error message: client input, so only when it is plainly a scheme. */
function schemeShown(protocol: string): string {
  return /^[a-z][a-z0-9+.-]{0,40}:$/.test(protocol) ? protocol : '(this scheme)';
}

/**
 * Whether `requested` is one of the registered URIs, both in canonical form
 * ({@link canonicalRedirectUri}; a URI holding a refused character matches nothing), except that a
 * loopback http URI matches whatever its port (RFC 8252 section 7.3), since native apps get an
 * ephemeral port.
 */
export function isRegisteredRedirectUri(registered: readonly string[], requested: string): boolean {
  const canonical = canonicalRedirectUri(requested);
  if (canonical === undefined || requested.includes('#')) return false;
  // Rows registered before canonical storage are compared in canonical form as well.
  const candidates = registered.map(canonicalRedirectUri);
  if (candidates.includes(canonical)) return true;
  const wanted = parse(canonical);
  if (!wanted || !isLoopbackHttp(wanted)) return false;
  return candidates.some((candidate) => {
    if (candidate === undefined) return false;
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
