import { JsonRpcErrorCode } from '../jsonrpc/error-codes.js';
import {
  errorMessage,
  type ResponseId,
  resultMessage,
  type StaticResult,
  staticResult,
} from '../jsonrpc/response.js';
import { type Answer, isPlainObject, type RpcCall } from '../jsonrpc/message.js';
import {
  type Exchange,
  type HandledMethod,
  type MethodTable,
  RepeatedResult,
} from '../primitives/method-table.js';
import { type CacheHints, checkCacheHints } from './cache-hints.js';
import { decodeMcpHeaderValue } from './mcp-header-value.js';
import { MODERN_PROTOCOL_VERSIONS } from './versions.js';

const PROTOCOL_VERSION_KEY = 'io.modelcontextprotocol/protocolVersion';
const CLIENT_CAPABILITIES_KEY = 'io.modelcontextprotocol/clientCapabilities';
const CLIENT_INFO_KEY = 'io.modelcontextprotocol/clientInfo';
const LOG_LEVEL_KEY = 'io.modelcontextprotocol/logLevel';
const SERVER_INFO_KEY = 'io.modelcontextprotocol/serverInfo';
const SUBSCRIPTION_ID_KEY = 'io.modelcontextprotocol/subscriptionId';

const LOG_LEVELS = new Set(['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency']);
/** Methods of the 2025 revisions that the table may answer on the legacy wire but 2026-07-28 removed. */
const REMOVED_METHODS: ReadonlySet<string> = new Set([
  'logging/setLevel',
  'resources/subscribe',
  'resources/unsubscribe',
]);
/** Methods whose target travels in `Mcp-Name`, and the param that holds it. */
const NAMED_METHODS: ReadonlyMap<string, string> = new Map([
  ['tools/call', 'name'],
  ['prompts/get', 'name'],
  ['resources/read', 'uri'],
]);

/** What the modern era needs to know about the server. */
export interface ModernEraOptions {
  table: MethodTable;
  serverInfo: Record<string, string>;
  instructions: string | undefined;
  cacheHints: CacheHints;
}

/** A modern request refused by the validation ladder: its HTTP status and serialized error. */
export interface ModernRejection {
  status: number;
  body: string;
}

/** The answer to a modern request: one message with its status, or a finished SSE stream (listen). */
export type ModernReply = { status: number; message: Answer } | { sse: string };

/** The 2026-07-28 revision: the validation ladder, then dispatch with the modern envelope. */
export interface ModernEra {
  /**
   * Runs the validation ladder of the 2026-07-28 Streamable HTTP transport
   * (https://modelcontextprotocol.io/specification/2026-07-28/basic/transports/streamable-http),
   * in the order docs/spec-differences.md#mcp-endpoint gives, on a request with an id: `_meta` (-32602), the
   * protocol-version header (-32020), `Mcp-Method` (-32020), the version (-32022), the other required
   * headers and `Mcp-Name` (-32020), the method (404 / -32601). Returns the rejection, or the
   * request's declared client capabilities when it may run.
   */
  validate(call: RpcCall, headers: Headers): ModernRejection | { capabilities: Record<string, unknown> };
  /** Answers a validated request; a promise only when a handler runs. */
  run(call: RpcCall, exchange: Exchange): ModernReply | Promise<ModernReply>;
}

/** True when a request's params carry the modern envelope claim (the `_meta` protocolVersion key). */
export function hasModernClaim(params: unknown): boolean {
  if (!isPlainObject(params)) return false;
  const meta = params._meta;
  return isPlainObject(meta) && PROTOCOL_VERSION_KEY in meta;
}

function rejection(
  status: number,
  id: ResponseId,
  code: number,
  message: string,
  data?: unknown,
): ModernRejection {
  return { status, body: errorMessage(id, code, message, data) };
}

/**
 * The modern era. Results get `resultType: "complete"` and the server's identity in `_meta`;
 * cacheable ones (discover, `tools/list`...) the caching hints. Fixed results are encoded once here.
 */
