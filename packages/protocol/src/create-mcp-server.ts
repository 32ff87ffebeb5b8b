import { createAllowListCheck } from './allow-list-check.js';
import { bearerCredential } from './bearer-credential.js';
import { inspectParams, isEchoableId, MAX_PARAMS_DEPTH } from './client-input.js';
import { preflightResponse } from './cors.js';
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
  type ResponseId,
  resultMessage,
  retryAfterHeaders,
  SSE_HEADERS,
  type StaticResult,
  sseFrame,
  staticResult,
  staticResultBody,
} from './json-rpc-response.js';
import { DEFAULT_PROTOCOL_VERSION, SUPPORTED_PROTOCOL_VERSIONS } from './protocol-versions.js';
import { BODY_TOO_LARGE, readBodyText } from './read-body.js';
import { ToolError } from './tool-error.js';
import { createToolRegistry, invalidArgumentsText } from './tool-registry.js';
import type {
  AuthInfo,
  McpServer,
  McpServerOptions,
  RequestContext,
  RetryableError,
  ToolContext,
} from './types.js';

const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;
const DEFAULT_MAX_BATCH_SIZE = 100;
const ACCEPTED = 202;
const DECIMAL_LENGTH = /^[0-9]{1,15}$/;

/** A request that passed the JSON-RPC checks; `id` is `undefined` for a notification. */
interface RpcCall {
  id: string | number | undefined;
  method: string;
  params: unknown;
}

/** A field path for an error message, cut short: its keys come from the client. */
function shownPath(path: ReadonlyArray<string | number>): string {
  const text = path.join('.');
  return text.length > 200 ? `${text.slice(0, 200)}...` : text;
}

/** The answer to a request whose result is fixed: its bytes are assembled without serializing. */
interface StaticAnswer {
  id: ResponseId;
  result: StaticResult;
}

/** One response message: serialized, or a {@link StaticAnswer}. */
type Answer = string | StaticAnswer;

function answerText(answer: Answer): string {
  return typeof answer === 'string' ? answer : resultMessage(answer.id, answer.result.json);
}

const EMPTY_RESULT = staticResult('{}');
const RESOURCES_LIST_RESULT = staticResult('{"resources":[]}');
const PROMPTS_LIST_RESULT = staticResult('{"prompts":[]}');

/** What one HTTP request knows while its messages run. */
interface Exchange {
  request: Request;
  context: RequestContext | undefined;
  auth: AuthInfo | undefined;
  /** Set when a message failed with a retryable error: a one-message reply takes its status. */
  retry?: RetryableError;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
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
  const registry = createToolRegistry(options.tools);
  const authenticate = options.authenticate;
  const requireAuthForAll = options.requireAuth === 'all';
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const maxBatchSize = options.maxBatchSize ?? DEFAULT_MAX_BATCH_SIZE;
  const sseAllowed = options.responseMode !== 'json';
  const onError = options.onError;
  const retryableError = options.retryableError;
  const allowListCheck = createAllowListCheck(options);

  const protocolVersions = new Set(options.protocolVersions ?? SUPPORTED_PROTOCOL_VERSIONS);
  const defaultProtocolVersion = options.defaultProtocolVersion ?? DEFAULT_PROTOCOL_VERSION;
  const supportedVersionsText = [...protocolVersions].join(', ');

  // The spec's server-identity table says capabilities is an empty object, but MCP clients (the
  // official SDK Client among them) refuse to call tools/list on a server that does not advertise
  // `tools`. Advertising it with listChanged false is the smallest truthful answer: the tool set
  // never changes at runtime and this stateless server never sends notifications.
  const capabilities = { tools: { listChanged: false } };
  const serverInfo: Record<string, string> = {
    name: options.serverInfo.name,
    version: options.serverInfo.version,
  };
  if (options.serverInfo.title !== undefined) serverInfo.title = options.serverInfo.title;
  const initializeResultJson = (protocolVersion: string): string =>
    JSON.stringify({
      protocolVersion,
      capabilities,
      serverInfo,
      ...(options.instructions === undefined ? {} : { instructions: options.instructions }),
    });
  const initializeResults = new Map<string, StaticResult>();
  for (const version of protocolVersions) {
    initializeResults.set(version, staticResult(initializeResultJson(version)));
  }
  const defaultInitializeResult = staticResult(initializeResultJson(defaultProtocolVersion));
  const toolsListResult = staticResult(registry.listResultJson);

