import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  createFilingServer,
  type FilingLogEvent,
  type FilingServer,
  type FilingServerConfig,
  type HashFunction,
  isClientDisconnect,
} from '@filing-mcp/filing-domain';
import { type AllowList, loopbackAllowList, type RequestContext, withCors } from '@filing-mcp/protocol';
import { getRequestListener, RequestError } from '@hono/node-server';
import { type Attributes, createNoopMeter, type Histogram, metrics } from '@opentelemetry/api';
import type { Kysely } from 'kysely';
import { CompanionSignIn, createCompanionApp } from '@filing-mcp/companion';
import { createNodeClientMetadataFetcher } from '@filing-mcp/filing-domain/node';
import type { ClientMetadataDocumentOptions } from '@filing-mcp/oauth-core';
import { createPacketWorker } from '@filing-mcp/companion/node';
import { type LogFields, type Logger, createLogger } from './logger.js';
import { fastMcpUrl, mcpRequest, rawHeader, refuseConnect, writeResponse } from '@filing-mcp/node-http';
import { nodeSha256Hex } from './node-hash.js';

/** The core's configuration, with the two addresses optional: they default from the listening port. */
export type NodeServerConfig = Omit<FilingServerConfig, 'baseUrl' | 'appUrl'> & {
  /** `{base_url}`; default `http://localhost:<port>/mcp-server`. */
  baseUrl?: string;
  /** `{app_url}`; default `<origin of baseUrl>/app` with the companion pages, else required. */
  appUrl?: string;
};

/** Mounts the local companion pages (consent, API keys, filing views) under the app URL's path. */
export interface CompanionOptions {
  /** The one local user the pages act for. */
  userId: string;
  /**
   * `link`: every page needs a session opened by a one-time sign-in link
   * ({@link NodeServer.signInUrl}, printed at start). Required when `host` is not loopback: the
   * pages act for the local user without a password, and a network client can name any `Host`.
   */
  signIn?: 'link';
}

/** Options of {@link createNodeServer}. */
export interface NodeServerOptions {
  /** Migrated database; closed by `close()` only through {@link NodeServerOptions.onClose}. */
  db: Kysely<any>;
  /**
   * The core's settings; a function receives the listening address, for a server on port 0 whose
   * `baseUrl` must name the port the system picked.
   */
  config: NodeServerConfig | ((address: ListeningAddress) => NodeServerConfig);
  /** Interface to listen on; default `127.0.0.1`. */
  host?: string;
  /** Default 3000; 0 picks a free port. */
  port?: number;
  /** Credential hash; default synchronous node:crypto SHA-256. */
  hash?: HashFunction;
  /** Clock in Unix milliseconds (tests). */
  now?: () => number;
  /** Default: JSON lines on stdout at `info`. */
  logger?: Logger;
  /** Serve the companion pages; needs an HS256 `config.session.secret`. */
  companion?: CompanionOptions;
  /** How long `close()` waits for in-flight requests before cutting connections; default 10 s. */
  shutdownTimeoutMs?: number;
  /**
   * Let @hono/node-server replace the global `Request`/`Response` with its lightweight versions
   * (default true). The core answers with byte bodies and plain header records, which those
   * write straight to the socket without a web stream: measured 1.76x the throughput of the
   * native classes on tools/list. Pass false when the process must keep the native classes.
   */
  overrideGlobalObjects?: boolean;
  /** Interval of the OAuth cleanup of expired codes and tokens; default 5 minutes, 0 disables. */
  cleanupIntervalMs?: number;
  /** How long `GET /readyz` waits for the database before answering 503; default 2000 ms. */
  readinessTimeoutMs?: number;
  /**
   * Client ID Metadata Documents: default on, fetched by the SSRF-safe Node fetcher of
   * `@filing-mcp/filing-domain/node` (no loopback); `false` turns them off.
   */
  clientMetadataDocuments?: ClientMetadataDocumentOptions | false;
  /** Runs last in `close()`, after every request finished: release what the server used (database). */
  onClose?: () => Promise<void>;
}

/** Where a server listens, once it does. */
export interface ListeningAddress {
  /** e.g. `http://127.0.0.1:43117`. */
  origin: string;
  port: number;
}

