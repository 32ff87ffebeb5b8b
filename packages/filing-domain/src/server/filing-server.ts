import type { ClientMetadataDocumentOptions, OAuthClientRecord } from '@filing-mcp/oauth-core';
import {
  type AuthInfo,
  createAllowListCheck,
  createMcpServer,
  JsonRpcErrorCode,
  preflightResponse,
  type RequestContext,
  type ToolContext,
  withCors,
} from '@filing-mcp/protocol';
import type { Kysely } from 'kysely';
import type { FilingServerConfig, ResolvedFilingServerConfig } from '../config/config.js';
import { CredentialCache } from '../auth/credential-cache.js';
import { isDatabaseUnavailable } from '../config/database-settings.js';
import type { FilingBackend } from './filing-backend.js';
import { isClientDisconnect, logSafeEvent } from '../logging/log-safety.js';
import { healthResponse, type Readiness, readinessResponse } from '../probes/probe-responses.js';
import { RateLimitedError } from '../rate-limits/rate-limited-error.js';
import type { RateLimitScope } from '../rate-limits/rate-limit-scopes.js';
import { resourceScopesToChallenge, scopesToChallenge, TOOL_SCOPES } from '../auth/scopes.js';
import { createPacketResourceTemplates, type FilingPacketBuilder } from '../resources/packet-resources.js';
import { createFilingTools, prefetchFilingToolDefinitions } from '../tools/filing-tools.js';
import { type HashFunction, sha256Hex } from '../auth/hash.js';
import { createFilingTelemetry } from '../logging/telemetry.js';
import { createPacketLinks, PACKET_LINK_PATH_PREFIX } from '../resources/packet-links.js';
import { createPacketDownload } from '../resources/packet-download.js';
import { filingPrompts } from '../prompts/filing-prompts.js';

/** serverInfo the `initialize` result reports (spec: Server identity). */
export const FILING_SERVER_INFO = Object.freeze({ name: 'filing-mcp', version: '1.1.0' });

/** The `initialize` instructions (spec: Server identity). */
export const FILING_SERVER_INSTRUCTIONS =
  'This server manages US tax filings of foreign-owned LLCs: single-member filings (forms 5472 and 1120) ' +
  'and partnership filings (form 1065, Schedule K-1, forms 8804 and 8805). Call get_form_schema first to ' +
  'learn the form_data fields, then create_filing (or create_partnership_filing). Every tool acts on your ' +
  'own records only.';

/**
 * The `initialize` instructions of a server: {@link FILING_SERVER_INSTRUCTIONS}, the tools that
 * ask the user, and, when it serves packets, where the PDF is (the resource and the signed link).
 */
export function filingServerInstructions(servesPackets: boolean): string {
  const interview =
    ' check_filing lists what is still missing; complete_filing asks the user for it through the client ' +
    '(or says what to send with update_filing); the prompts prepare_form_5472 and ' +
    'prepare_partnership_return guide the whole interview.';
  if (!servesPackets) return FILING_SERVER_INSTRUCTIONS + interview;
  return (
    FILING_SERVER_INSTRUCTIONS +
    interview +
    ' The filled IRS forms of a filing are the PDF resource filing://filings/{id}/packet.pdf ' +
    '(partnership: filing://partnership/{id}/packet.pdf), read with resources/read; get_pdf_url also ' +
    'answers download_url, a signed link to the same PDF that works without a session for 15 minutes.'
  );
}

/** A log-safe event: never a raw credential, code or secret. */
export interface FilingLogEvent {
  event: string;
  [key: string]: unknown;
}

/** Receives log-safe events (errors, background failures). */
export type FilingLogger = (event: FilingLogEvent) => void;

