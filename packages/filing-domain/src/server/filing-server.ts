import {
  type AuthInfo,
  createAllowListCheck,
  createMcpServer,
  type McpServerOptions,
  type RequestContext,
  type ToolContext,
} from '@filing-mcp/protocol';
import { isPromise, lazyOnce } from '@filing-mcp/protocol/internal';
import { resourceScopesToChallenge, scopesToChallenge, TOOL_SCOPES } from '../auth/scopes.js';
import type { ResolvedFilingServerConfig } from '../config/config.js';
import { errorResponse, httpErrorOf, internalErrorResponse } from '../errors/http-errors.js';
import { mcpRetryableError } from '../errors/mcp-errors.js';
import { isDatabaseUnavailable } from '../storage/database-unavailable.js';
import { errorSummary, type FilingLogger } from '../logging/filing-logger.js';
import { isClientDisconnect } from '../logging/log-safety.js';
import { createFilingTelemetry } from '../logging/telemetry.js';
import { filingPrompts } from '../prompts/filing-prompts.js';
import { createCredentialLimit } from '../rate-limits/credential-limit.js';
import { createFilingPackets, isFilingPackets } from '../resources/filing-packets.js';
import { createPacketLinks } from '../resources/packet-links.js';
import { createPacketResourceTemplates } from '../resources/packet-resources.js';
import { createFilingTools } from '../tools/filing-tools.js';
import {
  loadAuthenticator,
  loadFaxWebhook,
  loadPacketDownload,
  loadPaymentWebhook,
  loadSignedCopyRoutes,
} from './server-loads.js';
import { type BillingDesk, createBillingDesk } from '../payments/billing-desk.js';
import type { RateLimiter } from '../rate-limits/rate-limiter.js';
import type { OAuthServer } from '@filing-mcp/oauth-core';
import { databaseParts } from './database-parts.js';
import type { FilingServer, FilingServerOptions } from './filing-server-options.js';
import { createFilingRoutes, type RouteHandler, type WebhookRoute } from './routes.js';
import { type ServerBasics, serverBasics } from './server-basics.js';
import { FILING_SERVER_INFO, filingServerInstructions } from './server-info.js';

export type { FilingServer, FilingServerOptions } from './filing-server-options.js';

/** A route handler built (its module loaded) by its first request, then reused. */
function builtOnFirstUse<A extends unknown[], R>(
  build: () => Promise<(...args: A) => Promise<R>>,
): (...args: A) => Promise<R> {
  const handler = lazyOnce(build);
  return async (...args) => (await handler())(...args);
}

/**
 * Step 3: the credential check, loaded and built by the first credential, with its modules in the
 * order the first call needs them.
 */
function credentialCheck(
  basics: ServerBasics,
  parts: { oauth: () => Promise<OAuthServer>; limiter: () => Promise<RateLimiter | undefined> },
) {
  const { config, baseUrl, hash, clock, cache, credentialKeys, inBackground, lazyDb, databaseQuery } = basics;
  /** The credential check, loaded and built by the first credential (`loadAuthenticator`). */
  let builtAuthenticator: { forgetTouched(): void } | undefined;
  const authenticator = lazyOnce(async () => {
    const { createAuthenticator } = await loadAuthenticator();
    const built = createAuthenticator({
      db: lazyDb,
      ...(databaseQuery && { query: databaseQuery }),
      baseUrl,
      hash,
      clock,
      cache,
      credentialKeys,
      maxTouchedKeys: config.authCacheMaxEntries,
      inBackground,
      oauth: parts.oauth,
    });
    builtAuthenticator = built;
    return built;
  });

  let firstCredential = true;
  const authenticate = async (credential: string, request: Request, context?: RequestContext) => {
    if (!firstCredential) return (await authenticator()).authenticate(credential, request, context);
    firstCredential = false;
    // A credential almost always comes with a tools/call. Its modules load in the order the work
    // needs them: the driver and the credential check first, so that the connection opens and an
    // API key's lookup goes out at once; then, once the pool has started connecting, the database
    // rate limiter (counted on the pool with no Kysely) loads while the database answers. The
    // called tool's own module loads after the check, with zod only if the tool needs it
    // (get_form_schema checks its arguments without): on the one core, zod's compile would hold
    // the database's answer for a call that needs none. A part that fails to start is left to the
    // request that needs it.
    const connecting = databaseQuery?.().catch(() => undefined);
    const checking = authenticator();
    void Promise.resolve(connecting).then(() => parts.limiter().catch(() => undefined));
    return (await checking).authenticate(credential, request, context);
  };
  return { authenticate, forgetTouched: () => builtAuthenticator?.forgetTouched() };
}

