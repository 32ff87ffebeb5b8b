import { McpError } from '../jsonrpc/mcp-error.js';
import type { RpcError } from '../jsonrpc/message.js';

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
