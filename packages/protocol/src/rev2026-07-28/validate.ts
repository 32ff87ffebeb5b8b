import type { ResponseId } from '../jsonrpc/response.js';
import { JsonRpcErrorCode } from '../jsonrpc/error-codes.js';
import { errorMessage } from '../jsonrpc/response.js';
import type { RpcCall } from '../jsonrpc/message.js';
import { isPlainObject } from '../util/plain-object.js';
import type { MethodTable } from '../primitives/method-table.js';
import { decodeMcpHeaderValue, trimSpacesAndTabs } from '../mcp/header-value.js';
import { META_KEYS } from '../mcp/meta-keys.js';
import { MODERN_PROTOCOL_VERSIONS } from '../mcp/versions.js';

const LOG_LEVELS = new Set(['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency']);
/** Methods of the 2025 revisions that the table may answer on the 2025 wire but 2026-07-28 removed. */
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

/** A 2026-07-28 request refused by the validation ladder: its HTTP status and serialized error. */
export interface Rejection2026 {
  status: number;
  body: string;
}

/** The validation ladder of one server: its result when the request may run. */
export type Validate2026 = (
  call: RpcCall,
  headers: Headers,
) => Rejection2026 | { capabilities: Record<string, unknown> };

function rejection(
  status: number,
  id: ResponseId,
  code: number,
  message: string,
  data?: unknown,
): Rejection2026 {
  return { status, body: errorMessage(id, code, message, data) };
}

/**
 * Runs the validation ladder of the 2026-07-28 Streamable HTTP transport
 * (https://modelcontextprotocol.io/specification/2026-07-28/basic/transports/streamable-http),
 * in the order docs/spec-differences.md#mcp-endpoint gives, on a request with an id: `_meta` (-32602), the
 * protocol-version header (-32020), `Mcp-Method` (-32020), the version (-32022), the other required
 * headers and `Mcp-Name` (-32020), the method (404 / -32601). Returns the rejection, or the
 * request's declared client capabilities when it may run.
 */
export function createValidator2026(table: MethodTable): Validate2026 {
  const supported = new Set(MODERN_PROTOCOL_VERSIONS);
  const supportedList = [...MODERN_PROTOCOL_VERSIONS];
  return function validate(
    call: RpcCall,
    headers: Headers,
  ): Rejection2026 | { capabilities: Record<string, unknown> } {
    const id = call.id ?? null;
    const params = call.params;
    const invalidMeta = (message: string) => rejection(400, id, JsonRpcErrorCode.InvalidParams, message);
    // 1. The envelope: _meta with protocolVersion and clientCapabilities, well-formed optional keys.
    const meta = isPlainObject(params) ? params._meta : undefined;
    if (!isPlainObject(meta)) {
      return invalidMeta(
        `Invalid params: _meta with ${META_KEYS.protocolVersion} and ${META_KEYS.clientCapabilities} is required`,
      );
    }
    const version = meta[META_KEYS.protocolVersion];
    if (typeof version !== 'string') {
      return invalidMeta(`Invalid params: _meta["${META_KEYS.protocolVersion}"] must be a string`);
    }
    const capabilities = meta[META_KEYS.clientCapabilities];
    if (!isPlainObject(capabilities)) {
      return invalidMeta(`Invalid params: _meta["${META_KEYS.clientCapabilities}"] must be an object`);
    }
    const clientInfo = meta[META_KEYS.clientInfo];
    if (
      clientInfo !== undefined &&
      (!isPlainObject(clientInfo) ||
        typeof clientInfo.name !== 'string' ||
        typeof clientInfo.version !== 'string')
    ) {
      return invalidMeta(`Invalid params: _meta["${META_KEYS.clientInfo}"] needs a name and a version`);
    }
    const logLevel = meta[META_KEYS.logLevel];
    if (logLevel !== undefined && (typeof logLevel !== 'string' || !LOG_LEVELS.has(logLevel))) {
      return invalidMeta(`Invalid params: _meta["${META_KEYS.logLevel}"] is not a log level`);
    }
    // 2. The version header, when present, must say the same.
    const headerVersion = headers.get('mcp-protocol-version');
    const trimmedVersion = headerVersion === null ? undefined : trimSpacesAndTabs(headerVersion);
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
  };
}
