import { createAuthenticator } from './auth/authenticate.js';
import { createChallenges } from './auth/challenges.js';
import { createLegacyEra } from './eras/legacy.js';
import { createModernEra, hasModernClaim } from './eras/modern.js';
import { createModernHttp } from './eras/modern-http.js';
import { DEFAULT_PROTOCOL_VERSION, SUPPORTED_PROTOCOL_VERSIONS } from './eras/versions.js';
import { createAllowListCheck } from './http/allow-list-check.js';
import { BODY_TOO_LARGE, declaredLength, readBodyText } from './http/body.js';
import { createClassifier } from './http/classify.js';
import { errorAnswer, FixedAnswer, jsonAnswer, type Reply, toResponse } from './http/fixed-answer.js';
import { noStore, retryAfterHeaders } from './http/headers.js';
import { acceptsSse, answerText, reply } from './http/reply.js';
import { streamedReply, wantsStream } from './http/sse.js';
import { isPromise } from './is-promise.js';
import { JsonRpcErrorCode } from './jsonrpc/error-codes.js';
import type { Answer, RpcCall } from './jsonrpc/message.js';
import { paramsProblemAnswer } from './jsonrpc/params-problem.js';
import { createListenHub, type ListChangedKind } from './listen.js';
import type { McpServer } from './mcp-server.js';
import { answerOutcome, createObservation } from './observe.js';
import { type McpServerOptions, resolveOptions } from './options.js';
import { createPrimitives } from './primitives/create-primitives.js';
import type { Exchange } from './primitives/method-table.js';
import type { RequestContext } from './request-context.js';

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
export function createMcpServer(serverOptions: McpServerOptions): McpServer {
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
  const legacy = createLegacyEra({
    table,
    serverInfo: wireServerInfo,
    instructions,
    protocolVersions,
    defaultProtocolVersion: options.defaultProtocolVersion ?? DEFAULT_PROTOCOL_VERSION,
  });
  const handleModern = createModernHttp({
    era: createModernEra({
      table,
      serverInfo: wireServerInfo,
      instructions,
      cacheHints: options.cacheHints ?? { ttlMs: 0, cacheScope: 'private' },
    }),
    authenticate,
    observation,
    listenHub,
    serverInfoMeta: { 'io.modelcontextprotocol/serverInfo': wireServerInfo },
    sseAllowed,
    reportError,
  });

  /** One legacy message, observed; a fixed result comes back without a promise. */
  function runLegacy(call: RpcCall, exchange: Exchange): Answer | undefined | Promise<Answer | undefined> {
    if (observation === undefined) return legacy.run(call, exchange);
    return observation.observed(
      call,
      exchange.request,
      () => legacy.run(call, exchange),
      answerOutcome(call),
    );
  }

  /** Parameters refused at the boundary (NUL, lone surrogates, nesting) never reach a handler. */
  function runChecked(call: RpcCall, exchange: Exchange): Answer | undefined | Promise<Answer | undefined> {
    return paramsProblemAnswer(call) ?? runLegacy(call, exchange);
  }

  async function handle(request: Request, context: RequestContext | undefined): Promise<Reply> {
    const modernHeader = classifier.head(request);
    if (modernHeader instanceof FixedAnswer) return modernHeader;
    const text = await readBodyText(request, maxBodyBytes, declaredLength(request.headers));
    if (text === BODY_TOO_LARGE) return classifier.tooLarge();
    const parsed = classifier.body(text, modernHeader);
    if (parsed instanceof FixedAnswer) return parsed;
    const batch = Array.isArray(parsed);
    if (!batch && (modernHeader || hasModernClaim(parsed.params)))
      return handleModern(parsed, request, context);
    const calls = batch ? parsed : [parsed];

    let authenticated = authenticate(calls, batch, request, context);
    if (isPromise(authenticated)) authenticated = await authenticated;
    if (authenticated instanceof FixedAnswer) {
      observation?.refused(calls, request, authenticated.status);
      return authenticated;
    }
    const auth = authenticated.auth;
    const exchange: Exchange = { request, context, auth };
    const wantsSse = sseAllowed && acceptsSse(request);
    if (!batch) {
      const call = parsed;
      if (wantsSse && wantsStream(call, logging)) {
        return streamedReply(
          call.id ?? null,
          exchange,
          async (streamed) => runLegacy(call, streamed),
          answerText,
          reportError,
        );
      }
      let message = runChecked(call, exchange);
      if (isPromise(message)) message = await message;
      const retry = exchange.retry;
      if (retry !== undefined && typeof message === 'string') {
        const headers = retryAfterHeaders(retry.retryAfterSeconds);
        return jsonAnswer(retry.status, message, auth === undefined ? headers : noStore(headers));
      }
      return reply(message === undefined ? [] : [message], false, wantsSse, auth);
    }
    const answers = await Promise.all(
      calls.map((call) => (typeof call === 'string' ? call : runChecked(call, exchange))),
    );
    const messages: Answer[] = [];
    for (const answer of answers) if (answer !== undefined) messages.push(answer);
    return reply(messages, true, wantsSse, auth);
  }

  return {
    notifyListChanged(kind) {
      if (!announced.has(kind)) throw new TypeError(`This server does not announce ${kind} list changes`);
      listenHub?.notify(kind);
    },
    async fetch(request: Request, context?: RequestContext): Promise<Response> {
      try {
        return toResponse(request, await handle(request, context));
      } catch (error) {
        // Reached only by a bug in this core (every expected failure has its own answer above).
        reportError(error, {});
        return toResponse(request, errorAnswer(500, null, JsonRpcErrorCode.InternalError, 'Internal error'));
      }
    },
  };
}
