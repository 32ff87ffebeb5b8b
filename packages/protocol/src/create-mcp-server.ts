import { createAllowListCheck } from './allow-list-check.js';
import { bearerCredential } from './bearer-credential.js';
import { inspectParams, isEchoableId, MAX_PARAMS_DEPTH } from './client-input.js';
import { preflightResponse } from './cors.js';
import { createLegacyEra } from './eras/legacy.js';
import { createModernEra, hasModernClaim, type ModernReply } from './eras/modern.js';
import { JsonRpcErrorCode } from './json-rpc-error-code.js';
import {
  ACCEPTED_HEADERS,
  challengeHeaders,
  encodeBody,
  errorMessage,
  errorResponse,
  JSON_HEADERS,
  jsonResponse,
  METHOD_NOT_ALLOWED_HEADERS,
  resultMessage,
  retryAfterHeaders,
  SSE_HEADERS,
  sseFrame,
  staticResultBody,
  type ResponseId,
} from './json-rpc-response.js';
import { type McpMessageOutcome, type McpMessageScope, messageOutcome } from './message-observer.js';
import { type Answer, createMethodTable, type Exchange, isPlainObject, type RpcCall } from './methods.js';
import type { PrimitiveServices } from './handler-context.js';
import { createRequestStateSeal } from './input-required.js';
import { completionsPrimitive } from './primitives/completions.js';
import { loggingPrimitive } from './primitives/logging.js';
import { promptsPrimitive } from './primitives/prompts.js';
import { resourcesPrimitive } from './primitives/resources.js';
import { toolsPrimitive } from './primitives/tools.js';
import { createListenHub, type ListChangedKind } from './listen.js';
import { streamedReply, wantsStream } from './request-stream.js';
import {
  DEFAULT_PROTOCOL_VERSION,
  FIRST_MODERN_PROTOCOL_VERSION,
  SUPPORTED_PROTOCOL_VERSIONS,
} from './protocol-versions.js';
import { BODY_TOO_LARGE, readBodyText } from './read-body.js';
import { builtResponse, partsResponse } from './response-parts.js';
import type { AuthInfo, McpServer, McpServerOptions, RequestContext } from './types.js';

const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;
const DEFAULT_MAX_BATCH_SIZE = 100;
const DEFAULT_PAGE_SIZE = 100;
const ACCEPTED = 202;
const DECIMAL_LENGTH = /^[0-9]{1,15}$/;

function answerText(answer: Answer): string {
  return typeof answer === 'string' ? answer : resultMessage(answer.id, answer.result.json);
}

const DATE_VERSION = /^[0-9]{4}-[0-9]{2}-[0-9]{2}$/;

/** A dated revision older than the modern era (2024-11-05, say): a legacy client, not a modern one. */
function isLegacyEraDate(version: string): boolean {
  return DATE_VERSION.test(version) && version < FIRST_MODERN_PROTOCOL_VERSION;
}

function isJsonMediaType(contentType: string | null): boolean {
  if (contentType === null) return false;
  if (contentType === 'application/json') return true;
  const semicolon = contentType.indexOf(';');
  const mediaType = semicolon === -1 ? contentType : contentType.slice(0, semicolon);
  return mediaType.trim().toLowerCase() === 'application/json';
}

/**
 * Checks one JSON-RPC message: an {@link RpcCall}, or the serialized -32600 response it earns.
 * A request whose id cannot be read is answered with id `null`, as JSON-RPC 2.0 says.
 */
/** A field path for an error message, cut short: its keys come from the client. */
function shownPath(path: ReadonlyArray<string | number>): string {
  const text = path.join('.');
  return text.length > 200 ? `${text.slice(0, 200)}...` : text;
}

