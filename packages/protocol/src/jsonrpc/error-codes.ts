/**
 * JSON-RPC 2.0 error codes the MCP endpoint answers with. The first five are JSON-RPC's own;
 * `Unauthorized` (-32001) is the authentication challenge (docs/spec-differences.md#authentication).
 *
 * @example
 * ```ts
 * if (body.error?.code === JsonRpcErrorCode.Unauthorized) startOAuth();
 * ```
 */
export const JsonRpcErrorCode = {
  /** Body is not valid JSON (HTTP 400, id null). */
  ParseError: -32700,
  /** Not a JSON-RPC 2.0 request, an empty or oversized batch, or a request the transport refuses. */
  InvalidRequest: -32600,
  /** No such method (HTTP 200). */
  MethodNotFound: -32601,
  /** The method exists but its params are wrong, including an unknown tool name. */
  InvalidParams: -32602,
  /** An unexpected failure on the server; the message is always generic. */
  InternalError: -32603,
  /** Missing, invalid or expired credential (HTTP 401 with a `WWW-Authenticate` challenge). */
  Unauthorized: -32001,
  /** The credential is valid but lacks a scope the call needs (HTTP 403, `insufficient_scope`). */
  InsufficientScope: -32003,
  /** MCP 2026-07-28: a required `Mcp-*` or `MCP-Protocol-Version` header is missing or disagrees with the body (HTTP 400). */
  HeaderMismatch: -32020,
  /** MCP 2026-07-28: the request needs a client capability its `_meta` does not declare (HTTP 400). */
  MissingRequiredClientCapability: -32021,
  /** MCP 2026-07-28: the request's protocol version is not served; `data` has `supported` and `requested` (HTTP 400). */
  UnsupportedProtocolVersion: -32022,
  /**
   * A dependency (the database) did not answer in time; retry after the `Retry-After` seconds.
   * -32005 since 1.2.0: it was -32003, the code of `InsufficientScope` too.
   */
  ServiceUnavailable: -32005,
  /** Too many requests for this credential; retry after the `Retry-After` seconds. */
  RateLimited: -32004,
} as const;

/** One of the values of {@link JsonRpcErrorCode}. */
export type JsonRpcErrorCode = (typeof JsonRpcErrorCode)[keyof typeof JsonRpcErrorCode];
