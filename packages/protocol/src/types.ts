import type { z } from 'zod';

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

/** What a tool handler receives besides its validated arguments. */
export interface ToolContext {
  /** Present for every tool call that passed authentication (tools/call requires it by default). */
  auth: AuthInfo;
  request: Request;
  waitUntil: (promise: Promise<unknown>) => void;
  /** Aborted when the client disconnects, where the runtime reports it. */
  signal: AbortSignal;
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
  outputSchema?: z.ZodObject<any>;
  annotations?: ToolAnnotations;
  /**
   * Runs the tool. A handler that answers the same deeply frozen object again (a static result,
   * e.g. a schema descriptor) has it validated and serialized once; the bytes are reused while the
   * object lives. Freeze it deeply: nested objects are not checked again.
   */
  handler: (args: z.output<Input>, context: ToolContext) => Promise<Output> | Output;
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
  /** Protocol versions this server speaks. Default: 2025-03-26, 2025-06-18, 2025-11-25. */
  protocolVersions?: string[];
  /** Answered when the client asks for a version not in `protocolVersions`. Default 2025-06-18. */
  defaultProtocolVersion?: string;
  tools: ToolDefinition<any, any>[];
  /** Verifies `Authorization: Bearer` credentials. Without it, methods that need auth always answer 401. */
  authenticate?: Authenticate;
  /** Which MCP methods need a credential: `'tools/call'` (the spec's default) or `'all'`. */
  requireAuth?: 'tools/call' | 'all';
  /** Absolute URL of the RFC 9728 protected-resource metadata, named in the 401 challenge. */
  resourceMetadataUrl?: string;
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
}

/** The object {@link createMcpServer} returns: plug it into any Fetch-API runtime. */
export interface McpServer {
  fetch(request: Request, context?: RequestContext): Promise<Response>;
}
