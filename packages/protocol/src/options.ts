import type { AuthInfo } from './context/auth-info.js';
import type { Authenticate } from './auth/authenticate.js';
import type { RetryableError } from './jsonrpc/retryable-error.js';
import type { McpMessageObserver } from './context/observe.js';
import type { McpPrimitiveOptions } from './primitives/primitive-options.js';

export type { McpPrimitiveOptions };

/** Who the server is: `serverInfo` of `initialize` and `server/discover`, and its instructions. */
export interface McpServerInfoOptions {
  name: string;
  version: string;
  title?: string;
  instructions?: string;
}

/** Who may call: the credential check, which methods need one, and the scope checks. */
export interface McpAuthOptions {
  /** Verifies `Authorization: Bearer` credentials. Without it, methods that need auth always answer 401. */
  authenticate?: Authenticate;
  /**
   * Which MCP methods need a credential: `'tools/call'` (the spec's default), `'all'`, or
   * `'none'` (a public server, such as a test fixture: a credential that is sent is still checked).
   */
  requireAuth?: 'tools/call' | 'all' | 'none';
  /** Absolute URL of the RFC 9728 protected-resource metadata, named in the 401 challenge. */
  resourceMetadataUrl?: string;
  /**
   * Scope check of a `tools/call` (any tool name, known or not), run after authentication: answer
   * `undefined` to let it run (an unknown tool then gets its usual -32602), or the scopes to name in the challenge when the credential's scopes fall short.
   * Any refused call of a request answers HTTP 403 with `WWW-Authenticate: Bearer
   * error="insufficient_scope", scope="<union over the refused calls>", resource_metadata="..."`
   * (MCP 2025-11-25 scope challenge, SEP-2350: every needed scope in one challenge).
   */
  authorizeToolCall?: (toolName: string, auth: AuthInfo) => readonly string[] | undefined;
  /**
   * Scope check of a `resources/read`, like {@link authorizeToolCall} (`undefined` lets it run, a
   * scope list answers the 403 challenge). When set, `resources/read` needs a credential as
   * `tools/call` does: without one it answers the 401 challenge. The list methods stay open.
   */
  authorizeResourceRead?: (uri: string, auth: AuthInfo) => readonly string[] | undefined;
}

/** The HTTP transport: protocol versions, limits, DNS-rebinding allow-lists and framing. */
export interface McpHttpOptions {
  /**
   * 2025 protocol versions (`initialize` handshake) this server speaks. Default: 2025-03-26,
   * 2025-06-18, 2025-11-25. The 2026-07-28 revision is always served beside them, per request.
   */
  protocolVersions?: string[];
  /** Answered when the client asks for a version not in `protocolVersions`. Default 2025-06-18. */
  defaultProtocolVersion?: string;
  /** Maximum request body in bytes (default 1 MiB); larger answers 413. */
  maxBodyBytes?: number;
  /** Maximum messages in a JSON-RPC batch (default 100); larger answers -32600. */
  maxBatchSize?: number;
  /**
   * DNS-rebinding protection: when set, requests whose `Host` (`name:port`, or `name` on a default
   * port) is not listed answer 403. An entry ending in `:*` (`localhost:*`) allows that name on any
   * port. See `createAllowListCheck`.
   */
  allowedHosts?: string[];
  /**
   * When set, requests whose `Origin` is present and not listed answer 403; requests without one
   * pass. Entries are origins (`https://app.example`); one ending in `:*` (`http://localhost:*`,
   * as `loopbackAllowList` emits) allows that scheme and name on any port, for local tools such as
   * MCP Inspector on their own port.
   */
  allowedOrigins?: string[];
  /**
   * How replies are framed. `'auto'` (default) answers with SSE when the request's `Accept` lists
   * `text/event-stream`, else JSON; `'json'` always answers JSON.
   */
  responseMode?: 'auto' | 'json';
}

/** Hooks into the server: retryable errors, unexpected errors, and the message observer. */
export interface McpHookOptions {
  /**
   * Recognises an error thrown by `authenticate` or a tool handler that the client should retry
   * (the database timed out, a rate limit was reached) and says how to answer it. A request of one
   * message answers the HTTP `status` with `Retry-After` and a JSON-RPC error of `code`; in a batch,
   * only that message gets the error. Errors it does not recognise stay -32603.
   */
  retryableError?: (error: unknown) => RetryableError | undefined;
  /** Called with unexpected errors (handler bugs, authenticate throwing). Never receives credentials. */
  onError?: (error: unknown, context: { method?: string; tool?: string }) => void;
  /**
   * Watches every JSON-RPC message (start, outcome), e.g. to trace it: see {@link McpMessageObserver}.
   * Messages refused as a whole (401, a 2026-07-28 validation error) are reported too.
   */
  observer?: McpMessageObserver;
}

/**
 * The options of earlier releases, one level deep. Each is an alias of the member of the same name
 * in its group (`tools` of `primitives`, `authenticate` of `auth`...); a grouped value wins.
 */
export type McpServerFlatOptions = Omit<McpServerInfoOptions, 'name' | 'version' | 'title'> &
  McpPrimitiveOptions &
  McpAuthOptions &
  McpHttpOptions &
  McpHookOptions;

/**
 * Options of {@link createMcpServer}, by group: `serverInfo`, `primitives`, `auth`, `http`, `hooks`.
 * The flat names of earlier releases ({@link McpServerFlatOptions}) still work.
 */
export interface McpServerOptions extends McpServerFlatOptions {
  /** The server's name, version and title (and its `instructions`). */
  serverInfo: McpServerInfoOptions;
  primitives?: McpPrimitiveOptions;
  auth?: McpAuthOptions;
  http?: McpHttpOptions;
  hooks?: McpHookOptions;
}

/** Every option, resolved from its group or its flat alias. */
export type ResolvedOptions = McpServerFlatOptions & {
  serverInfo: { name: string; version: string; title?: string };
};

/** Reads grouped options first, then the flat alias of the same name. */
export function resolveOptions(options: McpServerOptions): ResolvedOptions {
  const { serverInfo, primitives, auth, http, hooks, ...flat } = options;
  const resolved: Record<string, unknown> = { ...flat };
  if (serverInfo.instructions !== undefined) resolved.instructions = serverInfo.instructions;
  for (const group of [primitives, auth, http, hooks]) {
    if (group === undefined) continue;
    for (const [key, value] of Object.entries(group)) if (value !== undefined) resolved[key] = value;
  }
  resolved.serverInfo = { name: serverInfo.name, version: serverInfo.version, title: serverInfo.title };
  return resolved as unknown as ResolvedOptions;
}
