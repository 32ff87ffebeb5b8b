import { McpError } from '../jsonrpc/mcp-error.js';
import type { RpcError } from '../jsonrpc/message.js';
import type { PrimitiveServices } from './handler-context.js';
import type { Exchange } from '../context/request-context.js';

const INTERNAL_ERROR: RpcError = Object.freeze({ code: -32603, message: 'Internal error' });

/**
 * The error outcome of a thrown value: an {@link McpError} as it is, anything else as a generic
 * -32603 (its details stay on the server; report them before calling this).
 */
export function errorOutcome(error: unknown): RpcError {
  if (error instanceof McpError) {
    return error.data === undefined
      ? { code: error.code, message: error.message }
      : { code: error.code, message: error.message, data: error.data };
  }
  return INTERNAL_ERROR;
}

/**
 * The outcome of an error a handler threw: an {@link McpError} as it is; a failure the server's
 * `retryableError` option names (a database outage, a rate limit) as its code and message, with
 * its Retry-After left on the exchange so the client retries (503/429); anything else reported to
 * the server's `onError` and answered as a generic -32603.
 */
export function thrownOutcome(
  error: unknown,
  exchange: Exchange,
  services: Pick<PrimitiveServices, 'reportError' | 'retryableError'>,
  where: { method?: string; tool?: string },
): RpcError {
  if (error instanceof McpError) return errorOutcome(error);
  const retry = services.retryableError?.(error);
  if (retry !== undefined) {
    exchange.retry = retry;
    return { code: retry.code, message: retry.message };
  }
  services.reportError(error, where);
  return INTERNAL_ERROR;
}
