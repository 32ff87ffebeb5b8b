/**
 * `@filing-mcp/protocol/transport`: the one interface between the MCP handler and a server bridge
 * that reads requests off a socket and writes answers to it itself, as `@filing-mcp/node-http`
 * does. A `Request` handed to `fetch` or `respond` may carry {@link TransportHooks}: the body's
 * bytes without a copy ({@link bodyBytesHook}), and the fixed answers as their parts
 * ({@link fixedResponseHook}, {@link FixedResponseParts}) rather than as a `Response` to read back.
 * An MCP server author needs none of it: the main entry serves plain `Request`s.
 *
 * @example
 * ```ts
 * import { bodyBytesHook, fixedResponseHook, type FixedResponseParts } from '@filing-mcp/protocol/transport';
 *
 * class SocketRequest extends Request {
 *   [bodyBytesHook]() { return bytesReadOffTheSocket; }
 *   [fixedResponseHook](parts: FixedResponseParts) { return writeLater(parts); }
 * }
 * ```
 */
export {
  bodyBytesHook,
  type FixedResponseParts,
  fixedResponseHook,
  type TransportHooks,
} from './http/response-hook.js';
export {
  acceptResponseParts,
  partsResponse,
  plainResponse,
  type ResponseParts,
  responseParts,
} from './http/response-parts.js';