/** Step 4: the providers handed in (fax, payments), their webhooks, and the billing desk. */
function providerParts(basics: ServerBasics) {
  const { options, config, clock, log, lazyDb } = basics;
  // Handed in by the adapter, built from the provider's own settings: the core names no vendor.
  const faxProvider = options.fax;
  const faxWebhook: WebhookRoute | undefined = faxProvider && {
    path: faxProvider.webhookPath,
    // The webhook's module (and the rules it records a filing date by) loads with the first event.
    handle: builtOnFirstUse(async () => {
      const { createFaxWebhook } = await loadFaxWebhook();
      return createFaxWebhook({ provider: faxProvider, db: lazyDb, log, now: clock });
    }),
  };
  const paymentProvider = options.payments;
  const paymentWebhook: WebhookRoute | undefined = paymentProvider && {
    path: paymentProvider.webhookPath,
    handle: builtOnFirstUse(async () => {
      const { createPaymentWebhook } = await loadPaymentWebhook();
      return createPaymentWebhook({ provider: paymentProvider, db: lazyDb, log, now: clock });
    }),
  };
  const paymentSelling = paymentProvider && {
    provider: paymentProvider,
    settings: paymentProvider.catalog,
    appUrl: config.appUrl,
  };
  const billing = paymentSelling && createBillingDesk(paymentSelling, lazyDb);
  return { faxProvider, faxWebhook, paymentWebhook, paymentSelling, billing };
}

/** Step 5: the packets' one cache and queue, their signed links, downloads and signed copies. */
function packetParts(
  basics: ServerBasics,
  limiter: () => Promise<RateLimiter | undefined>,
  billing: BillingDesk | undefined,
) {
  const { options, config, baseUrl, clock, lazyDb } = basics;
  // One cache and one bounded build queue for every way a packet is asked for.
  const packets =
    options.packets === undefined || isFilingPackets(options.packets)
      ? options.packets
      : createFilingPackets(options.packets, { limits: config.packetBuilds ?? {}, now: clock });
  // Signed download links of the packets: only a server that builds packets makes them.
  const packetLinks =
    packets === undefined
      ? undefined
      : createPacketLinks({
          baseUrl,
          secret: config.packetLinkSecret ?? config.session.secret,
          now: clock,
        });
  const packetDownload =
    packets === undefined || packetLinks === undefined
      ? undefined
      : builtOnFirstUse(async () => {
          const { createPacketDownload } = await loadPacketDownload();
          return createPacketDownload({
            links: packetLinks,
            db: lazyDb,
            packets,
            limiter,
            billing: () => billing,
          });
        });
  const signedCopies =
    packets === undefined || packetLinks === undefined
      ? undefined
      : builtOnFirstUse(async () => {
          const { createSignedCopyRoutes } = await loadSignedCopyRoutes();
          return createSignedCopyRoutes({ links: packetLinks, db: lazyDb, packets });
        });
  return { packets, packetLinks, packetDownload, signedCopies };
}

/**
 * Step 6: the MCP endpoint: the tools and packet resources (each counted against its credential's
 * limit), their telemetry and scopes, and the MCP server over them.
 */
function mcpEndpoint(
  basics: ServerBasics,
  parts: {
    limiter: () => Promise<RateLimiter | undefined>;
    authenticate: McpServerOptions['authenticate'];
    providers: ReturnType<typeof providerParts>;
    packets: ReturnType<typeof packetParts>;
  },
) {
  const { config, baseUrl, clock, log, credentialKeys, lazyDb } = basics;
  const { limiter, authenticate } = parts;
  const { faxProvider, paymentSelling, billing } = parts.providers;
  const { packets, packetLinks } = parts.packets;
  // Every tool call and packet read counts against its credential's `tools/call` limit first.
  const limited =
    config.rateLimits === false
      ? undefined
      : createCredentialLimit({ credentialKeys, limiter: async () => (await limiter())! });

  const tools = createFilingTools({
    db: lazyDb,
    appUrl: config.appUrl,
    listLimitMax: config.listLimitMax,
    now: clock,
    packetResources: packets !== undefined,
    ...(packetLinks && { packetLinks }),
    ...(faxProvider &&
      packetLinks && {
        fax: {
          provider: faxProvider,
          fromNumber: faxProvider.fromNumber,
          webhookUrl: `${baseUrl}${faxProvider.webhookPath}`,
          links: packetLinks,
        },
      }),
    ...(paymentSelling && { payments: paymentSelling }),
  }).map((tool) =>
    limited === undefined
      ? tool
      : { ...tool, handler: limited(tool.handler, (_args: unknown, context: ToolContext) => context.auth) },
  );
  const packetTemplates =
    packets === undefined
      ? []
      : createPacketResourceTemplates({ db: lazyDb, packets, billing }).map((template) =>
          limited === undefined
            ? template
            : { ...template, read: limited(template.read, (_uri, _variables, context) => context.auth) },
        );
  const toolNames = tools.map((tool) => tool.name);
  // Every tool here handles filings (EINs, names, form_data): their arguments are never recorded.
  const telemetry = createFilingTelemetry({ toolNames, sensitiveTools: toolNames });
  const unscoped = tools.filter((tool) => TOOL_SCOPES[tool.name] === undefined).map((tool) => tool.name);
  if (unscoped.length > 0) throw new TypeError(`TOOL_SCOPES has no scope for: ${unscoped.join(', ')}`);
  const mcp = createMcpServer({
    serverInfo: { ...FILING_SERVER_INFO },
    instructions: filingServerInstructions(packets !== undefined),
    tools,
    prompts: filingPrompts(lazyDb),
    observer: telemetry.observer,
    authenticate,
    // Credentials that carry no scope list are API keys made before migration
    // 0002_api_key_scope_and_ended_notify gave keys a scope: `mcp`, everything.
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
    // The tools are the same for every user: any cache may share the list (MCP 2026-07-28).
    cacheHints: { ttlMs: config.toolsListTtlSeconds * 1000, cacheScope: 'public' },
    resourceMetadataUrl: `${baseUrl}/.well-known/oauth-protected-resource`,
    ...(config.maxBodyBytes !== undefined && { maxBodyBytes: config.maxBodyBytes }),
    ...(config.allowedHosts && { allowedHosts: config.allowedHosts }),
    ...(config.allowedOrigins && { allowedOrigins: config.allowedOrigins }),
    // A rate limit 429, a full packet build queue or a database that did not answer 503, each
    // with Retry-After (errors/mcp-errors.ts).
    retryableError: (error) => {
      if (isDatabaseUnavailable(error)) log({ event: 'database_unavailable', ...errorSummary(error) });
      return mcpRetryableError(error);
    },
    onError: (error, where) =>
      log({
        event: isClientDisconnect(error) ? 'client_disconnected' : 'mcp_error',
        ...where,
        ...errorSummary(error),
      }),
  });
  return { mcp, telemetry };
}