/** A listening filing-mcp server. */
export interface NodeServer {
  /** The MCP endpoint, `{base_url}`. */
  url: string;
  /** Where the socket listens, e.g. `http://127.0.0.1:3000`; reach it through this in tests. */
  origin: string;
  /** `{app_url}`. */
  appUrl: string;
  /** Whether the companion pages are served. */
  companion: boolean;
  /** The one-time sign-in link of the companion pages (`signIn: 'link'`): a secret, for the person starting the server. */
  signInUrl?: string;
  server: Server;
  /** The core's {@link FilingServer.forgetCredentials}: credentials another process ended. */
  forgetCredentials(credentialHashes: Iterable<string>): void;
  /** The core's {@link FilingServer.forgetAllCredentials}. */
  forgetAllCredentials(): void;
  /**
   * Graceful stop: refuses new connections, lets in-flight requests finish (bounded by
   * `shutdownTimeoutMs`), then closes the core and runs `onClose`. Idempotent.
   */
  close(): Promise<void>;
}

const DEFAULT_PORT = 3000;
const DEFAULT_SHUTDOWN_TIMEOUT_MS = 10_000;
const DEFAULT_CLEANUP_INTERVAL_MS = 5 * 60_000;
// A caller's request id is logged verbatim, so only a short, plain token is honoured.
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;
const ERROR_EVENTS = new Set(['server_error', 'unhandled_error', 'mcp_error', 'background_error']);
const WARN_EVENTS = new Set(['code_replay', 'refresh_token_reuse']);
const PROBE_PATHS = new Set(['/healthz', '/readyz']);
// What the metrics API hands out while no meter provider is registered (one shared instance).
const NOOP_METER = createNoopMeter();
const HTTP_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
// The buckets the HTTP conventions advise for http.server.request.duration (seconds).
const HTTP_DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 0.75, 1, 2.5, 5, 7.5, 10];
// Routine: a client that closed its connection before its answer.
const DEBUG_EVENTS = new Set(['client_disconnected']);

interface RequestState {
  requestId: string;
  start: number;
  context: RequestContext;
}

function displayHost(host: string): string {
  if (host === '0.0.0.0' || host === '::' || host === '') return 'localhost';
  return host.includes(':') ? `[${host}]` : host;
}

function pathOf(rawUrl: string | undefined): string {
  // Only the path: authorization codes and state travel in query strings.
  const url = rawUrl ?? '/';
  const end = url.search(/[?#]/);
  const path = end === -1 ? url : url.slice(0, end);
  return path.length > 512 ? `${path.slice(0, 512)}...` : path;
}

function logSafeFields(event: FilingLogEvent): LogFields {
  const fields: LogFields = {};
  for (const [key, value] of Object.entries(event)) {
    if (key === 'event') continue;
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) {
      fields[key] = value as string | number | boolean | null;
    }
  }
  return fields;
}

function errorResponse(code: number, message: string): Response {
  return withCors(
    new Response(JSON.stringify({ code, message }), {
      status: code,
      headers: { 'content-type': 'application/json' },
    }),
  );
}

function pick(list: Partial<AllowList>): Partial<AllowList> {
  return {
    ...(list.allowedHosts && { allowedHosts: list.allowedHosts }),
    ...(list.allowedOrigins && { allowedOrigins: list.allowedOrigins }),
  };
}

/**
 * Adds the configured public addresses (`{base_url}`, `{app_url}`) to whichever lists are in
 * force: behind a tunnel or proxy the server is reached under those names, and a list that
 * refused them would refuse every client and the consent page. A list that is not set stays unset.
 */
function withOwnAddresses(list: Partial<AllowList>, urls: string[]): Partial<AllowList> {
  const allowedHosts = list.allowedHosts && [...list.allowedHosts];
  const allowedOrigins = list.allowedOrigins && [...list.allowedOrigins];
  for (const address of urls) {
    const url = new URL(address);
    // `URL.host` leaves a scheme's default port out; a client may still send it.
    const defaultPort = url.protocol === 'https:' ? '443' : url.protocol === 'http:' ? '80' : '';
    allowedHosts?.push(
      url.host,
      ...(url.port === '' && defaultPort ? [`${url.hostname}:${defaultPort}`] : []),
    );
    allowedOrigins?.push(url.origin);
  }
  return pick({ allowedHosts, allowedOrigins });
}

function listen(server: Server, port: number, host: string): Promise<AddressInfo> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve(server.address() as AddressInfo);
    });
  });
}

