import { withoutTrailingSlash } from '@filing-mcp/protocol/internal';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { type MountedCompanion, mountCompanion } from '@filing-mcp/companion';
import { checkCompanionHost } from '@filing-mcp/companion/rules';
import { createFilingServer, DEFAULT_PACKET_BUILD_LIMITS } from '@filing-mcp/filing-domain';
import { createNodeClientMetadataFetcher } from '@filing-mcp/oauth-core/node';
import { createNodeListener, type NodeListener, refuseConnect } from '@filing-mcp/node-http';
import { corsHeaders, loopbackAllowList } from '@filing-mcp/protocol';
import { coreEventLog } from './core-log.js';
import { failureResponse } from './failure-response.js';
import { NODE_DEFAULTS } from './node-defaults.js';
import { createHttpMetrics } from './http-metrics.js';
import { listen } from './listen.js';
import { createLogger } from './logger.js';
import type { NodeServer, NodeServerOptions } from './node-server-options.js';
import { nodeSha256Hex } from './node-hash.js';
import { scheduleOAuthCleanup } from './oauth-cleanup.js';
import { createPacketWorker } from './packet-worker.js';
import { pickAllowList, withOwnAddresses } from './own-addresses.js';
import { RequestContexts } from './request-context.js';
import { createRequestLog } from './request-log.js';
import { serverRoutes } from './server-routes.js';

export type {
  CompanionOptions,
  ListeningAddress,
  NodeServer,
  NodeServerConfig,
  NodeServerOptions,
} from './node-server-options.js';

/**
 * Serves filing-mcp on node:http: builds the core with `createFilingServer` (and the companion
 * pages of `@filing-mcp/companion` in front of it, when asked), serves it with
 * `createNodeListener` of `@filing-mcp/node-http`, observing each exchange for the request log
 * and the HTTP metrics, protects loopback listeners against DNS rebinding, schedules the OAuth
 * cleanup and stops gracefully. Resolves once the socket listens.
 *
 * @example
 * ```ts
 * const node = await createNodeServer({ db, config: { session: { secret } }, port: 0 });
 * await fetch(`${node.origin}/mcp-server`, { method: 'POST', body: '...' });
 * await node.close();
 * ```
 */