function toCall(message: unknown): RpcCall | string {
  if (!isPlainObject(message)) {
    return errorMessage(null, JsonRpcErrorCode.InvalidRequest, 'Invalid Request: expected a JSON-RPC object');
  }
  const id = message.id;
  if (id !== undefined && typeof id !== 'string' && typeof id !== 'number') {
    return errorMessage(
      null,
      JsonRpcErrorCode.InvalidRequest,
      'Invalid Request: id must be a string or a number',
    );
  }
  if (id !== undefined && !isEchoableId(id)) {
    return errorMessage(
      null,
      JsonRpcErrorCode.InvalidRequest,
      'Invalid Request: id must be a string or a finite number',
    );
  }
  const responseId = id === undefined ? null : id;
  if (message.jsonrpc !== '2.0') {
    return errorMessage(
      responseId,
      JsonRpcErrorCode.InvalidRequest,
      'Invalid Request: jsonrpc must be "2.0"',
    );
  }
  const method = message.method;
  if (typeof method !== 'string') {
    return errorMessage(
      responseId,
      JsonRpcErrorCode.InvalidRequest,
      'Invalid Request: method must be a string',
    );
  }
  const params = message.params;
  // JSON-RPC 2.0 allows only structured params; `null` is read as absent because clients send it.
  if (params !== undefined && params !== null && typeof params !== 'object') {
    return errorMessage(
      responseId,
      JsonRpcErrorCode.InvalidRequest,
      'Invalid Request: params must be an object or an array',
    );
  }
  return { id, method, params: params ?? undefined };
}

/** Who the caller is (none when no credential was needed), or the answer refusing the request. */
type Authenticated = { readonly auth: AuthInfo | undefined } | Response;
const ANONYMOUS: Authenticated = Object.freeze({ auth: undefined });

