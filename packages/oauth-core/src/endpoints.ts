/**
 * The authorization server's endpoints, each under the issuer's path: the one list that routes
 * requests (`createOAuthServer`), advertises them (the metadata documents) and lets an embedding
 * server know which of its paths are OAuth's (rate limits, traces, request logs) without writing
 * the paths again.
 *
 * - `register`: dynamic client registration (RFC 7591 section 3).
 * - `authorize`: the authorization endpoint with PKCE (RFC 6749 section 3.1; RFC 7636).
 * - `approve`: the consent page's hand-off, which issues the code after the user agrees.
 * - `token`: code exchange and refresh rotation (RFC 6749 section 3.2).
 * - `revoke`: token revocation (RFC 7009 section 2).
 */
export const OAUTH_ENDPOINTS = [
  { name: 'register', path: '/register', method: 'POST' },
  { name: 'authorize', path: '/authorize', method: 'GET' },
  { name: 'approve', path: '/approve', method: 'POST' },
  { name: 'token', path: '/token', method: 'POST' },
  { name: 'revoke', path: '/revoke', method: 'POST' },
] as const;

/** One of {@link OAUTH_ENDPOINTS}. */
export type OAuthEndpoint = (typeof OAUTH_ENDPOINTS)[number];

/** An OAuth endpoint's name: `register`, `authorize`, `approve`, `token` or `revoke`. */
export type OAuthEndpointName = OAuthEndpoint['name'];

/**
 * The discovery documents' well-known paths: RFC 8414 section 3 (authorization server), its
 * OpenID Connect Discovery alias, and RFC 9728 section 3 (protected resource).
 */
export const OAUTH_METADATA_PATHS = {
  authorizationServer: '/.well-known/oauth-authorization-server',
  openidConfiguration: '/.well-known/openid-configuration',
  protectedResource: '/.well-known/oauth-protected-resource',
} as const;

/**
 * Each endpoint's full path under a base path (the issuer's path, without a trailing slash):
 * `oauthEndpointPaths('/mcp')` maps `/mcp/token` to `token`, and so on.
 */
export function oauthEndpointPaths(basePath: string): Map<string, OAuthEndpointName> {
  return new Map(OAUTH_ENDPOINTS.map((endpoint) => [basePath + endpoint.path, endpoint.name]));
}
