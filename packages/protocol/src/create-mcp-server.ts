import { createAuthenticator } from './auth/authenticate.js';
import { createChallenges } from './auth/challenges.js';
import { createObservation } from './context/observe.js';
import type { RequestContext } from './context/request-context.js';
import { createHttpHandler } from './http-handler.js';
import { createAllowListCheck } from './http/allow-list-check.js';
import { createClassifier } from './http/classify.js';
import { fixedErrorResponse, toResponse } from './http/fixed-response.js';
import { JsonRpcErrorCode } from './jsonrpc/error-codes.js';
import type { McpServer } from './mcp-server.js';
import { META_KEYS } from './mcp/meta-keys.js';
import { DEFAULT_PROTOCOL_VERSION, SUPPORTED_PROTOCOL_VERSIONS } from './mcp/versions.js';
import { type McpServerOptions, resolveOptions } from './options.js';
import { createPrimitives } from './primitives/create-primitives.js';
import { createHttp2025 } from './rev2025-11-25/http.js';
import { createWire2025 } from './rev2025-11-25/wire.js';
import { createHttp2026 } from './rev2026-07-28/http.js';
import { createListenHub, type ListChangedKind } from './rev2026-07-28/listen.js';
import { createValidator2026 } from './rev2026-07-28/validate.js';
import { createWire2026 } from './rev2026-07-28/wire.js';
import { isPromise } from './util/is-promise.js';

/**
 * Creates a runtime-agnostic MCP server core: a `fetch` that answers MCP's streamable HTTP
 * transport in stateless mode (JSON-RPC 2.0 over POST, JSON or SSE replies). Every path is treated
 * as the MCP endpoint; routing by path is the caller's job. Tool JSON Schemas, the `tools/list`
 * result, the `initialize` results and all static headers are built here, once.
 *
 * @throws TypeError when a tool definition is unusable (see the tool rules in the spec).
 * @example
 * ```ts
 * const mcp = createMcpServer({
 *   serverInfo: { name: 'weather', version: '1.0.0' },
 *   primitives: { tools: [getForecast] },
 *   auth: {
 *     authenticate: async (token) => (token === secret ? { userId: 'demo' } : undefined),
 *     resourceMetadataUrl: 'https://example.com/mcp/.well-known/oauth-protected-resource',
 *   },
 * });
 * export default { fetch: mcp.fetch };
 * ```
 */
export function createMcpServer(
  serverOptions: McpServerOptions,
): McpServer & Required<Pick<McpServer, 'respond'>> {
  const options = resolveOptions(serverOptions);
  const onError = options.onError;
  const reportError = (error: unknown, where: { method?: string; tool?: string }): void => {
    if (onError === undefined) return;
    try {
      onError(error, where);
    } catch {
      // A failing logger must not turn an answer into a crash.
    }
  };
  const protocolVersions = new Set(options.protocolVersions ?? SUPPORTED_PROTOCOL_VERSIONS);
  const sseAllowed = options.responseMode !== 'json';
  const maxBodyBytes = options.maxBodyBytes ?? 1024 * 1024;
  const classifier = createClassifier({
    allowListCheck: createAllowListCheck(options),
    protocolVersions,
    maxBodyBytes,
    maxBatchSize: options.maxBatchSize ?? 100,
  });
  const observation = createObservation(options.observer);
  const authenticate = createAuthenticator({
    authenticate: options.authenticate,
    requireAuth: options.requireAuth,
    scopedResourceReads: options.authorizeResourceRead !== undefined,
    challenges: createChallenges(options),
    retryableError: options.retryableError,
    reportError,
  });

  const { table, logging } = createPrimitives(options, reportError);
  // Servers that opt in announce list changes on 2026 `subscriptions/listen` streams.
  const announced = new Set<ListChangedKind>();
  if (options.listChanged === true) {
    for (const kind of ['tools', 'prompts', 'resources'] as const) {
      if (kind in table.capabilities) {
        table.capabilities[kind] = { ...(table.capabilities[kind] as object), listChanged: true };
        announced.add(kind);
      }
    }
  }
  const listenHub = announced.size > 0 ? createListenHub(announced) : undefined;
  const { serverInfo, instructions } = options;
  const wireServerInfo: Record<string, string> = { name: serverInfo.name, version: serverInfo.version };
  if (serverInfo.title !== undefined) wireServerInfo.title = serverInfo.title;
  const handle = createHttpHandler(classifier, maxBodyBytes, {
    '2025-11-25': createHttp2025({
      wire: createWire2025({
        table,
        serverInfo: wireServerInfo,
        instructions,
        protocolVersions,
        defaultProtocolVersion: options.defaultProtocolVersion ?? DEFAULT_PROTOCOL_VERSION,
      }),
      authenticate,
      observation,
      sseAllowed,
      logging,
      reportError,
    }),
    '2026-07-28': createHttp2026({
      wire: createWire2026({
        table,
        serverInfo: wireServerInfo,
        instructions,
        cacheHints: options.cacheHints ?? { ttlMs: 0, cacheScope: 'private' },
      }),
      validate: createValidator2026(table),
      authenticate,
      observation,
      listenHub,
      serverInfoMeta: { [META_KEYS.serverInfo]: wireServerInfo },
      sseAllowed,
      reportError,
    }),
  });

  // Reached only by a bug in this core (every expected failure has its own answer above).
  const internalError = (request: Request, error: unknown): Response => {
    reportError(error, {});
    return toResponse(
      request,
      fixedErrorResponse(500, null, JsonRpcErrorCode.InternalError, 'Internal error'),
    );
  };

  function respond(request: Request, context?: RequestContext): Response | Promise<Response> {
    try {
      const reply = handle(request, context);
      if (!isPromise(reply)) return toResponse(request, reply);
      return reply.then(
        (settled) => toResponse(request, settled),
        (error: unknown) => internalError(request, error),
      );
    } catch (error) {
      return internalError(request, error);
    }
  }

  return {
    notifyListChanged(kind) {
      if (!announced.has(kind)) throw new TypeError(`This server does not announce ${kind} list changes`);
      listenHub?.notify(kind);
    },
    respond,
    async fetch(request: Request, context?: RequestContext): Promise<Response> {
      return respond(request, context);
    },
  };
}
