import { oauthEndpointPaths } from '@filing-mcp/oauth-core';
import type { RateLimitScope } from './rate-limit-scopes.js';

/**
 * The OAuth endpoints under a base path, each with the scope that limits its requests per client
 * address: oauth-core's endpoint table (`OAUTH_ENDPOINTS`), whose names are the scopes. The same
 * paths get an OAuth span of their own in the traces.
 */
export function oauthRouteScopes(basePath: string): ReadonlyMap<string, RateLimitScope> {
  return oauthEndpointPaths(basePath);
}
