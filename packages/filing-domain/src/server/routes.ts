import { type AllowListCheck, preflightResponse, type RequestContext, withCors } from '@filing-mcp/protocol';
import { isPromise } from '@filing-mcp/protocol/internal';
import { errorResponse, forbiddenResponse, HttpError } from '../errors/http-errors.js';
import type { FilingTelemetry } from '../logging/telemetry.js';
import { healthResponse, type Readiness, readinessResponse } from '../probes/probe-responses.js';
import { oauthRouteScopes } from '../rate-limits/oauth-route-limits.js';
import { oauthTooManyRequests } from '../rate-limits/too-many-requests.js';
import { PACKET_LINK_PATH_PREFIX, SIGNED_COPY_PATH_PREFIX } from '../resources/packet-links.js';
import type { RateLimiter } from '../rate-limits/rate-limiter.js';
import type { OAuthServer } from '@filing-mcp/oauth-core';
import { loadMcpPointer, loadTokenClient } from './server-loads.js';

/** A provider's webhook: the path under the base URL its provider names, and what answers it. */
export interface WebhookRoute {
  path: string;
  handle(request: Request): Promise<Response>;
}

/** The parts {@link createFilingRoutes} routes to. */
export interface FilingRoutesOptions {
  /** The path of the base URL, without a trailing slash (`''` at the origin's root). */
  basePath: string;
  /** `{base_url}`, the MCP endpoint's URL: named by the 404 of `/mcp` when the endpoint is elsewhere. */
  endpointUrl: string;
  /** The MCP endpoint: its `respond`, which answers a fixed result without a promise. */
  mcp: { respond(request: Request, context?: RequestContext): Response | Promise<Response> };
  telemetry: FilingTelemetry;
  /** The Host/Origin allow-list of every route but the MCP endpoint (which checks its own). */
  allowListCheck: AllowListCheck | undefined;
  /** The signed packet links' downloads, when the server builds packets. */
  packetDownload:
    | ((request: Request, path: string, context?: RequestContext) => Promise<Response>)
    | undefined;
  /** The signed copies' upload and fax media links (`/signed-copies/...`), when the server builds packets. */
  signedCopies?: ((request: Request, path: string) => Promise<Response>) | undefined;
  /** The fax provider's status webhook (at the provider's path under the base), when fax is configured. */
  faxWebhook?: WebhookRoute | undefined;
  /** The payment provider's webhook (at the provider's path under the base), when payments are configured. */
  paymentWebhook?: WebhookRoute | undefined;
  /** The check behind `GET /readyz`. */
  checkReadiness(): Promise<Readiness>;
  /** The rate limiter (none with `rateLimits: false`), built by its first use. */
  limiter(): Promise<RateLimiter | undefined>;
  /** The OAuth server, built by its first use. */
  oauth(): Promise<OAuthServer>;
}

/**
 * The paths where a user of an MCP SDK looks for the endpoint first, when it is not there: `/mcp`
 * at the origin (where the SDKs' examples serve it) and beside the base path (`/api/mcp` for a base
 * path `/api/mcp-server`), each with and without a trailing slash. Never the endpoint itself: with
 * a base path `/mcp` there is none at the origin.
 */
function mcpGuessPaths(basePath: string): ReadonlySet<string> {
  const parent = basePath.slice(0, Math.max(basePath.lastIndexOf('/'), 0));
  const paths = new Set<string>();
  for (const root of new Set(['', parent])) paths.add(`${root}/mcp`).add(`${root}/mcp/`);
  for (const endpoint of [basePath, `${basePath}/`]) paths.delete(endpoint);
  return paths;
}

/** The MCP endpoint's answer: at once when nothing needs waiting for (a fixed result to a body read already). */
export type RouteHandler = (
  request: Request,
  context: RequestContext | undefined,
) => Response | Promise<Response>;

/** The filing server's routes, and its MCP endpoint for a bridge that routed the request itself. */
export interface FilingRoutes {
  /** Every route, on the request URL's pathname; always a promise. */
  route(request: Request, context: RequestContext | undefined): Promise<Response>;
  /** The MCP endpoint alone (observed as by `route`), for a request known to be addressed to it. */
  mcp: RouteHandler;
}

/**
 * The filing server's routes: CORS preflights, the MCP endpoint (its two spellings), the signed
 * packet links, the probes, the OAuth endpoints (rate-limited per client address, each traced as
 * one SERVER span) with the well-known documents, a 404 naming the endpoint at `/mcp` when it is
 * elsewhere, and 404 for the rest.
 */
