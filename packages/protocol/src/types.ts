import type { McpMessageObserver } from './message-observer.js';
import type { z } from 'zod';
import type { ToolResult } from './content.js';
import type { HandlerContext } from './handler-context.js';
import type { InputRequired } from './input-required.js';
import type { ListChangedKind } from './listen.js';
import type { PromptDefinition } from './primitives/prompts.js';
import type { ResourceDefinition, ResourceTemplateDefinition } from './primitives/resources.js';

/** Who made a request, as established by the server's {@link Authenticate} hook. */
export interface AuthInfo {
  /** The user every tool acts on behalf of. */
  userId: string;
  /** OAuth client id when the credential is an OAuth access token. */
  clientId?: string;
  /** Granted scopes. */
  scopes?: string[];
  /** Safe-to-log prefix of the credential (never the credential itself), e.g. `nf_3fa8` or `mcp_at_`. */
  credentialPrefix?: string;
  /** Expiry of the credential, Unix seconds, when known. */
  expiresAt?: number;
}

/**
 * Verifies a bearer credential. Resolve to the caller's identity, or to `undefined` when the
 * credential is unknown, expired or revoked (the core answers 401 with `error="invalid_token"`).
 * Throwing is an internal error (HTTP 500 / -32603), not an authentication failure. `context` is
 * the adapter's per-request context, when it passed one (e.g. for `waitUntil` of background work).
 */
export type Authenticate = (
  credential: string,
  request: Request,
  context?: RequestContext,
) => Promise<AuthInfo | undefined>;

/**
 * Per-request context an adapter may pass to `fetch`. The core fills `auth` once the caller is
 * known so that the adapter can log the user id and credential prefix.
 */
export interface RequestContext {
  /** Lets work outlive the response where the runtime allows it (Vercel); adapters that cannot, await it. */
  waitUntil?: (promise: Promise<unknown>) => void;
  /** Request id for logs; echoed nowhere unless the adapter does so. */
  requestId?: string;
  /** Set by the core after a successful authentication. */
  auth?: AuthInfo;
  /**
   * The client's network address as the adapter knows it (socket address, the platform's source
   * IP); per-address rate limits apply only when it is set.
   */
  clientAddress?: string;
}

/**
 * What a tool handler receives besides its validated arguments: the {@link HandlerContext}
 * (request, cancellation signal, progress, logging, input responses) with the caller always known.
 */
export interface ToolContext extends HandlerContext {
  /**
   * The caller. Present for every tool call that passed authentication (tools/call requires it by
   * default); with `requireAuth: 'none'`, an anonymous call gets `{ userId: '' }`.
   */
  auth: AuthInfo;
}

/** MCP tool annotations (hints for agents). */
export interface ToolAnnotations {
  title?: string;
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
}

/**
 * A tool: name, human text, zod input schema (must be a `z.object`), optional zod output schema,
 * annotations and a handler. The handler's resolved value becomes `structuredContent` (it must be a
 * plain object) and one text item with the same JSON. Throw {@link ToolError} for an expected domain
 * failure (becomes an `isError` result with its message); any other throw is an internal error whose
 * message is not shown to the client.
 */
export interface ToolDefinition<
  Input extends z.ZodObject<any> = z.ZodObject<any>,
  Output extends Record<string, unknown> = Record<string, unknown>,
> {
  name: string;
  title?: string;
  description: string;
  inputSchema: Input;
  /**
   * The input schema `tools/list` shows, verbatim (JSON Schema 2020-12 kept intact: `$schema`,
   * `$defs`, `$anchor`, `allOf`/`anyOf`, `if`/`then`/`else`, `additionalProperties`, and
   * `x-mcp-header` annotations). Root `type` must be `"object"`. Arguments are still validated
   * with `inputSchema`. Without it, the listed schema is derived from `inputSchema`.
   */
  inputJsonSchema?: Readonly<Record<string, unknown>>;
  outputSchema?: z.ZodObject<any>;
  annotations?: ToolAnnotations;
  /**
   * Runs the tool. A plain object becomes `structuredContent` plus one text item with its JSON;
   * {@link toolResult} answers a full `CallToolResult` (any content kinds);
   * {@link inputRequired} asks the client for input first (2026 wire). A handler that answers the same deeply frozen object again (a static result,
   * e.g. a schema descriptor) has it validated and serialized once; the bytes are reused while the
   * object lives. Freeze it deeply: nested objects are not checked again.
   */
  handler: (
    args: z.output<Input>,
    context: ToolContext,
  ) => Promise<Output | ToolResult | InputRequired> | Output | ToolResult | InputRequired;
}

