import { ApproveError, completeAuthorization, handleApprove } from './approve.js';
import { handleAuthorize } from './authorize.js';
import { createContext, withoutTrailingSlash } from './context.js';
import { CREDENTIAL_PREFIX } from './credentials.js';
import { OAUTH_ENDPOINTS, OAUTH_METADATA_PATHS, type OAuthEndpointName } from './endpoints.js';
import { OAuthError } from './errors.js';
import { HttpError, jsonResponse } from './http-error.js';
import { buildAuthorizationServerMetadata, buildProtectedResourceMetadata } from './metadata.js';
import { handleRegister } from './register.js';
import { handleRevoke } from './revoke.js';
import { handleToken } from './token.js';
import type { OAuthContext } from './context.js';
import type { AccessTokenInfo, OAuthServer, OAuthServerOptions } from './types.js';

type RouteKind = 'metadata' | 'oauth' | 'approve';

interface Route {
  method: 'GET' | 'POST';
  kind: RouteKind;
  run: (request: Request) => Promise<Response>;
}

function documentResponse(body: string): Response {
  return new Response(body, {
    status: 200,
    headers: { 'content-type': 'application/json', 'cache-control': 'public, max-age=3600' },
  });
}

/** How a store that is down or too slow is answered: 503 with `Retry-After`, so clients retry. */
function unavailable(kind: RouteKind, retryAfterSeconds: number): Response {
  const headers = { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) };
  if (kind === 'approve') return new ApproveError(503).toResponse(headers);
  return new OAuthError('temporarily_unavailable', 'the service is temporarily unavailable; retry later', {
    headers,
  }).toResponse();
}

/** How an unexpected failure is answered on each kind of route (docs/spec-differences.md#errors). */
function failure(kind: RouteKind): Response {
  if (kind === 'approve') return new ApproveError(500).toResponse();
  if (kind === 'metadata') return new HttpError(500, 'Internal server error').getResponse();
  return new OAuthError('server_error', 'the request could not be processed').toResponse();
}

async function verifyAccessToken(context: OAuthContext, token: string): Promise<AccessTokenInfo | undefined> {
  if (!token.startsWith(CREDENTIAL_PREFIX.accessToken)) return undefined;
  const record = await context.store.getTokenByAccessTokenHash(await context.hash(token));
  if (!record || record.revokedAt !== null || record.accessExpiresAt <= context.now()) return undefined;
  if (record.resource !== context.issuer) return undefined;
  return {
    userId: record.userId,
    clientId: record.clientId,
    scope: record.scope,
    expiresAt: Math.floor(record.accessExpiresAt / 1000),
    resource: record.resource,
  };
}

/**
 * Creates the OAuth 2.1 authorization server: discovery (RFC 8414, RFC 9728), registration
 * (RFC 7591), authorization with PKCE, the consent hand-off `/approve`, token exchange with refresh
 * rotation, revocation (RFC 7009), and the resource server's access-token check.
 *
 * CORS is the embedding server's job: no answer carries `Access-Control-*` headers, and `OPTIONS`
 * on a route answers 200 with `Allow` only. Browser-based MCP clients (MCP Inspector, web apps)
 * call discovery, `/register` and `/token` cross-origin, so add the CORS headers to every answer of
 * `handle` and answer preflights yourself (allowing at least `authorization` and `content-type`,
 * and exposing `www-authenticate`). `@filing-mcp/protocol` exports `withCors` and
 * `preflightResponse` for this; the composed filing server uses them.
 *
 * @example
 * ```ts
 * const oauth = createOAuthServer({
 *   baseUrl: 'https://api.example.com/mcp-server',
 *   appUrl: 'https://app.example.com',
 *   store: createKyselyOAuthStore(db),
 *   session: { secret: settings.sessionSecret },
 * });
 * if (request.method === 'OPTIONS') return preflightResponse();
 * const response = (await oauth.handle(request)) ?? (await mcpHandler(request));
 * return withCors(response);
 * ```
 */