export async function createNodeServer(options: NodeServerOptions): Promise<NodeServer> {
  const host = options.host ?? NODE_DEFAULTS.host;
  if (options.companion) checkCompanionHost(host, options.companion.signIn);
  const logger = options.logger ?? createLogger();
  const contexts = new RequestContexts();
  const inFlight = new Set<ServerResponse>();
  let onDrained: (() => void) | undefined;
  let closing = false;

  const settled = (outgoing: ServerResponse): void => {
    inFlight.delete(outgoing);
    if (inFlight.size === 0) onDrained?.();
  };
  let listener: NodeListener = (_incoming, outgoing) => {
    outgoing.on('close', () => settled(outgoing));
    outgoing.writeHead(503, corsHeaders).end('Starting');
  };
  // An exchange leaves `inFlight` when its response closes: in the listener's `observe` (below),
  // which hangs on the 'close' event node-http listens to anyway, rather than on a second listener
  // of its own per request.
  const server = createServer((incoming: IncomingMessage, outgoing: ServerResponse) => {
    inFlight.add(outgoing);
    listener(incoming, outgoing);
  });
  // CONNECT reaches node:http's 'connect' event, not the listener: answer it 405 rather than cut it.
  refuseConnect(server);

  const { port, origin } = await listen(server, options.port ?? NODE_DEFAULTS.port, host);
  const config = typeof options.config === 'function' ? options.config({ origin, port }) : options.config;
  const baseUrl = withoutTrailingSlash(config.baseUrl ?? `http://localhost:${port}/mcp-server`);
  const appUrl = withoutTrailingSlash(
    config.appUrl ?? (options.companion ? `${new URL(baseUrl).origin}/app` : ''),
  );
  const configured = config.allowedHosts || config.allowedOrigins;
  const allowList = withOwnAddresses(
    configured ? pickAllowList(config) : (loopbackAllowList(host, port) ?? {}),
    appUrl ? [baseUrl, appUrl] : [baseUrl],
  );

  let core: ReturnType<typeof createFilingServer>;
  let companion: MountedCompanion | undefined;
  try {
    if (!appUrl)
      throw new TypeError('appUrl is required when the companion pages are not served (set APP_URL)');
    // The packet workers build the packets of the MCP resources, the signed links and the
    // companion's PDF links, behind the core's one cache and bounded queue (core.packets).
    const packets = createPacketWorker({
      workers: config.packetBuilds?.concurrency ?? DEFAULT_PACKET_BUILD_LIMITS.concurrency,
      ...(options.packetWorkerMaxMemoryMb !== undefined && { maxMemoryMb: options.packetWorkerMaxMemoryMb }),
    });
    core = createFilingServer({
      db: options.db,
      packets,
      // The providers handed in (built from their own settings): the core only knows their interfaces.
      ...(options.fax && { fax: options.fax }),
      ...(options.payments && { payments: options.payments }),
      config: { ...config, ...allowList, baseUrl, appUrl },
      hash: options.hash ?? nodeSha256Hex,
      now: options.now ?? Date.now,
      ...(options.clientMetadataDocuments !== false && {
        clientMetadataDocuments: options.clientMetadataDocuments ?? {
          fetcher: createNodeClientMetadataFetcher(),
        },
      }),
      ...(options.readinessTimeoutMs !== undefined && { readinessTimeoutMs: options.readinessTimeoutMs }),
      logger: coreEventLog(logger),
    });
    if (options.companion) {
      companion = mountCompanion(core, {
        db: options.db,
        appUrl,
        baseUrl,
        userId: options.companion.userId,
        session: config.session,
        signIn: options.companion.signIn,
        allowedHosts: allowList.allowedHosts,
      });
    }
  } catch (error) {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    throw error;
  }

  // The routes come from the core: its MCP endpoint, the OAuth endpoints, the probes, the pages.
  const { mcpPath, underApp, routeOf } = serverRoutes(baseUrl, appUrl, companion !== undefined);
  const requestLog = createRequestLog(logger, contexts);
  const httpMetrics = createHttpMetrics(routeOf);
  const app = companion ?? core;
  const mcpApp = underApp(mcpPath) ? app : core;
  listener = createNodeListener((request, { incoming }) => app.fetch(request, contexts.of(incoming)), {
    mcpPath,
    // The MCP endpoint's POSTs skip the pages, unless the pages own that path, and the core's
    // routing: its MCP endpoint answers a fixed result at once, which the bridge writes at once.
    mcpFetch:
      mcpApp === core
        ? (request, { incoming }) => core.respondMcp(request, contexts.of(incoming))
        : (request, { incoming }) => mcpApp.fetch(request, contexts.of(incoming)),
    errorHandler: failureResponse(logger),
    overrideGlobalObjects: options.overrideGlobalObjects ?? true,
    head: (incoming) => {
      const requestId = contexts.open(incoming);
      return closing ? ['x-request-id', requestId, 'connection', 'close'] : ['x-request-id', requestId];
    },
    observe: (exchange) => {
      settled(exchange.outgoing);
      httpMetrics(exchange);
      requestLog(exchange);
    },
  });
  const cleanup = scheduleOAuthCleanup(
    core,
    logger,
    options.cleanupIntervalMs ?? NODE_DEFAULTS.cleanupIntervalMs,
  );

  async function shutdown(): Promise<void> {
    closing = true;
    const cleanupStopped = cleanup.stop();
    const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
    // Answers still being computed go out with `Connection: close`, so keep-alive sockets end with them.
    for (const outgoing of inFlight) if (!outgoing.headersSent) outgoing.setHeader('connection', 'close');
    server.closeIdleConnections();
    if (inFlight.size > 0) {
      let timer: NodeJS.Timeout | undefined;
      const drained = new Promise<boolean>((resolve) => {
        onDrained = () => resolve(true);
        timer = setTimeout(
          () => resolve(false),
          options.shutdownTimeoutMs ?? NODE_DEFAULTS.shutdownTimeoutMs,
        );
      });
      if (!(await drained)) logger.warn('shutdown_timeout', { in_flight: inFlight.size });
      clearTimeout(timer);
    }
    server.closeAllConnections();
    await stopped;
    await cleanupStopped;
    await core.close();
    await options.onClose?.();
  }

  let closed: Promise<void> | undefined;
  return {
    url: baseUrl,
    origin,
    appUrl,
    companion: companion !== undefined,
    ...(companion?.signInUrl && { signInUrl: companion.signInUrl }),
    server,
    forgetCredentials: (credentialHashes) => core.forgetCredentials(credentialHashes),
    forgetAllCredentials: () => core.forgetAllCredentials(),
    packets: core.packets,
    close: () => {
      closed ??= shutdown();
      return closed;
    },
  };
}