  const metadataUrl = options.resourceMetadataUrl;
  // The URL goes inside a quoted-string of the challenge; a quote or backslash would break it.
  if (metadataUrl !== undefined && (!URL.canParse(metadataUrl) || /["\\\s]/.test(metadataUrl))) {
    throw new TypeError('resourceMetadataUrl must be an absolute URL without quotes, backslashes or spaces');
  }
  const challenge =
    'Bearer realm="mcp"' + (metadataUrl === undefined ? '' : `, resource_metadata="${metadataUrl}"`);
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

  const internalError = (id: ResponseId): string =>
    errorMessage(id, JsonRpcErrorCode.InternalError, 'Internal error');

  const toolErrorResult = (id: ResponseId, text: string): string =>
    resultMessage(id, '{"content":[{"type":"text","text":' + JSON.stringify(text) + '}],"isError":true}');

  // Results a handler returned as frozen objects (static answers such as a schema descriptor),
  // validated and serialized the first time and reused while the object lives.
  const staticResults = new WeakMap<object, string>();

  async function callTool(id: ResponseId, params: unknown, exchange: Exchange): Promise<string> {
    if (!isPlainObject(params)) {
      return errorMessage(id, JsonRpcErrorCode.InvalidParams, 'Invalid params: expected an object with name');
    }
    const name = params.name;
    if (typeof name !== 'string') {
      return errorMessage(id, JsonRpcErrorCode.InvalidParams, 'Invalid params: name must be a string');
    }
    const tool = registry.byName.get(name);
    if (tool === undefined) {
      const shown = name.length > 128 ? `${name.slice(0, 128)}...` : name;
      return errorMessage(id, JsonRpcErrorCode.InvalidParams, `Unknown tool: ${shown}`);
    }
    let args = params.arguments;
    if (args === undefined || args === null) args = {};
    else if (!isPlainObject(args)) {
      return errorMessage(id, JsonRpcErrorCode.InvalidParams, 'Invalid params: arguments must be an object');
    }
    const where = { method: 'tools/call', tool: name };
    try {
      const parsed = tool.inputSchema.safeParse(args);
      if (!parsed.success) return toolErrorResult(id, invalidArgumentsText(parsed.error));
      const { request, context } = exchange;
      const toolContext: ToolContext = {
        // tools/call always needs a credential, so authentication has run and succeeded.
        auth: exchange.auth!,
        request,
        waitUntil:
          context?.waitUntil ??
          ((promise) => {
            promise.catch((error: unknown) => reportError(error, where));
          }),
        // Read on demand: some bridges (@hono/node-server) create an AbortController per request
        // the first time `signal` is read, and most handlers never read it.
        get signal() {
          return request.signal;
        },
      };
      let output: unknown;
      try {
        output = await tool.handler(parsed.data, toolContext);
      } catch (error) {
        if (error instanceof ToolError || (error as ToolError | null)?.code === 'tool_error') {
          return toolErrorResult(id, (error as ToolError).message);
        }
        throw error;
      }
      const staticResult = staticResults.get(output as object);
      if (staticResult !== undefined) return resultMessage(id, staticResult);
      if (!isPlainObject(output)) {
        throw new TypeError(
          `Tool ${name} returned ${Array.isArray(output) ? 'an array' : typeof output}, not a plain object`,
        );
      }
      const frozen = Object.isFrozen(output) ? output : undefined;
      if (tool.outputSchema !== undefined) {
        const checked = tool.outputSchema.safeParse(output);
        if (!checked.success) {
          throw new TypeError(`Tool ${name} returned a result that does not match its outputSchema`, {
            cause: checked.error,
          });
        }
        output = checked.data;
      }
      const json = JSON.stringify(output);
      const result =
        '{"content":[{"type":"text","text":' + JSON.stringify(json) + '}],"structuredContent":' + json + '}';
      if (frozen !== undefined) staticResults.set(frozen, result);
      return resultMessage(id, result);
    } catch (error) {
      const retry = retryableError?.(error);
      if (retry !== undefined) {
        exchange.retry = retry;
        return errorMessage(id, retry.code, retry.message);
      }
      reportError(error, where);
      return internalError(id);
    }
  }

  /** Runs one checked call; resolves its serialized response, or `undefined` for a notification. */
  async function run(call: RpcCall, exchange: Exchange): Promise<Answer | undefined> {
    const { id, method, params } = call;
    // Notifications get no answer (JSON-RPC 2.0) and, in this stateless server, have no effect:
    // notifications/initialized and notifications/cancelled included.
    if (id === undefined) return undefined;
    const problem = params === undefined ? undefined : inspectParams(params);
    if (problem !== undefined) {
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
        return toolErrorResult(id, `Invalid arguments: ${shownPath(rest)}: ${problem.problem}`);
      }
      return errorMessage(
        id,
        JsonRpcErrorCode.InvalidParams,
        `Invalid params: ${shownPath(problem.path)}: ${problem.problem}`,
      );
    }
    switch (method) {
      case 'tools/call':
        return callTool(id, params, exchange);
      case 'tools/list':
        return { id, result: toolsListResult };
      case 'initialize': {
        const requested = isPlainObject(params) ? params.protocolVersion : undefined;
        if (typeof requested !== 'string') {
          return errorMessage(
            id,
            JsonRpcErrorCode.InvalidParams,
            'Invalid params: protocolVersion must be a string',
          );
        }
        return { id, result: initializeResults.get(requested) ?? defaultInitializeResult };
      }
      case 'ping':
        return { id, result: EMPTY_RESULT };
      case 'resources/list':
        return { id, result: RESOURCES_LIST_RESULT };
      case 'prompts/list':
        return { id, result: PROMPTS_LIST_RESULT };
      default:
        return errorMessage(id, JsonRpcErrorCode.MethodNotFound, 'Method not found');
    }
  }

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

  function needsCredential(call: RpcCall | string): boolean {
    return (
      requireAuthForAll || (typeof call !== 'string' && call.id !== undefined && call.method === 'tools/call')
    );
  }

  function reply(messages: Answer[], batch: boolean, wantsSse: boolean): Response {
    if (messages.length === 0) return new Response(null, { status: ACCEPTED, headers: ACCEPTED_HEADERS });
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
    return new Response(body, { status: 200, headers });
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
    const protocolVersion = headers.get('mcp-protocol-version');
    if (protocolVersion !== null && !protocolVersions.has(protocolVersion)) {
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
      calls = [call];
    }

    // Authenticate at most once per HTTP request. A credential that is present is always checked,
    // whatever the method, so clients holding an expired token learn it and refresh (INTEROP 10).
    let auth: AuthInfo | undefined;
    const credential = bearerCredential(request);
    const needed = calls.some(needsCredential);
    if (credential !== undefined && (authenticate !== undefined || needed)) {
      if (authenticate !== undefined) {
        try {
          auth = await authenticate(credential, request, context);
        } catch (error) {
          const id = batch ? null : ((calls[0] as RpcCall).id ?? null);
          const retry = retryableError?.(error);
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
      }
      if (auth === undefined) return unauthorized(calls, batch, true);
      if (context !== undefined) context.auth = auth;
    } else if (needed) {
      return unauthorized(calls, batch, false);
    }

    const exchange: Exchange = { request, context, auth };
    const wantsSse =
      sseAllowed && (headers.get('accept')?.toLowerCase().includes('text/event-stream') ?? false);
    if (!batch) {
      const message = await run(calls[0] as RpcCall, exchange);
      const retry = exchange.retry;
      if (retry !== undefined && typeof message === 'string') {
        return jsonResponse(retry.status, message, retryAfterHeaders(retry.retryAfterSeconds));
      }
      return reply(message === undefined ? [] : [message], false, wantsSse);
    }
    const answers = await Promise.all(
      calls.map((call) => (typeof call === 'string' ? call : run(call, exchange))),
    );
    const messages: Answer[] = [];
    for (const answer of answers) if (answer !== undefined) messages.push(answer);
    return reply(messages, true, wantsSse);
  }

  return {
    async fetch(request: Request, context?: RequestContext): Promise<Response> {
      try {
        return await handle(request, context);
      } catch (error) {
        // Reached only by a bug in this core (every expected failure has its own answer above).
        reportError(error, {});
        return errorResponse(500, null, JsonRpcErrorCode.InternalError, 'Internal error');
      }
    },
  };
}