export function createModernEra(options: ModernEraOptions): ModernEra {
  const { table, cacheHints } = options;
  checkCacheHints(cacheHints, 'cacheHints');
  const supported = new Set(MODERN_PROTOCOL_VERSIONS);
  const supportedList = [...MODERN_PROTOCOL_VERSIONS];
  const metaJson = JSON.stringify({ [SERVER_INFO_KEY]: options.serverInfo });
  const envelope = `"resultType":"complete","_meta":${metaJson}`;
  const cacheJson = `"ttlMs":${cacheHints.ttlMs},"cacheScope":"${cacheHints.cacheScope}"`;

  for (const [name, entry] of table.methods) {
    if (typeof entry.cacheable === 'object') checkCacheHints(entry.cacheable, `the caching hints of ${name}`);
  }

  /**
   * A result object's JSON with the modern fields added (merging a `_meta` the result already has):
   * `cacheable` is `true` for the server's caching hints, or a method's own hints.
   */
  const wrap = (json: string, cacheable: boolean | CacheHints | undefined): string => {
    const hints = typeof cacheable === 'object' ? cacheable : cacheable === true ? cacheHints : undefined;
    const extra =
      hints === undefined
        ? envelope
        : hints === cacheHints
          ? `${cacheJson},${envelope}`
          : `"ttlMs":${hints.ttlMs},"cacheScope":"${hints.cacheScope}",${envelope}`;
    if (json.includes('"_meta"') || json.includes('"resultType"')) {
      const result = JSON.parse(json) as Record<string, unknown>;
      const meta = isPlainObject(result._meta) ? result._meta : {};
      return JSON.stringify({
        ...result,
        resultType: result.resultType ?? 'complete',
        // An input_required result is never cached (SEP-2549): it carries no hints.
        ...(hints !== undefined && result.resultType !== 'input_required'
          ? { ttlMs: hints.ttlMs, cacheScope: hints.cacheScope }
          : {}),
        _meta: { ...meta, [SERVER_INFO_KEY]: options.serverInfo },
      });
    }
    return json === '{}' ? `{${extra}}` : `${json.slice(0, -1)},${extra}}`;
  };

  const fixedResults = new Map<string, StaticResult>();
  for (const [name, entry] of table.methods) {
    if ('fixed' in entry) fixedResults.set(name, staticResult(wrap(entry.fixed, entry.cacheable === true)));
  }
  const discoverResult = staticResult(
    wrap(
      JSON.stringify({
        supportedVersions: supportedList,
        capabilities: table.capabilities,
        ...(options.instructions === undefined ? {} : { instructions: options.instructions }),
      }),
      true,
    ),
  );

  function validate(
    call: RpcCall,
    headers: Headers,
  ): ModernRejection | { capabilities: Record<string, unknown> } {
    const id = call.id ?? null;
    const params = call.params;
    const invalidMeta = (message: string) => rejection(400, id, JsonRpcErrorCode.InvalidParams, message);
    // 1. The envelope: _meta with protocolVersion and clientCapabilities, well-formed optional keys.
    const meta = isPlainObject(params) ? params._meta : undefined;
    if (!isPlainObject(meta)) {
      return invalidMeta(
        `Invalid params: _meta with ${PROTOCOL_VERSION_KEY} and ${CLIENT_CAPABILITIES_KEY} is required`,
      );
    }
    const version = meta[PROTOCOL_VERSION_KEY];
    if (typeof version !== 'string') {
      return invalidMeta(`Invalid params: _meta["${PROTOCOL_VERSION_KEY}"] must be a string`);
    }
    const capabilities = meta[CLIENT_CAPABILITIES_KEY];
    if (!isPlainObject(capabilities)) {
      return invalidMeta(`Invalid params: _meta["${CLIENT_CAPABILITIES_KEY}"] must be an object`);
    }
    const clientInfo = meta[CLIENT_INFO_KEY];
    if (
      clientInfo !== undefined &&
      (!isPlainObject(clientInfo) ||
        typeof clientInfo.name !== 'string' ||
        typeof clientInfo.version !== 'string')
    ) {
      return invalidMeta(`Invalid params: _meta["${CLIENT_INFO_KEY}"] needs a name and a version`);
    }
    const logLevel = meta[LOG_LEVEL_KEY];
    if (logLevel !== undefined && (typeof logLevel !== 'string' || !LOG_LEVELS.has(logLevel))) {
      return invalidMeta(`Invalid params: _meta["${LOG_LEVEL_KEY}"] is not a log level`);
    }
    // 2. The version header, when present, must say the same.
    const headerVersion = headers.get('mcp-protocol-version');
    const trimmedVersion = headerVersion?.replace(/^[ \t]+|[ \t]+$/g, '');
    if (trimmedVersion !== undefined && trimmedVersion !== version) {
      return rejection(
        400,
        id,
        JsonRpcErrorCode.HeaderMismatch,
        'Bad Request: the MCP-Protocol-Version header does not match _meta protocolVersion',
      );
    }
    // 3. Mcp-Method, when present, must name the body's method (values compare case-sensitively).
    const rawMethod = headers.get('mcp-method');
    const headerMethod = rawMethod === null ? undefined : decodeMcpHeaderValue(rawMethod);
    if (rawMethod !== null && headerMethod !== call.method) {
      return rejection(
        400,
        id,
        JsonRpcErrorCode.HeaderMismatch,
        'Bad Request: the Mcp-Method header does not match the body',
      );
    }
    // 4. The version must be one this server speaks.
    if (!supported.has(version)) {
      return rejection(
        400,
        id,
        JsonRpcErrorCode.UnsupportedProtocolVersion,
        `Unsupported protocol version: ${version.length > 64 ? `${version.slice(0, 64)}...` : version}`,
        { supported: supportedList, requested: version },
      );
    }
    // 5. Required headers: the version, the method and, for a named target, Mcp-Name.
    if (trimmedVersion === undefined) {
      return rejection(
        400,
        id,
        JsonRpcErrorCode.HeaderMismatch,
        'Bad Request: the MCP-Protocol-Version header is required',
      );
    }
    if (rawMethod === null) {
      return rejection(
        400,
        id,
        JsonRpcErrorCode.HeaderMismatch,
        'Bad Request: the Mcp-Method header is required',
      );
    }
    const nameParam = NAMED_METHODS.get(call.method);
    const target = nameParam === undefined || !isPlainObject(params) ? undefined : params[nameParam];
    if (typeof target === 'string') {
      const rawName = headers.get('mcp-name');
      if (rawName === null) {
        return rejection(
          400,
          id,
          JsonRpcErrorCode.HeaderMismatch,
          'Bad Request: the Mcp-Name header is required',
        );
      }
      const name = decodeMcpHeaderValue(rawName);
      if (name === undefined) {
        return rejection(
          400,
          id,
          JsonRpcErrorCode.HeaderMismatch,
          'Bad Request: the Mcp-Name header holds invalid base64',
        );
      }
      if (name !== target) {
        return rejection(
          400,
          id,
          JsonRpcErrorCode.HeaderMismatch,
          'Bad Request: the Mcp-Name header does not match the body',
        );
      }
    }
    // 6. Removed (initialize, ping, logging/setLevel...) and unknown methods.
    if (
      REMOVED_METHODS.has(call.method) ||
      (!table.methods.has(call.method) &&
        call.method !== 'server/discover' &&
        call.method !== 'subscriptions/listen')
    ) {
      return rejection(404, id, JsonRpcErrorCode.MethodNotFound, 'Method not found');
    }
    return { capabilities };
  }

  function listen(id: ResponseId, params: unknown): ModernReply {
    const filter = isPlainObject(params) ? params.notifications : undefined;
    if (!isPlainObject(filter)) {
      return {
        status: 200,
        message: errorMessage(
          id,
          JsonRpcErrorCode.InvalidParams,
          'Invalid params: notifications must be an object',
        ),
      };
    }
    // Nothing is advertised as listChanged, so no notification type is honoured: acknowledge an
    // empty set, then close the subscription cleanly with its final result.
    const subscription = JSON.stringify({ [SUBSCRIPTION_ID_KEY]: id });
    const ack = `{"jsonrpc":"2.0","method":"notifications/subscriptions/acknowledged","params":{"notifications":{},"_meta":${subscription}}}`;
    const done = resultMessage(
      id,
      `{"resultType":"complete","_meta":${JSON.stringify({ [SUBSCRIPTION_ID_KEY]: id, [SERVER_INFO_KEY]: options.serverInfo })}}`,
    );
    return { sse: `event: message\ndata: ${ack}\n\nevent: message\ndata: ${done}\n\n` };
  }

  function run(call: RpcCall, exchange: Exchange): ModernReply | Promise<ModernReply> {
    const id = call.id ?? null;
    const { method, params } = call;
    if (method === 'server/discover') return { status: 200, message: { id, result: discoverResult } };
    if (method === 'subscriptions/listen') return listen(id, params);
    const fixed = fixedResults.get(method);
    if (fixed !== undefined) return { status: 200, message: { id, result: fixed } };
    const entry = table.methods.get(method);
    if (entry === undefined || 'fixed' in entry) {
      return { status: 404, message: errorMessage(id, JsonRpcErrorCode.MethodNotFound, 'Method not found') };
    }
    if (method === 'tools/call' && isPlainObject(params)) {
      // Multi-round-trip input (SEP-2322): this server never asks for input, but malformed answers
      // to a request it might have made are still an error, never a crash or a silent success.
      if ('inputResponses' in params && !isPlainObject(params.inputResponses)) {
        return {
          status: 200,
          message: errorMessage(
            id,
            JsonRpcErrorCode.InvalidParams,
            'Invalid params: inputResponses must be an object',
          ),
        };
      }
      if ('requestState' in params && typeof params.requestState !== 'string') {
        return {
          status: 200,
          message: errorMessage(
            id,
            JsonRpcErrorCode.InvalidParams,
            'Invalid params: requestState must be a string',
          ),
        };
      }
    }
    return runHandler(id, entry, params, exchange);
  }

  async function runHandler(
    id: ResponseId,
    entry: HandledMethod,
    params: unknown,
    exchange: Exchange,
  ): Promise<ModernReply> {
    const outcome = await entry.handle(params, exchange);
    if (typeof outcome === 'string') {
      return { status: 200, message: resultMessage(id, wrap(outcome, entry.cacheable)) };
    }
    if (outcome instanceof RepeatedResult) {
      outcome.modern ??= staticResult(wrap(outcome.json, entry.cacheable));
      return { status: 200, message: { id, result: outcome.modern } };
    }
    const status =
      outcome.code === JsonRpcErrorCode.MissingRequiredClientCapability ||
      outcome.code === JsonRpcErrorCode.HeaderMismatch
        ? 400
        : 200;
    return { status, message: errorMessage(id, outcome.code, outcome.message, outcome.data) };
  }

  return { validate, run };
}
