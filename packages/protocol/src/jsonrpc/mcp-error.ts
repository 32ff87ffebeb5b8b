/**
 * A JSON-RPC error a handler (or the core) answers with: `code`, `message` and optional `data`
 * go to the client as they are, so never put a secret in them. Throw it from a resource, prompt or
 * completion handler to answer with that error instead of a result.
 *
 * @example
 * ```ts
 * throw new McpError(JsonRpcErrorCode.InvalidParams, 'Unknown city', { city });
 * ```
 */
export class McpError extends Error {
  /** The JSON-RPC error code. */
  readonly code: number;
  /** The JSON-RPC error `data`, when there is one. */
  readonly data: unknown;

  constructor(code: number, message: string, data?: unknown, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'McpError';
    this.code = code;
    this.data = data;
  }
}

/** `-32602` with a message, the answer to params the method cannot use. */
export function invalidParams(message: string, data?: unknown): McpError {
  return new McpError(-32602, message, data);
}
