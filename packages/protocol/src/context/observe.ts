import { JsonRpcErrorCode } from '../jsonrpc/error-codes.js';
import type { ResponseMessage, RpcCall } from '../jsonrpc/message.js';
import type { ResponseId } from '../jsonrpc/response.js';
import type { Exchange } from './request-context.js';

/** One JSON-RPC message as it starts running (after the JSON-RPC checks). */
export interface McpMessageStart {
  /** `method` of the message, e.g. `tools/call`. */
  method: string;
  /** Its id; `undefined` for a notification. */
  id: string | number | undefined;
  /** Its `params` as sent (unvalidated): an observer reads `name` and `_meta` from it. */
  params: unknown;
  /** The HTTP request that carried it (headers such as `traceparent`, `mcp-protocol-version`). */
  request: Request;
}

/** How a message ended. Nothing here is secret: codes and the server's own fixed messages. */
export interface McpMessageOutcome {
  /** JSON-RPC error code of the answer, when it is an error. */
  errorCode?: number;
  /** The JSON-RPC error message, when it is an error. */
  errorMessage?: string;
  /** A `tools/call` answered a result with `isError: true`. */
  toolError?: boolean;
  /** HTTP status of the answer when it is not 200 (e.g. 401 with the challenge). */
  httpStatus?: number;
}

/** Brackets one message: work runs inside {@link McpMessageScope.run}, then `end` reports the outcome. */
export interface McpMessageScope {
  /** Runs the message's work (tracing context, for instance, flows into it). */
  run<T>(work: () => Promise<T>): Promise<T>;
  end(outcome: McpMessageOutcome): void;
}

/**
 * Watches every JSON-RPC message the server runs: the hook behind tracing and metrics. `start` is
 * called once per message (a batch calls it per member); returning `undefined` skips the message.
 * An observer must not throw; it never sees credentials (only the request it may read headers of).
 */
export interface McpMessageObserver {
  start(message: McpMessageStart): McpMessageScope | undefined;
}

const RESPONSE_HEAD = '{"jsonrpc":"2.0","id":';
const NO_OUTCOME: McpMessageOutcome = Object.freeze({});

/**
 * Reads the outcome from a serialized response message (cheap: no full parse of a result).
 * An error answer is `{"jsonrpc":"2.0","id":<id>,"error":...}`. A tools/call result is an `isError`
 * one exactly when it lacks `"structuredContent":` outside a string: inside a JSON string every `"`
 * is escaped, so a quote directly before `:` cannot occur there, and every successful tool result
 * here carries structuredContent.
 */
export function messageOutcome(message: string, id: ResponseId, method: string): McpMessageOutcome {
  const head = RESPONSE_HEAD + (typeof id === 'number' ? String(id) : JSON.stringify(id));
  if (message.startsWith(',"error":', head.length) && message.startsWith(head)) {
    try {
      const error = (JSON.parse(message) as { error?: { code?: unknown; message?: unknown } }).error;
      return {
        ...(typeof error?.code === 'number' && { errorCode: error.code }),
        ...(typeof error?.message === 'string' && { errorMessage: error.message }),
      };
    } catch {
      return NO_OUTCOME;
    }
  }
  if (method === 'tools/call' && !message.includes('"structuredContent":')) return { toolError: true };
  return NO_OUTCOME;
}

/** The observer's part in the server: each message observed, and refusals reported. */
export interface Observation {
  /**
   * Runs `work` for one message inside the observer's scope. Without a scope the work's own value
   * is returned as is (no promise of a promise): each async layer on the way to an answer costs
   * microtask turns, and a fixed result needs none.
   */
  observed<T>(
    call: RpcCall,
    exchange: Exchange,
    work: (call: RpcCall, exchange: Exchange) => T | Promise<T>,
    outcomeOf: (result: T, call: RpcCall) => McpMessageOutcome,
  ): T | Promise<T>;
  /** Reports each message of a request refused as a whole (401, 500 of authenticate, a 2026-07-28 validation error). */
  refused(calls: ReadonlyArray<RpcCall | string>, request: Request, status: number, body?: string): void;
}

/** The outcome of a message's answer (none for a fixed result, which is never an error). */
export function responseOutcome(answer: ResponseMessage | undefined, call: RpcCall): McpMessageOutcome {
  return typeof answer === 'string' ? messageOutcome(answer, call.id ?? null, call.method) : NO_OUTCOME;
}

/** The {@link Observation} of `observer`, or undefined without one (then observing costs nothing). */
export function createObservation(observer: McpMessageObserver | undefined): Observation | undefined {
  if (observer === undefined) return undefined;
  async function observedInScope<T>(
    scope: McpMessageScope,
    call: RpcCall,
    exchange: Exchange,
    work: (call: RpcCall, exchange: Exchange) => T | Promise<T>,
    outcomeOf: (result: T, call: RpcCall) => McpMessageOutcome,
  ): Promise<T> {
    let outcome: McpMessageOutcome = {
      errorCode: JsonRpcErrorCode.InternalError,
      errorMessage: 'Internal error',
    };
    try {
      const result = await scope.run(async () => work(call, exchange));
      outcome = outcomeOf(result, call);
      return result;
    } finally {
      scope.end(outcome);
    }
  }
  return {
    observed(call, exchange, work, outcomeOf) {
      const scope = observer.start({
        method: call.method,
        id: call.id,
        params: call.params,
        request: exchange.request,
      });
      if (scope === undefined) return work(call, exchange);
      return observedInScope(scope, call, exchange, work, outcomeOf);
    },
    refused(calls, request, status, body) {
      for (const call of calls) {
        if (typeof call === 'string') continue;
        const outcome: McpMessageOutcome =
          body !== undefined
            ? { ...messageOutcome(body, call.id ?? null, call.method), httpStatus: status }
            : status === 401
              ? { errorCode: JsonRpcErrorCode.Unauthorized, errorMessage: 'Unauthorized', httpStatus: status }
              : {
                  errorCode: JsonRpcErrorCode.InternalError,
                  errorMessage: 'Internal error',
                  httpStatus: status,
                };
        observer.start({ method: call.method, id: call.id, params: call.params, request })?.end(outcome);
      }
    },
  };
}
