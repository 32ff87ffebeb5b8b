import { META_KEYS } from '../mcp/meta-keys.js';
import {
  type InputRequest,
  type InputRequired,
  missingCapabilities,
  missingCapabilityError,
  type RequestStateSeal,
  readInputResponses,
} from './input-required.js';
import { isLoggingLevel, type LoggingLevel, logNotification, shouldLog } from './logging-levels.js';
import { McpError } from '../jsonrpc/mcp-error.js';
import type { Exchange } from '../context/request-context.js';
import { progressNotification, progressTokenOf } from '../mcp/progress.js';
import type { AuthInfo } from '../context/auth-info.js';
import type { RetryableError } from '../jsonrpc/retryable-error.js';

/**
 * What a tool, resource, prompt or completion handler receives besides its arguments: who asks,
 * the request, cancellation, progress and logging on the request's own stream, and the client's
 * answers to an earlier `input_required`.
 */
export interface HandlerContext {
  /** The caller, when the request carried a valid credential. */
  auth: AuthInfo | undefined;
  /** The HTTP request. */
  request: Request;
  /** Aborted when the client disconnects or closes the response stream: stop the work. */
  signal: AbortSignal;
  /** Lets work outlive the response where the runtime allows it. */
  waitUntil: (promise: Promise<unknown>) => void;
  /**
   * The client's capabilities for this request: `_meta.io.modelcontextprotocol/clientCapabilities`
   * on the 2026 wire; `{}` on the 2025 wire, where a stateless server cannot know them.
   */
  clientCapabilities: Readonly<Record<string, unknown>>;
  /**
   * Sends `notifications/progress` on the request's SSE stream. Does nothing when the request
   * carries no `_meta.progressToken` or the reply is not streamed.
   */
  progress: (progress: number, total?: number, message?: string) => void;
  /**
   * Sends `notifications/message` on the request's SSE stream, when the request asked for logs at
   * that level (`_meta.io.modelcontextprotocol/logLevel` on 2026; every level on the 2025 wire
   * when the server declares `logging`).
   */
  log: (level: LoggingLevel, data: unknown, logger?: string) => void;
  /** The client's answers to the previous round's `inputRequests`, by key (2026 wire). */
  inputResponses: Readonly<Record<string, unknown>> | undefined;
  /** The `state` the handler passed to `inputRequired` in the previous round (opened, verified). */
  state: unknown;
}

/** What every primitive gets from the server. */
export interface PrimitiveServices {
  /** Reports an unexpected error to the server's `onError` hook (never throws). */
  reportError: (error: unknown, where: { method?: string; tool?: string }) => void;
  /** The server's `retryableError` option: errors the client should retry (503, 429). */
  retryableError?: (error: unknown) => RetryableError | undefined;
  /** Seals and opens `requestState`. */
  seal: RequestStateSeal;
  /** Whether the server declares `logging` (2025 wire: logs go out at every level). */
  logging: boolean;
  /** Items per page of the list methods. */
  pageSize: number;
}

const NO_CAPABILITIES: Readonly<Record<string, unknown>> = Object.freeze({});

function metaOf(params: Record<string, unknown>): Record<string, unknown> | undefined {
  const meta = params._meta;
  return typeof meta === 'object' && meta !== null && !Array.isArray(meta)
    ? (meta as Record<string, unknown>)
    : undefined;
}

/** The principal a sealed `requestState` is bound to. */
export function principalOf(exchange: Exchange): string {
  return exchange.auth?.userId ?? '';
}

/**
 * Builds the {@link HandlerContext} of one request: reads and checks `inputResponses`, opens a
 * `requestState` bound to `method`/`target`/principal (-32602 when it does not open).
 */