/** Options of {@link createFilingServer}. */
export interface FilingServerOptions {
  /**
   * Kysely on PostgreSQL or PGlite, migrated with `migrateToLatest`. The caller owns and closes it.
   * Or a function answering it, called once by the first request that needs the database: a
   * serverless entry then loads no database module before that (`initialize`, `tools/list`,
   * probes and preflights need none).
   */
  db: Kysely<any> | (() => Promise<Kysely<any>>);
  /** Settings, validated here with zod; a bad setting throws an error naming it. */
  config: FilingServerConfig;
  /** SHA-256 hex function for credentials, default WebCrypto. */
  hash?: HashFunction;
  /** Clock in Unix milliseconds (tests). */
  now?: () => number;
  logger?: FilingLogger;
  /**
   * Accept Client ID Metadata Documents (https `client_id`s), fetched through this fetcher; on Node,
   * `clientMetadataDocumentsFromEnv(process.env)` from `@filing-mcp/filing-domain/node`. Default: off.
   */
  clientMetadataDocuments?: ClientMetadataDocumentOptions;
  /** How long `GET /readyz` waits for the database before answering 503; default 2000 ms. */
  readinessTimeoutMs?: number;
  /**
   * Builds filing packets (the official IRS forms as one PDF). With it, the server declares the
   * `resources` capability and serves each packet as an MCP resource
   * (`filing://filings/{id}/packet.pdf`, `filing://partnership/{id}/packet.pdf`) to its owner;
   * without it, the server has tools only.
   */
  packets?: FilingPacketBuilder;
}

/** The composed server: MCP tools, OAuth endpoints, CORS, one `fetch`. */
export interface FilingServer {
  /** Serves one request; `context.waitUntil` lets background work (last-used times) outlive it. */
  fetch(request: Request, context?: RequestContext): Promise<Response>;
  /**
   * Deletes expired authorization codes and OAuth tokens, abandoned clients (`clientExpiry`) and
   * past rate-limit counters (the maintenance job the adapters
   * schedule: a timer on Node, a scheduled invocation on Lambda, a cron on Vercel).
   */
  cleanup(): Promise<{ codes: number; tokens: number; clients: number; rateLimitCounters: number }>;
  /**
   * The check behind `GET /readyz`: the database answers within the readiness timeout and every
   * migration is applied. Never throws.
   */
  checkReadiness(): Promise<Readiness>;
  /**
   * Deletes an API key (with `userId`, only that user's) and stops accepting it in this process at
   * once. Answers whether a key was deleted.
   */
  revokeApiKey(id: string, userId?: string): Promise<boolean>;
  /**
   * Drops credentials (SHA-256 hex of an access token or API key) ended elsewhere from the cache of
   * verified credentials: an adapter calls it when another process announces a revocation.
   */
  forgetCredentials(credentialHashes: Iterable<string>): void;
  /**
   * Drops every cached credential: an adapter calls it when it may have missed announcements (its
   * notification connection was lost), so nothing stale outlives the reconnection.
   */
  forgetAllCredentials(): void;
  /**
   * The OAuth client a `client_id` names (a registration, or a validated Client ID Metadata
   * Document), for a consent page; throws an OAuth `invalid_client` error naming the rule a
   * document breaks.
   */
  resolveOAuthClient(clientId: string): Promise<OAuthClientRecord | undefined>;
  /** Waits for background work still in flight and forgets cached credentials. Does not close `db`. */
  close(): Promise<void>;
}

/** `Retry-After` of the 503 answered while the database is down or does not answer in time. */
const DATABASE_RETRY_AFTER_SECONDS = 5;

function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return withCors(
    new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json', 'cache-control': 'no-store', ...headers },
    }),
  );
}

/**
 * The path of an absolute URL in plain form (`scheme://authority/path?query`), without parsing it,
 * or undefined when the authority holds a character the URL parser treats specially. The MCP
 * endpoint is recognised from it without `new URL` on every call; anything else is parsed.
 */
