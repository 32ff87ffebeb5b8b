/** A fixed answer of the MCP handler: everything of it, before any `Response` is made. */
export interface FixedResponseParts {
  readonly status: number;
  /** Lower-case names; shared and frozen, never changed. */
  readonly headers: Readonly<Record<string, string>>;
  /** The whole body, or `null` for none. */
  readonly body: Uint8Array<ArrayBuffer> | null;
  /**
   * The same body as pieces, in order, when it is made of them (a fixed result's encoded tail
   * after the request's id): a bridge that writes to a socket can send them as they are, without
   * `body` joining them into one copy. Absent for a body of one piece.
   */
  readonly bodyChunks?: readonly Uint8Array[];
}

/**
 * The key of the hook through which a server bridge builds the `Response` of the MCP handler's
 * fixed answers itself. A request that has a function under this key (own or inherited) gets
 * every fixed answer from `request[fixedResponseHook](parts)`; any other request gets a plain
 * `new Response(body, { status, headers })`. Streamed answers (SSE) are always real `Response`s.
 *
 * A bridge that writes answers to a socket uses it to skip the `Headers` object and body stream of
 * a `Response` it would only read back (`@filing-mcp/node-http` does). A registered symbol, so two
 * copies of this package agree on it.
 */
export const fixedResponseHook: unique symbol = Symbol.for('@filing-mcp/protocol.fixedResponse');

/**
 * The key of the hook through which a server bridge hands the core a request's body bytes without
 * copying them. A request that has a function under this key (own or inherited) has its body read,
 * when its `Content-Length` is within the limit, from `request[bodyBytesHook]()`: the whole body,
 * which the core decodes at once and neither keeps nor changes (it may be a view into a buffer of
 * the bridge's). A bridge that has read the body already answers the bytes themselves rather than
 * a promise: the core then answers a fixed result without waiting for anything
 * (the server's `respond` answers it without a promise). Any other request is read through
 * `arrayBuffer()`, which hands the caller a copy of its own. A registered symbol, so two copies of
 * this package agree on it.
 */
export const bodyBytesHook: unique symbol = Symbol.for('@filing-mcp/protocol.bodyBytes');

/**
 * The transport interface between the MCP handler and a server bridge: what a `Request` handed to
 * `fetch` or `respond` may carry (own or inherited) besides being a `Request`. Each hook is
 * optional and used only when it is a function; a request with neither is served as any other.
 * A bridge that writes answers to a socket itself (`@filing-mcp/node-http`) offers both.
 */
export interface TransportHooks {
  /** See {@link fixedResponseHook}: builds the `Response` of each fixed answer. */
  [fixedResponseHook]?: (parts: FixedResponseParts) => Response;
  /** See {@link bodyBytesHook}: the body's bytes, uncopied, at once when read already. */
  [bodyBytesHook]?: () => Uint8Array | Promise<Uint8Array>;
}