export async function createHandlerContext(
  params: Record<string, unknown>,
  exchange: Exchange,
  binding: { method: string; target: string },
  services: PrimitiveServices,
): Promise<HandlerContext> {
  const { request, context } = exchange;
  const rev2026 = exchange.era === '2026-07-28';
  const inputResponses = rev2026 ? readInputResponses(params) : undefined;
  let state: unknown;
  if (rev2026 && params.requestState !== undefined) {
    state = await services.seal.open(params.requestState, { ...binding, principal: principalOf(exchange) });
  }
  const notify = exchange.notify;
  const progressToken = notify === undefined ? undefined : progressTokenOf(params);
  let threshold: LoggingLevel | undefined;
  if (notify !== undefined) {
    if (rev2026) {
      const level = metaOf(params)?.[META_KEYS.logLevel];
      threshold = isLoggingLevel(level) ? level : undefined;
    } else if (services.logging) {
      threshold = 'debug';
    }
  }
  const where = { method: binding.method };
  return new RequestHandlerContext(exchange, {
    auth: exchange.auth,
    request,
    waitUntil:
      context?.waitUntil ??
      ((promise) => {
        promise.catch((error: unknown) => services.reportError(error, where));
      }),
    clientCapabilities: exchange.clientCapabilities ?? NO_CAPABILITIES,
    progress(progress, total, message) {
      if (progressToken === undefined || notify === undefined) return;
      notify(progressNotification(progressToken, progress, total, message));
    },
    log(level, data, logger) {
      if (notify === undefined || !shouldLog(level, threshold)) return;
      notify(logNotification(level, data, logger));
    },
    inputResponses,
    state,
  });
}

/**
 * A handler's context: its members are own properties (so a handler may destructure them), except
 * `signal`, a getter on the prototype. A getter in an object literal made every request's context
 * a slow-path object that kept its request alive through young-generation collections: a third of
 * the time of a `resources/read`, tripled scavenge times (measured).
 */
class RequestHandlerContext implements HandlerContext {
  readonly #exchange: Exchange;
  readonly auth: HandlerContext['auth'];
  readonly request: HandlerContext['request'];
  readonly waitUntil: HandlerContext['waitUntil'];
  readonly clientCapabilities: HandlerContext['clientCapabilities'];
  readonly progress: HandlerContext['progress'];
  readonly log: HandlerContext['log'];
  readonly inputResponses: HandlerContext['inputResponses'];
  readonly state: HandlerContext['state'];

  constructor(exchange: Exchange, members: Omit<HandlerContext, 'signal'>) {
    this.#exchange = exchange;
    this.auth = members.auth;
    this.request = members.request;
    this.waitUntil = members.waitUntil;
    this.clientCapabilities = members.clientCapabilities;
    this.progress = members.progress;
    this.log = members.log;
    this.inputResponses = members.inputResponses;
    this.state = members.state;
  }

  // Read on demand: some bridges (@hono/node-server) create an AbortController per request the
  // first time `signal` is read, and most handlers never read it.
  get signal(): AbortSignal {
    return this.#exchange.signal ?? this.#exchange.request.signal;
  }
}

/**
 * The serialized `input_required` result (2026 wire), with the handler's state sealed. Throws
 * -32021 when an input request needs a capability the client did not declare; on the 2025
 * wire, which has no such result, throws -32600.
 */
export async function inputRequiredResult(
  answer: InputRequired,
  exchange: Exchange,
  binding: { method: string; target: string },
  services: PrimitiveServices,
): Promise<string> {
  if (exchange.era !== '2026-07-28') {
    throw new McpError(
      -32600,
      'This request needs input from the client (input_required), which needs MCP 2026-07-28',
    );
  }
  const missing = missingCapabilities(answer.inputRequests, exchange.clientCapabilities ?? NO_CAPABILITIES);
  if (missing !== undefined) throw missingCapabilityError(missing);
  const result: { resultType: string; inputRequests?: Record<string, InputRequest>; requestState?: string } =
    { resultType: 'input_required' };
  if (answer.inputRequests !== undefined) result.inputRequests = { ...answer.inputRequests };
  if (answer.state !== undefined) {
    result.requestState = await services.seal.seal(answer.state, {
      ...binding,
      principal: principalOf(exchange),
    });
  }
  return JSON.stringify(result);
}