/** How to answer an error the client should retry (see `retryableError`). */
export interface RetryableError {
  /** HTTP status of a one-message request, e.g. 503 or 429. */
  status: number;
  /** JSON-RPC error code, e.g. `JsonRpcErrorCode.ServiceUnavailable`. */
  code: number;
  message: string;
  /** Seconds for `Retry-After`. */
  retryAfterSeconds: number;
}

/** Options of {@link createMcpServer}. */
export interface McpServerOptions {
  serverInfo: { name: string; version: string; title?: string };
  instructions?: string;
  /**
   * Legacy protocol versions (`initialize` handshake) this server speaks. Default: 2025-03-26,
   * 2025-06-18, 2025-11-25. The modern revision (2026-07-28) is always served beside them, per request.
   */
  protocolVersions?: string[];
  /** Answered when the client asks for a version not in `protocolVersions`. Default 2025-06-18. */
  defaultProtocolVersion?: string;
  tools: ToolDefinition<any, any>[];
  /** Resources with a fixed URI (`resources/list`, `resources/read`). Declares `resources` when any. */
  resources?: ResourceDefinition[];
  /** Resource templates (`resources/templates/list`, read through `resources/read`). */
  resourceTemplates?: ResourceTemplateDefinition[];
  /** Prompts (`prompts/list`, `prompts/get`). Declares `prompts` when any. */
  prompts?: PromptDefinition[];
  /**
   * Declares the `logging` capability: handlers' `context.log` messages go out on the request's SSE
   * stream (legacy wire: every level; 2026 wire: at or above the request's `_meta` logLevel).
   */
  logging?: boolean;
  /**
   * Announces list changes (`listChanged: true` on the declared tools, prompts and resources
   * capabilities): call `notifyListChanged` and 2026 clients listening with `subscriptions/listen`
   * get `notifications/<kind>/list_changed`. The legacy wire has no stream to deliver them on.
   */
  listChanged?: boolean;
  /** Items per page of `resources/list`, `resources/templates/list` and `prompts/list` (default 100). */
  pageSize?: number;
  /**
   * Secret (32+ characters) that seals `requestState` (AES-GCM); the same on every instance.
   * Without it each instance makes a random key, so a retried request must reach the same instance.
   */
  requestStateSecret?: string;
  /** How long a sealed `requestState` stays valid (default 10 minutes). */
  requestStateLifetimeMs?: number;
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
  /**
   * Caching hints (MCP 2026-07-28, SEP-2549) on `server/discover` and `tools/list` of the modern
   * wire. `public` only when the tool list is the same for every caller. Default: `ttlMs` 0, `private`.
   */
  cacheHints?: { ttlMs: number; cacheScope: 'public' | 'private' };
  /**
   * Caching hints of `resources/read` on the modern wire; default {@link cacheHints}. Resources
   * that belong to a user say `{ ttlMs: 0, cacheScope: 'private' }`.
   */
  resourceReadCacheHints?: { ttlMs: number; cacheScope: 'public' | 'private' };
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
   * Messages refused as a whole (401, a modern validation error) are reported too.
   */
  observer?: McpMessageObserver;
}

/** The object {@link createMcpServer} returns: plug it into any Fetch-API runtime. */
export interface McpServer {
  /** Answers one HTTP request (any path: route before calling it). */
  fetch(request: Request, context?: RequestContext): Promise<Response>;
  /**
   * Announces that the tools, prompts or resources list changed: `notifications/<kind>/list_changed`
   * goes to every open 2026 `subscriptions/listen` stream of this instance that asked for it,
   * tagged with its subscription id. Throws unless the server was created with `listChanged: true`
   * and serves that kind.
   */
  notifyListChanged(kind: ListChangedKind): void;
}
