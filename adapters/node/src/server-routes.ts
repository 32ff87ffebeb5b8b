import { withoutTrailingSlash } from '@filing-mcp/protocol/internal';
import { oauthEndpointPaths } from '@filing-mcp/oauth-core';

const PROBE_PATHS = ['/healthz', '/readyz'];

/** Where the server's routes are, read from its two addresses. */
export interface ServerRoutes {
  /** The MCP endpoint's path (`{base_url}`'s), e.g. `/mcp-server`. */
  mcpPath: string;
  /** Whether the companion pages own a path (everything under `{app_url}`'s path, when served). */
  underApp(path: string): boolean;
  /**
   * The `http.route` of a path: the core's own routes (the MCP endpoint, the OAuth endpoints of
   * oauth-core's table, the probes) as they are, the pages as `{app path}/*`, anything else none.
   */
  routeOf(path: string): string | undefined;
}

/** The {@link ServerRoutes} of a server at `baseUrl` with the pages at `appUrl` when `companion`. */
export function serverRoutes(baseUrl: string, appUrl: string, companion: boolean): ServerRoutes {
  const appPath = withoutTrailingSlash(new URL(appUrl).pathname);
  const basePath = withoutTrailingSlash(new URL(baseUrl).pathname);
  const mcpPath = basePath || '/';
  const ownRoutes = new Set([mcpPath, ...PROBE_PATHS, ...oauthEndpointPaths(basePath).keys()]);
  const underApp = (path: string) =>
    companion && (appPath === '' || path === appPath || path.startsWith(`${appPath}/`));
  return {
    mcpPath,
    underApp,
    routeOf: (path) => (ownRoutes.has(path) ? path : underApp(path) ? `${appPath}/*` : undefined),
  };
}