/**
 * Step 7: `handler`'s answers with its failures answered: a database that did not answer 503 with
 * Retry-After, and the other errors a route answers the same on every surface
 * (errors/http-errors.ts); at once when the handler answers at once.
 */
function answering(log: FilingLogger) {
  const failure = (error: unknown, request: Request, context: RequestContext | undefined): Response => {
    const refusal = httpErrorOf(error);
    if (refusal !== undefined) return errorResponse(refusal);
    const event = isClientDisconnect(error, request) ? 'client_disconnected' : 'unhandled_error';
    log({ event, requestId: context?.requestId, ...errorSummary(error) });
    return internalErrorResponse();
  };
  /** `handler`'s answer, its failures answered as above; at once when the handler answers at once. */
  const answered = (
    handler: RouteHandler,
    request: Request,
    context: RequestContext | undefined,
  ): Response | Promise<Response> => {
    try {
      const response = handler(request, context);
      return isPromise(response)
        ? response.catch((error: unknown) => failure(error, request, context))
        : response;
    } catch (error) {
      return failure(error, request, context);
    }
  };

  return answered;
}

/**
 * {@link createFilingServer} with its configuration already resolved (by `parseFilingServerConfig`
 * or `resolveConfigFromEnv`: validated, URLs normalised, defaults applied), so it is not validated
 * again: what an adapter calls with the configuration of its settings object. The composition, in
 * its named steps: the basics, the parts that need the database (each built by its own first use),
 * the credential check, the providers, the packets, the MCP endpoint, the routes and their answers.
 */
export function createFilingServerWithConfig(
  options: Omit<FilingServerOptions, 'config'>,
  config: ResolvedFilingServerConfig,
): FilingServer {
  const basics = serverBasics(options, config);
  const { cache, pending } = basics;
  const database = databaseParts(basics);
  const { limiter, oauth, checkReadiness } = database;
  const { authenticate, forgetTouched } = credentialCheck(basics, { oauth, limiter });
  const providers = providerParts(basics);
  const { billing } = providers;
  const packetRoutes = packetParts(basics, limiter, billing);
  const { packets, packetDownload, signedCopies } = packetRoutes;
  const { mcp, telemetry } = mcpEndpoint(basics, { limiter, authenticate, providers, packets: packetRoutes });
  const routes = createFilingRoutes({
    basePath: basics.basePath,
    endpointUrl: basics.baseUrl,
    mcp,
    telemetry,
    allowListCheck: createAllowListCheck(config),
    packetDownload,
    signedCopies,
    faxWebhook: providers.faxWebhook,
    paymentWebhook: providers.paymentWebhook,
    checkReadiness,
    limiter,
    oauth,
  });

  const answered = answering(basics.log);
  function forgetCredentials(credentialHashes: Iterable<string>): void {
    for (const credentialHash of credentialHashes) cache.delete(credentialHash);
  }

  return {
    async fetch(request, context) {
      return answered(routes.route, request, context);
    },
    respondMcp: (request, context) => answered(routes.mcp, request, context),
    cleanup: database.cleanup,
    checkReadiness,
    revokeApiKey: database.revokeApiKey,
    forgetCredentials,
    forgetAllCredentials: () => cache.clear(),
    resolveOAuthClient: async (clientId) => (await oauth()).resolveClient(clientId),
    completeAuthorization: async (authorization) => (await oauth()).completeAuthorization(authorization),
    packets,
    billing,
    async close() {
      await Promise.allSettled([...pending]);
      await database.flushLimiter();
      forgetTouched();
      cache.clear();
    },
  };
}