export function createFilingRoutes(options: FilingRoutesOptions): FilingRoutes {
  const { basePath, mcp, telemetry, allowListCheck, packetDownload, checkReadiness, oauth } = options;
  const { signedCopies, faxWebhook, paymentWebhook } = options;
  const oauthRoutes = oauthRouteScopes(basePath);
  const mcpGuesses = mcpGuessPaths(basePath);

  async function route(request: Request, context: RequestContext | undefined): Promise<Response> {
    // Before the Host/Origin check on purpose: a preflight is static, changes nothing and reveals
    // nothing, and the request it announces is refused on its own. A 403 here would only turn a
    // clear 403 into an opaque browser CORS failure.
    if (request.method === 'OPTIONS') return preflightResponse();
    const path = new URL(request.url).pathname;
    const underBase = basePath === '' || path === basePath || path.startsWith(`${basePath}/`);
    const rest = underBase ? path.slice(basePath.length) : path;
    // The core's answers carry the CORS headers already (every header set it uses includes them).
    if (underBase && (rest === '' || rest === '/')) return mcpFetch(request, context);
    // The signed packet links: no credential, the signature is the authorization; the link's query
    // (its signature) is never logged, as no route here logs a query.
    if (underBase && packetDownload !== undefined && rest.startsWith(PACKET_LINK_PATH_PREFIX)) {
      const refused = allowListCheck?.(request);
      if (refused !== undefined) return forbiddenResponse(refused);
      return packetDownload(request, rest, context);
    }
    // The signed copies' links (upload, fax media) and the fax webhook: their signatures are the
    // authorization, as for the packet links.
    if (underBase && signedCopies !== undefined && rest.startsWith(SIGNED_COPY_PATH_PREFIX)) {
      const refused = allowListCheck?.(request);
      if (refused !== undefined) return forbiddenResponse(refused);
      return signedCopies(request, rest);
    }
    if (underBase && faxWebhook !== undefined && rest === faxWebhook.path) {
      const refused = allowListCheck?.(request);
      if (refused !== undefined) return forbiddenResponse(refused);
      return faxWebhook.handle(request);
    }
    // `/mcp`, where MCP SDK users look first: a 404 naming the endpoint, whatever the method.
    if (mcpGuesses.has(path)) {
      const refused = allowListCheck?.(request);
      if (refused !== undefined) return forbiddenResponse(refused);
      return (await loadMcpPointer()).mcpPointerResponse(request, options.endpointUrl);
    }
    if (underBase && paymentWebhook !== undefined && rest === paymentWebhook.path) {
      const refused = allowListCheck?.(request);
      if (refused !== undefined) return forbiddenResponse(refused);
      return paymentWebhook.handle(request);
    }
    // Probes come from load balancers and orchestrators that name the server by its IP, so they
    // pass before the Host check; they reveal nothing beyond "up" and "ready".
    if (
      (path === '/healthz' || path === '/readyz') &&
      (request.method === 'GET' || request.method === 'HEAD')
    ) {
      return path === '/healthz' ? healthResponse() : readinessResponse(await checkReadiness());
    }
    if (oauthRoutes.has(path))
      return telemetry.oauthRequest(request, path, () => routeOther(request, path, context));
    return routeOther(request, path, context);
  }

  // Not async: a fixed answer is observed and handed back at once, for a bridge that routed the
  // request itself (`respondMcp`: node-http's fast path).
  function mcpFetch(request: Request, context: RequestContext | undefined): Response | Promise<Response> {
    const startTime = Date.now();
    const response = mcp.respond(request, context);
    if (!isPromise(response)) {
      telemetry.refusedMcpRequest(request, response, startTime);
      return response;
    }
    return response.then((settled) => {
      telemetry.refusedMcpRequest(request, settled, startTime);
      return settled;
    });
  }

  /** The routes that are neither the MCP endpoint nor a probe: OAuth, well-known documents, 404. */
  async function routeOther(
    request: Request,
    path: string,
    context: RequestContext | undefined,
  ): Promise<Response> {
    // The MCP endpoint checks Host and Origin itself (answering in JSON-RPC); every other route
    // gets the same rule here, so a rebinding page can neither register clients, exchange codes nor
    // read metadata under a foreign name.
    const refused = allowListCheck?.(request);
    if (refused !== undefined) return forbiddenResponse(refused);
    const limiter = await options.limiter();
    const scope = limiter === undefined ? undefined : oauthRoutes.get(path);
    const clientAddress = context?.clientAddress;
    let failureKey: string | undefined;
    if (scope !== undefined && clientAddress !== undefined && request.method !== 'OPTIONS') {
      const address = clientAddress.slice(0, 64);
      if (scope === 'token' && request.method === 'POST') {
        // Failed attempts are limited per client (at this address) first: a client under attack
        // is refused here, before its attempts use up the address's /token limit its neighbours share.
        const clientId = await (await loadTokenClient()).tokenRequestClientId(request);
        if (clientId !== undefined) {
          failureKey = `${address}:${clientId.slice(0, 200)}`;
          const retryAfter = limiter!.refusal('tokenClientFailures', failureKey);
          if (retryAfter !== undefined) return oauthTooManyRequests(scope, retryAfter);
        }
      }
      const retryAfter = await limiter!.hit(scope, address);
      if (retryAfter !== undefined) return oauthTooManyRequests(scope, retryAfter);
    }
    // OAuth endpoints under the base path and the origin-level, path-inserted well-known documents
    // (RFC 8414 section 3, RFC 9728 section 3) are oauth-core's; it answers undefined for anything else.
    const oauthResponse = await (await oauth()).handle(request);
    if (failureKey !== undefined && oauthResponse !== undefined && oauthResponse.status >= 400) {
      await limiter!.hit('tokenClientFailures', failureKey);
    }
    if (oauthResponse !== undefined) return withCors(oauthResponse);
    return errorResponse(new HttpError(404, 'Not found'));
  }

  return { route, mcp: mcpFetch };
}