/**
 * Serves filing-mcp on node:http: builds the core with `createFilingServer`, bridges the MCP
 * endpoint's POSTs with a purpose-built bridge (@filing-mcp/node-http) and every other request with
 * @hono/node-server's request listener, writes one
 * log line per request, protects loopback listeners against DNS rebinding, schedules the OAuth
 * cleanup and optionally mounts the companion pages. Resolves once the socket listens.
 *
 * @example
 * ```ts
 * const node = await createNodeServer({ db, config: { session: { secret } }, port: 0 });
 * await fetch(`${node.origin}/mcp-server`, { method: 'POST', body: '...' });
 * await node.close();
 * ```
 */
export async function createNodeServer(options: NodeServerOptions): Promise<NodeServer> {
  const host = options.host ?? '127.0.0.1';
  if (options.companion && !options.companion.signIn && loopbackAllowList(host, 0) === undefined) {
    throw new TypeError(
      `the companion pages act for the local user without a password, so they serve only loopback (HOST=${host}): ` +
        'set COMPANION_SIGN_IN=link for a one-time sign-in link printed at start, ' +
        'or COMPANION=off with APP_URL set to the product app, which signs its users in with the session JWT',
    );
  }
  const signIn = options.companion?.signIn === 'link' ? new CompanionSignIn() : undefined;
  const logger = options.logger ?? createLogger();
  const clock = options.now ?? Date.now;
  const shutdownTimeoutMs = options.shutdownTimeoutMs ?? DEFAULT_SHUTDOWN_TIMEOUT_MS;
  const cleanupIntervalMs = options.cleanupIntervalMs ?? DEFAULT_CLEANUP_INTERVAL_MS;

  const states = new WeakMap<IncomingMessage, RequestState>();
  const inFlight = new Set<ServerResponse>();
  let onDrained: (() => void) | undefined;
  let closing = false;
  let handleFetch: ((request: Request, incoming: IncomingMessage) => Promise<Response>) | undefined;
  // http.server.request.duration on the global OpenTelemetry API (a no-op unless an SDK was
  // started first). http.route only for the server's own routes, so a scan of random paths cannot
  // create metric series; both are filled in once the addresses are known.
  let routeOf: (path: string) => string | undefined = () => undefined;
  let requestDuration: Histogram | undefined;
  const durationHistogram = (): Histogram | undefined => {
    if (requestDuration !== undefined) return requestDuration;
    const meter = metrics.getMeter('@filing-mcp/node');
    if (meter === NOOP_METER) return undefined;
    requestDuration = meter.createHistogram('http.server.request.duration', {
      unit: 's',
      description: 'Duration of HTTP server requests',
      advice: { explicitBucketBoundaries: HTTP_DURATION_BUCKETS },
    });
    return requestDuration;
  };

  // What the core could not answer (a request node:http parsed but that is no valid URL, or a
  // failure outside the core's own catch), with CORS like every other answer (INTEROP 4) so a
  // browser client sees the status rather than an opaque network error.
  const reportFailure = (error: unknown): void => {
    try {
      const name = (error as Error)?.name ?? 'unknown';
      if (isClientDisconnect(error)) logger.debug('client_disconnected', { errorName: name });
      else logger.error('unhandled_error', { errorName: name });
    } catch {
      // The logger itself may be what failed; the client still gets its answer.
    }
  };
  const failureResponse = (error: unknown): Response => {
    if (error instanceof RequestError) return errorResponse(400, 'Bad request');
    reportFailure(error);
    return errorResponse(500, 'Internal server error');
  };

  const listener = getRequestListener(
    (request, env) => {
      const incoming = env.incoming as IncomingMessage;
      if (!handleFetch) return withCors(new Response('Starting', { status: 503 }));
      return handleFetch(request, incoming);
    },
    { overrideGlobalObjects: options.overrideGlobalObjects ?? true, errorHandler: failureResponse },
  );

  // The MCP endpoint's POSTs skip the general bridge (@filing-mcp/node-http); set once the core is built.
  let fastPath: string | undefined;
  let core: ReturnType<typeof createFilingServer>;
  async function serveMcpPost(
    incoming: IncomingMessage,
    outgoing: ServerResponse,
    url: string,
    state: RequestState,
    head: string[],
  ): Promise<void> {
    let response: Response;
    try {
      response = await core.fetch(mcpRequest(incoming, outgoing, url), state.context);
    } catch (error) {
      response = failureResponse(error);
    }
    try {
      const streaming = writeResponse(response, outgoing, head);
      if (streaming !== undefined) await streaming;
    } catch (error) {
      reportFailure(error);
      outgoing.destroy();
    }
  }

  const server = createServer((incoming, outgoing) => {
    const header = rawHeader(incoming.rawHeaders, 'x-request-id');
    const requestId = header !== null && REQUEST_ID.test(header) ? header : randomUUID();
    const clientAddress = incoming.socket.remoteAddress;
    const state: RequestState = {
      requestId,
      start: performance.now(),
      context: clientAddress === undefined ? { requestId } : { requestId, clientAddress },
    };
    inFlight.add(outgoing);
    outgoing.once('close', () => {
      inFlight.delete(outgoing);
      const auth = state.context.auth;
      const path = pathOf(incoming.url);
      const seconds = (performance.now() - state.start) / 1000;
      const histogram = durationHistogram();
      if (histogram !== undefined) {
        const status = outgoing.statusCode;
        const method = incoming.method ?? '';
        const attributes: Attributes = {
          'http.request.method': HTTP_METHODS.has(method) ? method : '_OTHER',
          'http.response.status_code': status,
          'url.scheme': 'http',
          'network.protocol.version': incoming.httpVersion,
        };
        const route = routeOf(path);
        if (route !== undefined) attributes['http.route'] = route;
        if (status >= 500) attributes['error.type'] = String(status);
        histogram.record(seconds, attributes);
      }
      // Probes arrive every few seconds: a healthy answer is logged at debug only, a failing one at warn.
      const level = !PROBE_PATHS.has(path) ? 'info' : outgoing.statusCode < 400 ? 'debug' : 'warn';
      const fields: LogFields = {
        method: incoming.method,
        path,
        status: outgoing.statusCode,
        duration_ms: Math.round(seconds * 100_000) / 100,
        request_id: requestId,
        user_id: auth?.userId,
        credential_prefix: auth?.credentialPrefix,
      };
      if (!outgoing.writableFinished) fields.aborted = true;
      logger[level]('request', fields);
      if (inFlight.size === 0) onDrained?.();
    });
    const url = fastPath === undefined ? undefined : fastMcpUrl(incoming, fastPath);
    if (url !== undefined) {
      const head = ['x-request-id', requestId];
      if (closing) head.push('connection', 'close');
      void serveMcpPost(incoming, outgoing, url, state, head);
      return;
    }
    states.set(incoming, state);
    outgoing.setHeader('x-request-id', requestId);
    if (closing) outgoing.setHeader('connection', 'close');
    void listener(incoming, outgoing);
  });
  // CONNECT reaches node:http's 'connect' event, not the listener: answer it 405 rather than cut it.
  refuseConnect(server);

  const address = await listen(server, options.port ?? DEFAULT_PORT, host);
  const port = address.port;
  const origin = `http://${displayHost(address.address === host ? host : address.address)}:${port}`;
  const config = typeof options.config === 'function' ? options.config({ origin, port }) : options.config;
  const baseUrl = (config.baseUrl ?? `http://localhost:${port}/mcp-server`).replace(/\/+$/, '');
  const appUrl = (config.appUrl ?? (options.companion ? `${new URL(baseUrl).origin}/app` : '')).replace(
    /\/+$/,
    '',
  );
  const configured = config.allowedHosts || config.allowedOrigins;
  const allowList = withOwnAddresses(
    configured ? pick(config) : (loopbackAllowList(host, port) ?? {}),
    appUrl ? [baseUrl, appUrl] : [baseUrl],
  );

  let companion: ReturnType<typeof createCompanionApp> | undefined;
  try {
    if (!appUrl)
      throw new TypeError('appUrl is required when the companion pages are not served (set APP_URL)');
    // One worker thread builds the packets of the MCP resources and of the companion's PDF links.
    const packets = createPacketWorker();
    core = createFilingServer({
      db: options.db,
      packets,
      config: { ...config, ...allowList, baseUrl, appUrl },
      hash: options.hash ?? nodeSha256Hex,
      now: clock,
      ...(options.clientMetadataDocuments !== false && {
        clientMetadataDocuments: options.clientMetadataDocuments ?? {
          fetcher: createNodeClientMetadataFetcher(),
        },
      }),
      ...(options.readinessTimeoutMs !== undefined && { readinessTimeoutMs: options.readinessTimeoutMs }),
      logger: (event) => {
        const level = ERROR_EVENTS.has(event.event)
          ? 'error'
          : WARN_EVENTS.has(event.event) || event.event.endsWith('_error')
            ? 'warn'
            : DEBUG_EVENTS.has(event.event)
              ? 'debug'
              : 'info';
        logger[level](event.event, logSafeFields(event));
      },
    });
    if (options.companion) {
      const sessionSecret = config.session.secret;
      if (typeof sessionSecret !== 'string') {
        throw new TypeError('the companion pages sign session JWTs and need SESSION_JWT_SECRET');
      }
      companion = createCompanionApp({
        db: options.db,
        appUrl,
        baseUrl,
        userId: options.companion.userId,
        sessionSecret,
        core,
        packets,
        ...(allowList.allowedHosts && { allowedHosts: allowList.allowedHosts }),
        ...(signIn && { signIn }),
        ...(config.session.issuer && { sessionIssuer: config.session.issuer }),
        ...(config.session.audience && { sessionAudience: config.session.audience }),
      });
    }
  } catch (error) {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    throw error;
  }

  const appPath = new URL(appUrl).pathname.replace(/\/+$/, '');
  const basePath = new URL(baseUrl).pathname.replace(/\/+$/, '');
  const ownRoutes = new Set([
    basePath || '/',
    ...PROBE_PATHS,
    ...['/register', '/authorize', '/approve', '/token', '/revoke'].map((route) => basePath + route),
  ]);
  const isCompanionPath = (path: string) =>
    companion !== undefined && (appPath === '' || path === appPath || path.startsWith(`${appPath}/`));
  fastPath = isCompanionPath(basePath || '/') ? undefined : basePath || '/';
  routeOf = (path) => (ownRoutes.has(path) ? path : isCompanionPath(path) ? `${appPath}/*` : undefined);
  // The companion answers its pages and hands every other request to the core.
  const app = companion ?? core;
  handleFetch = (request, incoming) => app.fetch(request, states.get(incoming)?.context);

  let cleanupRunning: Promise<void> | undefined;
  const runCleanup = () => {
    cleanupRunning ??= core
      .cleanup()
      .then(
        (deleted) => {
          if (deleted.codes + deleted.tokens > 0) logger.info('oauth_cleanup', deleted);
        },
        (error) => logger.warn('oauth_cleanup_failed', { errorName: (error as Error)?.name ?? 'unknown' }),
      )
      .finally(() => {
        cleanupRunning = undefined;
      });
  };
  const cleanupTimer = cleanupIntervalMs > 0 ? setInterval(runCleanup, cleanupIntervalMs) : undefined;
  // Unref'd: the timer alone must never keep a process alive that is otherwise done.
  cleanupTimer?.unref();
  if (cleanupTimer) runCleanup();

  let closed: Promise<void> | undefined;
  async function shutdown(): Promise<void> {
    closing = true;
    if (cleanupTimer) clearInterval(cleanupTimer);
    const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
    // Answers still being computed go out with `Connection: close`, so keep-alive sockets end with them.
    for (const outgoing of inFlight) if (!outgoing.headersSent) outgoing.setHeader('connection', 'close');
    server.closeIdleConnections();
    if (inFlight.size > 0) {
      let timer: NodeJS.Timeout | undefined;
      const drained = new Promise<boolean>((resolve) => {
        onDrained = () => resolve(true);
        timer = setTimeout(() => resolve(false), shutdownTimeoutMs);
      });
      if (!(await drained)) logger.warn('shutdown_timeout', { in_flight: inFlight.size });
      clearTimeout(timer);
    }
    server.closeAllConnections();
    await stopped;
    await cleanupRunning;
    await core.close();
    await options.onClose?.();
  }

  return {
    url: baseUrl,
    origin,
    appUrl,
    companion: companion !== undefined,
    ...(companion && signIn && { signInUrl: signIn.link(appUrl) }),
    server,
    forgetCredentials: (credentialHashes) => core.forgetCredentials(credentialHashes),
    forgetAllCredentials: () => core.forgetAllCredentials(),
    close: () => {
      closed ??= shutdown();
      return closed;
    },
  };
}