function plainPath(url: string): string | undefined {
  const schemeEnd = url.indexOf('://');
  if (schemeEnd === -1) return undefined;
  const pathStart = url.indexOf('/', schemeEnd + 3);
  if (pathStart === -1) return undefined;
  for (let i = schemeEnd + 3; i < pathStart; i++) {
    const c = url.charCodeAt(i);
    // backslash, '?', '#': the authority would end earlier than the first '/'.
    if (c === 0x5c || c === 0x3f || c === 0x23) return undefined;
  }
  let end = url.indexOf('?', pathStart);
  if (end === -1) end = url.length;
  const hash = url.indexOf('#', pathStart);
  if (hash !== -1 && hash < end) end = hash;
  return url.slice(pathStart, end);
}

function errorSummary(error: unknown): Record<string, unknown> {
  // Name, message and SQLSTATE only: driver `detail` fields can quote row values.
  if (error instanceof Error) {
    return {
      errorName: error.name,
      errorMessage: error.message,
      errorCode: (error as { code?: unknown }).code,
    };
  }
  return { errorMessage: String(error) };
}

/**
 * {@link createFilingServer} with its configuration already resolved (validated, defaults
 * applied): what a serverless entry calls after resolving the configuration without zod.
 * @internal
 */
export function createFilingServerWithConfig(
  options: Omit<FilingServerOptions, 'config'>,
  config: ResolvedFilingServerConfig,
): FilingServer {
  const { db } = options;
  const hash = options.hash ?? sha256Hex;
  const clock = options.now ?? Date.now;
  const sink = options.logger;
  const log: FilingLogger = sink === undefined ? () => {} : (event) => sink(logSafeEvent(event));
  const baseUrl = config.baseUrl;
  const basePath = config.basePath ?? new URL(baseUrl).pathname.replace(/\/+$/, '');

  // Which credential an AuthInfo came from (a prefix of its SHA-256), for the per-credential limit.
  const credentialKeys = new WeakMap<AuthInfo, string>();

  const cache = new CredentialCache({ ttlMs: config.authCacheTtlMs, maxEntries: config.authCacheMaxEntries });
  function forgetCredentials(credentialHashes: Iterable<string>): void {
    for (const credentialHash of credentialHashes) cache.delete(credentialHash);
  }
  const pending = new Set<Promise<unknown>>();

  function inBackground(context: RequestContext | undefined, work: Promise<unknown>): void {
    const tracked = work
      .catch((error) => log({ event: 'background_error', ...errorSummary(error) }))
      .finally(() => pending.delete(tracked));
    pending.add(tracked);
    context?.waitUntil?.(tracked);
  }

  let databasePromise: Promise<Kysely<any>> | undefined;
  /** The database, opened once (when `db` is a function) by the first request that needs it. */
  function lazyDb(): Promise<Kysely<any>> {
    if (typeof db !== 'function') return Promise.resolve(db);
    databasePromise ??= db().catch((error: unknown) => {
      databasePromise = undefined;
      throw error;
    });
    return databasePromise;
  }

  // The parts that need the database (Kysely, the OAuth server, the driver behind `db`) are a
  // module of their own, loaded and built once by the first request that needs them.
  let backendPromise: Promise<FilingBackend> | undefined;
  function backend(): Promise<FilingBackend> {
    backendPromise ??= (async () => {
      const [{ createFilingBackend }, database] = await Promise.all([
        import('./filing-backend.js'),
        lazyDb(),
      ]);
      return createFilingBackend({
        db: database,
        config,
        baseUrl,
        basePath,
        hash,
        clock,
        log,
        errorSummary,
        cache,
        credentialKeys,
        inBackground,
        retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS,
        ...(options.clientMetadataDocuments && { clientMetadataDocuments: options.clientMetadataDocuments }),
        ...(options.readinessTimeoutMs !== undefined && { readinessTimeoutMs: options.readinessTimeoutMs }),
      });
    })().catch((error: unknown) => {
      backendPromise = undefined;
      throw error;
    });
    return backendPromise;
  }

  let toolsPrefetched = false;
  const authenticate = async (credential: string, request: Request, context?: RequestContext) => {
    const authenticated = (await backend()).authenticate(credential, request, context);
    // A credential almost always comes with a tools/call: its tool definitions compile while the
    // database looks the credential up, rather than after.
    if (!toolsPrefetched) {
      toolsPrefetched = true;
      prefetchFilingToolDefinitions();
    }
    return authenticated;
  };

  /** Every tool counts against its credential's `tools/call` limit before it runs. */
  function withToolsCallLimit<T extends { handler: (args: any, context: ToolContext) => unknown }>(
    tools: T[],
  ): T[] {
    if (config.rateLimits === false) return tools;
    return tools.map((tool) => ({
      ...tool,
      handler: async (args: unknown, context: ToolContext) => {
        const key = credentialKeys.get(context.auth) ?? `user:${context.auth.userId}`;
        const retryAfter = await (await backend()).limiter!.hitFast('toolsCall', key);
        if (retryAfter !== undefined) throw new RateLimitedError(retryAfter);
        return tool.handler(args, context);
      },
    }));
  }

  // OAuth endpoints limited per client address: path (after the base path) -> scope.
  const limitedRoutes = new Map<string, RateLimitScope>([
    [`${basePath}/register`, 'register'],
    [`${basePath}/token`, 'token'],
    [`${basePath}/authorize`, 'authorize'],
    [`${basePath}/approve`, 'approve'],
    [`${basePath}/revoke`, 'revoke'],
  ]);

  /** The 429 of an OAuth endpoint: `/approve` answers in the spec's `{code, message}`, the others as OAuth. */
  function tooManyRequests(scope: RateLimitScope, retryAfter: number): Response {
    const headers = { 'retry-after': String(retryAfter), pragma: 'no-cache' };
    return scope === 'approve'
      ? jsonResponse(429, { code: 429, message: 'Too many requests' }, headers)
      : jsonResponse(
          429,
          { error: 'too_many_requests', error_description: 'rate limit reached; retry later' },
          headers,
        );
  }

  // Signed download links of the packets (issue 27): only a server that builds packets makes them.
  const packetLinks =
    options.packets === undefined
      ? undefined
      : createPacketLinks({
          baseUrl,
          secret: config.packetLinkSecret ?? config.session.secret,
          now: clock,
        });
  const packetDownload =
    options.packets === undefined || packetLinks === undefined
      ? undefined
      : createPacketDownload({ links: packetLinks, db: lazyDb, packets: options.packets });
  const tools = withToolsCallLimit(
    createFilingTools({
      db: lazyDb,
      appUrl: config.appUrl,
      listLimitMax: config.listLimitMax,
      now: clock,
      packetResources: options.packets !== undefined,
      ...(packetLinks && { packetLinks }),
    }),
  );
  const packetTemplates =
    options.packets === undefined
      ? []
      : createPacketResourceTemplates({ db: lazyDb, packets: options.packets }).map((template) =>
          config.rateLimits === false
            ? template
            : {
                ...template,
                // A packet costs more than any tool: reads count against the same per-credential limit.
                read: async (...args: Parameters<typeof template.read>) => {
                  const auth = args[2].auth;
                  const key = (auth && credentialKeys.get(auth)) ?? `user:${auth?.userId}`;
                  const retryAfter = await (await backend()).limiter!.hitFast('toolsCall', key);
                  if (retryAfter !== undefined) throw new RateLimitedError(retryAfter);
                  return template.read(...args);
                },
              },
        );
  const toolNames = tools.map((tool) => tool.name);
  // Every tool here handles filings (EINs, names, form_data): their arguments are never recorded.
  const telemetry = createFilingTelemetry({ toolNames, sensitiveTools: toolNames });
  const unscoped = tools.filter((tool) => TOOL_SCOPES[tool.name] === undefined).map((tool) => tool.name);
  if (unscoped.length > 0) throw new TypeError(`TOOL_SCOPES has no scope for: ${unscoped.join(', ')}`);
  const mcp = createMcpServer({
    serverInfo: { ...FILING_SERVER_INFO },
    instructions: filingServerInstructions(options.packets !== undefined),
    tools,
    prompts: filingPrompts(),
    observer: telemetry.observer,
    authenticate,
    // Credentials that carry no scope list are API keys of before scopes: `mcp`, everything.
    authorizeToolCall: (name, auth) => scopesToChallenge(name, auth.scopes ?? ['mcp']),
    // The packets are one user's data: reading one needs a credential (the tools/call challenge),
    // and no cache may keep or share it.
    ...(packetTemplates.length > 0 && {
      resourceTemplates: packetTemplates,
      authorizeResourceRead: (_uri: string, auth: AuthInfo) =>
        resourceScopesToChallenge(auth.scopes ?? ['mcp']),
      resourceReadCacheHints: { ttlMs: 0, cacheScope: 'private' as const },
    }),
    requireAuth: config.requireAuth,
    // The 14 tools are the same for every user: any cache may share the list (MCP 2026-07-28).
    cacheHints: { ttlMs: config.toolsListTtlSeconds * 1000, cacheScope: 'public' },
    resourceMetadataUrl: `${baseUrl}/.well-known/oauth-protected-resource`,
    ...(config.maxBodyBytes !== undefined && { maxBodyBytes: config.maxBodyBytes }),
    ...(config.allowedHosts && { allowedHosts: config.allowedHosts }),
    ...(config.allowedOrigins && { allowedOrigins: config.allowedOrigins }),
    retryableError: (error) => {
      if (error instanceof RateLimitedError) {
        return {
          status: 429,
          code: JsonRpcErrorCode.RateLimited,
          message: 'Too many requests: the tools/call limit of this credential is reached; retry later',
          retryAfterSeconds: error.retryAfterSeconds,
        };
      }
      if (!isDatabaseUnavailable(error)) return undefined;
      log({ event: 'database_unavailable', ...errorSummary(error) });
      return {
        status: 503,
        code: JsonRpcErrorCode.ServiceUnavailable,
        message: 'Service unavailable: the database did not answer in time; retry later',
        retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS,
      };
    },
    onError: (error, where) =>
      log({
        event: isClientDisconnect(error) ? 'client_disconnected' : 'mcp_error',
        ...where,
        ...errorSummary(error),
      }),
  });

  // The MCP endpoint's two spellings; a serialized path that equals one of them parses to itself.
  const mcpPaths = new Set([basePath === '' ? '/' : basePath, `${basePath}/`]);
  // The MCP endpoint checks Host and Origin itself (answering in JSON-RPC); every other route
  // gets the same rule here, so a rebinding page can neither register clients, exchange codes nor
  // read metadata under a foreign name.
  const allowListCheck = createAllowListCheck(config);
  // The OAuth endpoints, each traced as one SERVER span with its OAuth error code.
  const oauthRoutes = new Set(
    ['/register', '/authorize', '/approve', '/token', '/revoke'].map((p) => basePath + p),
  );
  const checkReadiness = async (): Promise<Readiness> => (await backend()).checkReadiness();

  // Not async: the MCP endpoint's promise is handed on as is (every async layer costs the hottest
  // path microtask turns); everything else goes through `routeOther`'s.
  function route(request: Request, context: RequestContext | undefined): Promise<Response> {
    // Before the Host/Origin check on purpose: a preflight is static, changes nothing and reveals
    // nothing, and the request it announces is refused on its own. A 403 here would only turn a
    // clear 403 into an opaque browser CORS failure.
    if (request.method === 'OPTIONS') return Promise.resolve(preflightResponse());
    // The core's answers carry the CORS headers already (every header set it uses includes them).
    if (mcpPaths.has(plainPath(request.url) ?? '')) return mcpFetch(request, context);
    return routeParsed(request, context);
  }

  async function routeParsed(request: Request, context: RequestContext | undefined): Promise<Response> {
    const path = new URL(request.url).pathname;
    const underBase = basePath === '' || path === basePath || path.startsWith(`${basePath}/`);
    const rest = underBase ? path.slice(basePath.length) : path;
    if (underBase && (rest === '' || rest === '/')) return mcpFetch(request, context);
    // The signed packet links: no credential, the signature is the authorization; the link's query
    // (its signature) is never logged, as no route here logs a query.
    if (underBase && packetDownload !== undefined && rest.startsWith(PACKET_LINK_PATH_PREFIX)) {
      const refused = allowListCheck?.(request);
      if (refused !== undefined) {
        const header = refused === 'host' ? 'Host' : 'Origin';
        return jsonResponse(403, { code: 403, message: `Forbidden: ${header} not allowed` });
      }
      return packetDownload(request, rest);
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

  async function mcpFetch(request: Request, context: RequestContext | undefined): Promise<Response> {
    const startTime = Date.now();
    const response = await mcp.fetch(request, context);
    telemetry.refusedMcpRequest(request, response, startTime);
    return response;
  }

  /** The routes that are neither the MCP endpoint nor a probe: OAuth, well-known documents, 404. */
  async function routeOther(
    request: Request,
    path: string,
    context: RequestContext | undefined,
  ): Promise<Response> {
    const refused = allowListCheck?.(request);
    if (refused !== undefined) {
      const header = refused === 'host' ? 'Host' : 'Origin';
      return jsonResponse(403, { code: 403, message: `Forbidden: ${header} not allowed` });
    }
    const { limiter, oauth } = await backend();
    const scope = limiter === undefined ? undefined : limitedRoutes.get(path);
    const clientAddress = context?.clientAddress;
    if (scope !== undefined && clientAddress !== undefined && request.method !== 'OPTIONS') {
      const retryAfter = await limiter!.hit(scope, clientAddress.slice(0, 64));
      if (retryAfter !== undefined) return tooManyRequests(scope, retryAfter);
    }
    // OAuth endpoints under the base path and the origin-level, path-inserted well-known documents
    // (RFC 8414 / RFC 9728) are oauth-core's; it answers undefined for anything else.
    const oauthResponse = await (await oauth()).handle(request);
    if (oauthResponse !== undefined) return withCors(oauthResponse);
    return jsonResponse(404, { code: 404, message: 'Not found' });
  }

  return {
    async fetch(request, context) {
      try {
        return await route(request, context);
      } catch (error) {
        if (isDatabaseUnavailable(error)) {
          return jsonResponse(
            503,
            { code: 503, message: 'Service unavailable' },
            { 'retry-after': String(DATABASE_RETRY_AFTER_SECONDS) },
          );
        }
        if (isClientDisconnect(error, request)) {
          log({ event: 'client_disconnected', requestId: context?.requestId, ...errorSummary(error) });
        } else {
          log({ event: 'unhandled_error', requestId: context?.requestId, ...errorSummary(error) });
        }
        return jsonResponse(500, { code: 500, message: 'Internal server error' });
      }
    },
    async cleanup() {
      return (await backend()).cleanup();
    },
    checkReadiness,
    async revokeApiKey(id, userId) {
      return (await backend()).revokeApiKey(id, userId);
    },
    forgetCredentials,
    forgetAllCredentials: () => cache.clear(),
    resolveOAuthClient: async (clientId) => (await backend()).resolveOAuthClient(clientId),
    async close() {
      await Promise.allSettled([...pending]);
      const built = backendPromise && (await backendPromise.catch(() => undefined));
      await built?.close();
      cache.clear();
    },
  };
}