export function createOAuthServer(options: OAuthServerOptions): OAuthServer {
  const context = createContext(options);
  const basePath = withoutTrailingSlash(options.basePath ?? new URL(context.issuer).pathname);
  const issuerPath = withoutTrailingSlash(new URL(context.issuer).pathname);
  const authorizationServer = buildAuthorizationServerMetadata(
    context.issuer,
    context.scopes.names,
    context.clientMetadataDocuments,
  );
  const protectedResource = buildProtectedResourceMetadata(context.issuer, context.scopes.names);
  const authorizationServerDocument = JSON.stringify(authorizationServer);
  const protectedResourceDocument = JSON.stringify(protectedResource);

  const routes = new Map<string, Route>();
  const metadataRoutes: Array<[string, string]> = [
    [OAUTH_METADATA_PATHS.authorizationServer, authorizationServerDocument],
    [OAUTH_METADATA_PATHS.openidConfiguration, authorizationServerDocument],
    [OAUTH_METADATA_PATHS.protectedResource, protectedResourceDocument],
  ];
  for (const [wellKnown, document] of metadataRoutes) {
    const route: Route = { method: 'GET', kind: 'metadata', run: async () => documentResponse(document) };
    routes.set(basePath + wellKnown, route);
    // RFC 8414 section 3 / RFC 9728 section 3.1: the well-known segment goes before the issuer's path.
    routes.set(wellKnown + basePath, route);
    routes.set(wellKnown + issuerPath, route);
  }
  const handlers: Record<OAuthEndpointName, (request: Request) => Promise<Response>> = {
    register: (r) => handleRegister(context, r),
    authorize: (r) => handleAuthorize(context, r),
    approve: (r) => handleApprove(context, r),
    token: (r) => handleToken(context, r),
    revoke: (r) => handleRevoke(context, r),
  };
  for (const endpoint of OAUTH_ENDPOINTS) {
    routes.set(basePath + endpoint.path, {
      method: endpoint.method,
      kind: endpoint.name === 'approve' ? 'approve' : 'oauth',
      run: handlers[endpoint.name],
    });
  }

  async function handle(request: Request): Promise<Response | undefined> {
    const route = routes.get(new URL(request.url).pathname);
    if (!route) return undefined;
    if (request.method === 'OPTIONS') {
      return new Response(null, { status: 200, headers: { allow: `${route.method}, OPTIONS` } });
    }
    if (request.method !== route.method) {
      return jsonResponse({ error: 'method_not_allowed', error_description: `use ${route.method}` }, 405, {
        allow: `${route.method}, OPTIONS`,
      });
    }
    try {
      return await route.run(request);
    } catch (error) {
      if (error instanceof OAuthError || error instanceof ApproveError) return error.toResponse();
      const retryAfter = options.unavailable?.(error);
      if (retryAfter !== undefined) {
        context.log({
          event: 'store_unavailable',
          route: route.kind,
          error: (error as Error)?.name ?? 'unknown',
        });
        return unavailable(route.kind, retryAfter);
      }
      // Only the error's name: driver messages can quote the values of a failed statement.
      context.log({ event: 'server_error', route: route.kind, error: (error as Error)?.name ?? 'unknown' });
      return failure(route.kind);
    }
  }

  return {
    handle,
    async fetch(request) {
      return (
        (await handle(request)) ??
        jsonResponse({ error: 'not_found', error_description: 'no such endpoint' }, 404)
      );
    },
    verifyAccessToken: (token) => verifyAccessToken(context, token),
    cleanup: () => context.store.deleteExpired(context.now()),
    resolveClient: (clientId) => context.resolveClient(clientId),
    async completeAuthorization(authorization) {
      try {
        return await completeAuthorization(context, authorization);
      } catch (error) {
        if (error instanceof OAuthError || error instanceof ApproveError) throw error;
        // What /approve answers for the same failure: 503 when the store asks for a retry, else 500.
        const retryable = options.unavailable?.(error) !== undefined;
        const name = (error as Error)?.name ?? 'unknown';
        context.log({
          event: retryable ? 'store_unavailable' : 'server_error',
          route: 'approve',
          error: name,
        });
        throw new ApproveError(retryable ? 503 : 500, undefined, { cause: error });
      }
    },
    metadata: { authorizationServer, protectedResource },
  };
}