/** True for a promise (a thenable), which the caller must await; a plain value is used as is. */
function isPromise<T>(value: T | Promise<T>): value is Promise<T> {
  return typeof (value as { then?: unknown } | null)?.then === 'function';
}

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
 *   tools: [getForecast],
 *   authenticate: async (token) => (token === secret ? { userId: 'demo' } : undefined),
 *   resourceMetadataUrl: 'https://example.com/mcp/.well-known/oauth-protected-resource',
 * });
 * export default { fetch: mcp.fetch };
 * ```
 */
export function createMcpServer(options: McpServerOptions): McpServer {
  const authenticate = options.authenticate;
  const requireAuthForAll = options.requireAuth === 'all';
  const requireAuthForNone = options.requireAuth === 'none';
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const maxBatchSize = options.maxBatchSize ?? DEFAULT_MAX_BATCH_SIZE;
  const sseAllowed = options.responseMode !== 'json';
  const onError = options.onError;
  const allowListCheck = createAllowListCheck(options);

  const protocolVersions = new Set(options.protocolVersions ?? SUPPORTED_PROTOCOL_VERSIONS);
  const defaultProtocolVersion = options.defaultProtocolVersion ?? DEFAULT_PROTOCOL_VERSION;
  const supportedVersionsText = [...protocolVersions].join(', ');

  const serverInfo: Record<string, string> = {
    name: options.serverInfo.name,
    version: options.serverInfo.version,
  };
  if (options.serverInfo.title !== undefined) serverInfo.title = options.serverInfo.title;

  const metadataUrl = options.resourceMetadataUrl;
  // The URL goes inside a quoted-string of the challenge; a quote or backslash would break it.
  if (metadataUrl !== undefined && (!URL.canParse(metadataUrl) || /["\\\s]/.test(metadataUrl))) {
    throw new TypeError('resourceMetadataUrl must be an absolute URL without quotes, backslashes or spaces');
  }
  const challenge =
    'Bearer realm="mcp"' + (metadataUrl === undefined ? '' : `, resource_metadata="${metadataUrl}"`);
  const authorizeToolCall = options.authorizeToolCall;
  const authorizeResourceRead = options.authorizeResourceRead;
  const missingCredentialHeaders = challengeHeaders(challenge);
  const invalidCredentialHeaders = challengeHeaders(`${challenge}, error="invalid_token"`);

  const reportError = (error: unknown, where: { method?: string; tool?: string }): void => {
    if (onError === undefined) return;
    try {
      onError(error, where);
    } catch {
      // A failing logger must not turn an answer into a crash.
    }
  };

  // The observer hook (tracing, metrics): every message runs through `observed`, and a request
  // refused before its messages ran (401, 500 of authenticate, a modern validation error) reports
  // each of them through `observeRefusal`. Without an observer both cost nothing.
  const observer = options.observer;

  // Without a scope the work's own value is returned as is (no promise of a promise): each async
  // layer on the way to an answer costs microtask turns, and a fixed result needs none.
  function observed<T>(
    call: RpcCall,
    request: Request,
    work: () => T | Promise<T>,
    outcomeOf: (result: T) => McpMessageOutcome,
  ): T | Promise<T> {
    const scope = observer?.start({ method: call.method, id: call.id, params: call.params, request });
    if (scope === undefined) return work();
    return observedInScope(scope, work, outcomeOf);
  }

  async function observedInScope<T>(
    scope: McpMessageScope,
    work: () => T | Promise<T>,
    outcomeOf: (result: T) => McpMessageOutcome,
  ): Promise<T> {
    let outcome: McpMessageOutcome = {
      errorCode: JsonRpcErrorCode.InternalError,
      errorMessage: 'Internal error',
    };
    try {
      const result = await scope.run(async () => work());
      outcome = outcomeOf(result);
      return result;
    } finally {
      scope.end(outcome);
    }
  }

  const answerOutcome =
    (call: RpcCall) =>
    (answer: Answer | undefined): McpMessageOutcome =>
      typeof answer === 'string' ? messageOutcome(answer, call.id ?? null, call.method) : {};

  function observeRefusal(
    calls: ReadonlyArray<RpcCall | string>,
    request: Request,
    status: number,
    body?: string,
  ): void {
    if (observer === undefined) return;
    for (const call of calls) {
      if (typeof call === 'string') continue;
      const outcome: McpMessageOutcome =
        body !== undefined
          ? { ...messageOutcome(body, call.id ?? null, call.method), httpStatus: status }
          : status === 401
            ? { errorCode: JsonRpcErrorCode.Unauthorized, errorMessage: 'Unauthorized', httpStatus: status }
            : {
                errorCode: JsonRpcErrorCode.InternalError,
                errorMessage: 'Internal error',
                httpStatus: status,
              };
      observer.start({ method: call.method, id: call.id, params: call.params, request })?.end(outcome);
    }
  }

  const services: PrimitiveServices = {
    reportError,
    ...(options.retryableError !== undefined && { retryableError: options.retryableError }),
    seal: createRequestStateSeal({
      secret: options.requestStateSecret,
      lifetimeMs: options.requestStateLifetimeMs,
    }),
    logging: options.logging === true,
    pageSize: options.pageSize ?? DEFAULT_PAGE_SIZE,
  };
  const resources = resourcesPrimitive(
    options.resources ?? [],
    options.resourceTemplates ?? [],
    services,
    options.resourceReadCacheHints,
  );
  const prompts = promptsPrimitive(options.prompts ?? [], services);
  const hasCompleter =
    (options.prompts ?? []).some((prompt) => prompt.arguments?.some((argument) => argument.complete)) ||
    (options.resourceTemplates ?? []).some((template) => Object.keys(template.complete ?? {}).length > 0);
  const completions = completionsPrimitive(
    {
      prompt: (name, argument) => prompts.completerFor(name, argument),
      resource: (uriTemplate, variable) => resources.completerFor(uriTemplate, variable),
    },
    hasCompleter,
    services,
  );
  const table = createMethodTable([
    toolsPrimitive(options.tools, services),
    resources,
    prompts,
    completions,
    loggingPrimitive(services.logging),
  ]);
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
  const serverInfoMeta = { 'io.modelcontextprotocol/serverInfo': serverInfo };
  const legacy = createLegacyEra({
    table,
    serverInfo,
    instructions: options.instructions,
    protocolVersions,
    defaultProtocolVersion,
  });
  const modern = createModernEra({
    table,
    serverInfo,
    instructions: options.instructions,
    cacheHints: options.cacheHints ?? { ttlMs: 0, cacheScope: 'private' },
  });

  /** The 401 answer: one -32001 error per request, with its id (spec: Authentication rule 2). */
  function unauthorized(calls: ReadonlyArray<RpcCall | string>, batch: boolean, invalid: boolean): Response {
    const headers = invalid ? invalidCredentialHeaders : missingCredentialHeaders;
    const errors: string[] = [];
    for (const call of calls) {
      if (typeof call !== 'string' && call.id !== undefined) {
        errors.push(errorMessage(call.id, JsonRpcErrorCode.Unauthorized, 'Unauthorized'));
      }
    }
    const body =
      batch && errors.length > 0
        ? '[' + errors.join(',') + ']'
        : (errors[0] ?? errorMessage(null, JsonRpcErrorCode.Unauthorized, 'Unauthorized'));
    return jsonResponse(401, body, headers);
  }

  /**
   * The 403 scope challenge when a tools/call or resources/read of the request needs scopes the credential lacks:
   * every scope any refused call names, in one challenge (SEP-2350), or undefined when all may run.
   */
  function insufficientScope(
    calls: ReadonlyArray<RpcCall | string>,
    batch: boolean,
    auth: AuthInfo,
  ): Response | undefined {
    if (authorizeToolCall === undefined && authorizeResourceRead === undefined) return undefined;
    const scopes = new Set<string>();
    const refusedIds: ResponseId[] = [];
    for (const call of calls) {
      if (typeof call === 'string' || call.id === undefined) continue;
      const authorize =
        call.method === 'tools/call'
          ? authorizeToolCall
          : call.method === 'resources/read'
            ? authorizeResourceRead
            : undefined;
      if (authorize === undefined) continue;
      const target = isPlainObject(call.params)
        ? call.method === 'tools/call'
          ? call.params.name
          : call.params.uri
        : undefined;
      if (typeof target !== 'string') continue;
      const needed = authorize(target, auth);
      if (needed === undefined) continue;
      for (const scope of needed) scopes.add(scope);
      refusedIds.push(call.id);
    }
    if (refusedIds.length === 0) return undefined;
    const scope = [...scopes].join(' ');
    // Scope tokens never hold a quote or backslash (RFC 6749 section 3.3); a definition that did
    // would break the quoted-string, so such characters are dropped rather than echoed.
    const quoted = scope.replace(/["\\]/g, '');
    const header =
      `Bearer error="insufficient_scope", scope="${quoted}"` +
      (metadataUrl === undefined ? '' : `, resource_metadata="${metadataUrl}"`) +
      ', error_description="this call needs a broader scope"';
    const message = `Forbidden: insufficient scope (needs ${quoted})`;
    const errors = refusedIds.map((id) => errorMessage(id, JsonRpcErrorCode.InsufficientScope, message));
    const body = batch ? '[' + errors.join(',') + ']' : errors[0]!;
    return jsonResponse(403, body, challengeHeaders(header));
  }

  function needsCredential(call: RpcCall | string): boolean {
    if (requireAuthForNone) return false;
    if (requireAuthForAll) return true;
    if (typeof call === 'string' || call.id === undefined) return false;
    return (
      call.method === 'tools/call' ||
      (call.method === 'resources/read' && authorizeResourceRead !== undefined)
    );
  }

  function reply(messages: Answer[], batch: boolean, wantsSse: boolean): Response {
    if (messages.length === 0) return partsResponse(ACCEPTED, null, ACCEPTED_HEADERS);
    const headers = wantsSse ? SSE_HEADERS : JSON_HEADERS;
    let body: Uint8Array<ArrayBuffer>;
    if (!batch) {
      const message = messages[0]!;
      if (typeof message !== 'string') body = staticResultBody(message.id, message.result, wantsSse);
      else body = encodeBody(wantsSse ? sseFrame(message) : message);
    } else if (wantsSse) {
      let text = '';
      for (const message of messages) text += sseFrame(answerText(message));
      body = encodeBody(text);
    } else {
      body = encodeBody('[' + messages.map(answerText).join(',') + ']');
    }
    return partsResponse(200, body, headers);
  }

  /**
   * Authenticates at most once per HTTP request. A credential that is present is always checked,
   * whatever the method, so clients holding an expired token learn it and refresh (INTEROP 10).
   * Answers the caller (or none, when no credential is needed), or the 401/403/500 answer; a
   * promise only when a credential has to be checked.
   */
  function authenticateOnce(
    calls: ReadonlyArray<RpcCall | string>,
    batch: boolean,
    request: Request,
    context: RequestContext | undefined,
  ): Authenticated | Promise<Authenticated> {
    const credential = bearerCredential(request);
    const needed = calls.some(needsCredential);
    if (credential !== undefined && (authenticate !== undefined || needed)) {
      if (authenticate === undefined) return unauthorized(calls, batch, true);
      return checkCredential(authenticate, credential, calls, batch, request, context);
    }
    return needed ? unauthorized(calls, batch, false) : ANONYMOUS;
  }

  async function checkCredential(
    check: NonNullable<typeof authenticate>,
    credential: string,
    calls: ReadonlyArray<RpcCall | string>,
    batch: boolean,
    request: Request,
    context: RequestContext | undefined,
  ): Promise<Authenticated> {
    let auth: AuthInfo | undefined;
    try {
      auth = await check(credential, request, context);
    } catch (error) {
      const id = batch ? null : ((calls[0] as RpcCall).id ?? null);
      const retry = options.retryableError?.(error);
      if (retry !== undefined) {
        return errorResponse(
          retry.status,
          id,
          retry.code,
          retry.message,
          retryAfterHeaders(retry.retryAfterSeconds),
        );
      }
      reportError(error, { method: batch ? 'batch' : (calls[0] as RpcCall).method });
      return errorResponse(500, id, JsonRpcErrorCode.InternalError, 'Internal error');
    }
    if (auth === undefined) return unauthorized(calls, batch, true);
    if (context !== undefined) context.auth = auth;
    return insufficientScope(calls, batch, auth) ?? { auth };
  }

  /** One modern (2026-07-28) request: the validation ladder, authentication, then the method. */
  async function handleModern(
    call: RpcCall,
    request: Request,
    context: RequestContext | undefined,
  ): Promise<Response> {
    // 2026-07-28 defines no client-to-server notification over HTTP; accept and ignore it as legacy
    // does (challenged, like every message, when every method needs a credential).
    if (call.id === undefined) {
      let authenticated = authenticateOnce([call], false, request, context);
      if (isPromise(authenticated)) authenticated = await authenticated;
      if (authenticated instanceof Response) return authenticated;
      return partsResponse(ACCEPTED, null, ACCEPTED_HEADERS);
    }
    const checked = modern.validate(call, request.headers);
    if ('status' in checked) {
      observeRefusal([call], request, checked.status, checked.body);
      return jsonResponse(checked.status, checked.body);
    }
    const refusedParams = paramsProblemAnswer(call);
    if (refusedParams !== undefined) return jsonResponse(200, refusedParams);
    let authenticated = authenticateOnce([call], false, request, context);
    if (isPromise(authenticated)) authenticated = await authenticated;
    if (authenticated instanceof Response) {
      observeRefusal([call], request, authenticated.status);
      return authenticated;
    }
    const exchange: Exchange = {
      request,
      context,
      auth: authenticated.auth,
      era: 'modern',
      clientCapabilities: checked.capabilities,
    };
    if (listenHub !== undefined && call.method === 'subscriptions/listen') {
      return listenHub.listen(call, serverInfoMeta);
    }
    const wantsSse =
      sseAllowed && (request.headers.get('accept')?.toLowerCase().includes('text/event-stream') ?? false);
    if (wantsSse && wantsStream(call, false)) {
      // Progress or log notifications go out as they happen; an error is then answered in-band.
      return streamedReply(
        call.id ?? null,
        exchange,
        async (streamed) => {
          const answer = await runModern(call, streamed);
          return 'sse' in answer ? undefined : answer.message;
        },
        answerText,
        reportError,
      );
    }
    let answer = runModern(call, exchange);
    if (isPromise(answer)) answer = await answer;
    if ('sse' in answer) return partsResponse(200, encodeBody(answer.sse), SSE_HEADERS);
    if (answer.status !== 200) return jsonResponse(answer.status, answerText(answer.message));
    return reply([answer.message], false, wantsSse);
  }

  /** Runs one validated modern request, observed; a fixed result comes back without a promise. */
  function runModern(call: RpcCall, exchange: Exchange): ModernReply | Promise<ModernReply> {
    if (observer === undefined) return modern.run(call, exchange);
    return observed(
      call,
      exchange.request,
      () => modern.run(call, exchange),
      (reply): McpMessageOutcome =>
        'sse' in reply
          ? {}
          : {
              ...answerOutcome(call)(reply.message),
              ...(reply.status !== 200 && { httpStatus: reply.status }),
            },
    );
  }

  /**
   * The answer a request earns for its params alone (client-input.ts: too deep, a NUL or a lone
   * surrogate), or undefined. Notifications get none: they are never answered.
   */
  function paramsProblemAnswer(call: RpcCall): string | undefined {
    const { id, method, params } = call;
    if (id === undefined || params === undefined) return undefined;
    const problem = inspectParams(params);
    if (problem === undefined) return undefined;
    if (problem.kind === 'depth') {
      return errorMessage(
        id,
        JsonRpcErrorCode.InvalidParams,
        `Invalid params: nested deeper than ${MAX_PARAMS_DEPTH} levels`,
      );
    }
    const [first, ...rest] = problem.path;
    // A bad tool argument is the agent's to correct, so it is a tool error naming the field.
    if (method === 'tools/call' && first === 'arguments' && rest.length > 0) {
      const text = `Invalid arguments: ${shownPath(rest)}: ${problem.problem}`;
      return resultMessage(
        id,
        '{"content":[{"type":"text","text":' + JSON.stringify(text) + '}],"isError":true}',
      );
    }
    return errorMessage(
      id,
      JsonRpcErrorCode.InvalidParams,
      `Invalid params: ${shownPath(problem.path)}: ${problem.problem}`,
    );
  }

  async function handle(request: Request, context: RequestContext | undefined): Promise<Response> {
    const method = request.method;
    if (method === 'OPTIONS') return preflightResponse();
    const headers = request.headers;

    const refused = allowListCheck?.(request);
    if (refused !== undefined) {
      return errorResponse(
        403,
        null,
        JsonRpcErrorCode.InvalidRequest,
        refused === 'host' ? 'Forbidden: Host not allowed' : 'Forbidden: Origin not allowed',
      );
    }
    if (method !== 'POST') {
      return errorResponse(
        405,
        null,
        JsonRpcErrorCode.InvalidRequest,
        'Method not allowed: this stateless server answers POST only',
        METHOD_NOT_ALLOWED_HEADERS,
      );
    }
    // The era is the request's (digest section 1): a `_meta` protocolVersion claim in the body, or a
    // version header that names no legacy revision (a modern one, or one not a date), means modern.
    // A legacy-era date this server does not speak is refused as it always was.
    const protocolVersion = headers.get('mcp-protocol-version');
    const modernHeader =
      protocolVersion !== null && !protocolVersions.has(protocolVersion) && !isLegacyEraDate(protocolVersion);
    if (protocolVersion !== null && !modernHeader && !protocolVersions.has(protocolVersion)) {
      return errorResponse(
        400,
        null,
        JsonRpcErrorCode.InvalidRequest,
        `Bad Request: unsupported MCP-Protocol-Version (supported versions: ${supportedVersionsText})`,
      );
    }
    if (!isJsonMediaType(headers.get('content-type'))) {
      return errorResponse(
        415,
        null,
        JsonRpcErrorCode.InvalidRequest,
        'Unsupported Media Type: Content-Type must be application/json',
      );
    }
    const contentLength = headers.get('content-length');
    const tooLarge = (): Response =>
      errorResponse(
        413,
        null,
        JsonRpcErrorCode.InvalidRequest,
        `Payload Too Large: the body exceeds ${maxBodyBytes} bytes`,
      );
    if (contentLength !== null && Number(contentLength) > maxBodyBytes) return tooLarge();
    // Only a well-formed length (RFC 9110: digits) takes the whole-body read; the rest is streamed.
    const declaredLength =
      contentLength !== null && DECIMAL_LENGTH.test(contentLength) ? Number(contentLength) : undefined;
    const text = await readBodyText(request, maxBodyBytes, declaredLength);
    if (text === BODY_TOO_LARGE) return tooLarge();

    let payload: unknown;
    try {
      if (text === undefined) throw new SyntaxError('not UTF-8');
      payload = JSON.parse(text);
    } catch {
      return errorResponse(400, null, JsonRpcErrorCode.ParseError, 'Parse error');
    }

    const batch = Array.isArray(payload);
    let calls: Array<RpcCall | string>;
    if (Array.isArray(payload)) {
      if (
        modernHeader ||
        payload.some((message) => isPlainObject(message) && hasModernClaim(message.params))
      ) {
        return errorResponse(
          400,
          null,
          JsonRpcErrorCode.InvalidRequest,
          'Invalid Request: MCP 2026-07-28 has no batches; send one request per POST',
        );
      }
      if (payload.length === 0) {
        return errorResponse(400, null, JsonRpcErrorCode.InvalidRequest, 'Invalid Request: empty batch');
      }
      if (payload.length > maxBatchSize) {
        return errorResponse(
          400,
          null,
          JsonRpcErrorCode.InvalidRequest,
          `Invalid Request: a batch holds at most ${maxBatchSize} messages`,
        );
      }
      calls = payload.map(toCall);
    } else {
      const call = toCall(payload);
      if (typeof call === 'string') return jsonResponse(400, call);
      if (modernHeader || hasModernClaim(call.params)) return await handleModern(call, request, context);
      calls = [call];
    }

    let authenticated = authenticateOnce(calls, batch, request, context);
    if (isPromise(authenticated)) authenticated = await authenticated;
    if (authenticated instanceof Response) {
      observeRefusal(calls, request, authenticated.status);
      return authenticated;
    }
    const exchange: Exchange = { request, context, auth: authenticated.auth };
    const wantsSse =
      sseAllowed && (headers.get('accept')?.toLowerCase().includes('text/event-stream') ?? false);
    if (!batch) {
      const call = calls[0] as RpcCall;
      if (wantsSse && wantsStream(call, services.logging)) {
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
        return jsonResponse(retry.status, message, retryAfterHeaders(retry.retryAfterSeconds));
      }
      return reply(message === undefined ? [] : [message], false, wantsSse);
    }
    const answers = await Promise.all(
      calls.map((call) => (typeof call === 'string' ? call : runChecked(call, exchange))),
    );
    const messages: Answer[] = [];
    for (const answer of answers) if (answer !== undefined) messages.push(answer);
    return reply(messages, true, wantsSse);
  }

  /** One legacy message, observed; a fixed result comes back without a promise. */
  function runLegacy(call: RpcCall, exchange: Exchange): Answer | undefined | Promise<Answer | undefined> {
    return observer === undefined
      ? legacy.run(call, exchange)
      : observed(call, exchange.request, () => legacy.run(call, exchange), answerOutcome(call));
  }

  /** Parameters refused at the boundary (NUL, lone surrogates, nesting) never reach a handler. */
  function runChecked(call: RpcCall, exchange: Exchange): Answer | undefined | Promise<Answer | undefined> {
    return paramsProblemAnswer(call) ?? runLegacy(call, exchange);
  }

  return {
    notifyListChanged(kind) {
      if (!announced.has(kind)) throw new TypeError(`This server does not announce ${kind} list changes`);
      listenHub?.notify(kind);
    },
    async fetch(request: Request, context?: RequestContext): Promise<Response> {
      try {
        return builtResponse(request, await handle(request, context));
      } catch (error) {
        // Reached only by a bug in this core (every expected failure has its own answer above).
        reportError(error, {});
        return builtResponse(
          request,
          errorResponse(500, null, JsonRpcErrorCode.InternalError, 'Internal error'),
        );
      }
    },
  };
}
