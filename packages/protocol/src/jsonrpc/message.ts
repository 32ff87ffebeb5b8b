import { isPlainObject } from '../util/plain-object.js';
import { isEchoableId, MAX_PARAMS_DEPTH } from './client-input.js';
import { JsonRpcErrorCode } from './error-codes.js';
import { errorMessage, type ResponseId, type StaticResult } from './response.js';

/** A request that passed the JSON-RPC checks; `id` is `undefined` for a notification. */
export interface RpcCall {
  id: string | number | undefined;
  method: string;
  params: unknown;
  /**
   * True when the body's text already proves what `paramsProblemAnswer` would look for absent
   * (see {@link plainBodyText}), so the params need no walk.
   */
  paramsPlain?: boolean;
}

/** A JSON-RPC error a method answers with; the era adds the id (and, on the 2026-07-28 wire, the HTTP status). */
export interface RpcError {
  code: number;
  message: string;
  data?: unknown;
}

/** A JSON-RPC response whose result is fixed: its bytes are assembled without serializing. */
export interface StaticResponseMessage {
  id: ResponseId;
  result: StaticResult;
}

/** One JSON-RPC response message (a result or an error): serialized, or a {@link StaticResponseMessage}. */
export type ResponseMessage = string | StaticResponseMessage;

/**
 * Whether a request body's text rules out every params problem (client-input.ts) on its own: a
 * NUL or a lone surrogate reaches a JSON string only through a `\u` escape (raw control
 * characters are not JSON, and UTF-8 decodes to no lone surrogate), and params nested deeper
 * than {@link MAX_PARAMS_DEPTH} need more than twice that many brackets.
 */
export function plainBodyText(text: string): boolean {
  return text.length <= 2 * MAX_PARAMS_DEPTH && !text.includes('\\u');
}

/**
 * Checks one JSON-RPC message: an {@link RpcCall}, or the serialized -32600 response it earns.
 * A request whose id cannot be read is answered with id `null`, as JSON-RPC 2.0 says.
 */
export function toCall(message: unknown, paramsPlain = false): RpcCall | string {
  if (!isPlainObject(message)) {
    return errorMessage(null, JsonRpcErrorCode.InvalidRequest, 'Invalid Request: expected a JSON-RPC object');
  }
  const id = message.id;
  if (id !== undefined && typeof id !== 'string' && typeof id !== 'number') {
    return errorMessage(
      null,
      JsonRpcErrorCode.InvalidRequest,
      'Invalid Request: id must be a string or a number',
    );
  }
  if (id !== undefined && !isEchoableId(id)) {
    return errorMessage(
      null,
      JsonRpcErrorCode.InvalidRequest,
      'Invalid Request: id must be a string or a finite number',
    );
  }
  const responseId = id === undefined ? null : id;
  if (message.jsonrpc !== '2.0') {
    return errorMessage(
      responseId,
      JsonRpcErrorCode.InvalidRequest,
      'Invalid Request: jsonrpc must be "2.0"',
    );
  }
  const method = message.method;
  if (typeof method !== 'string') {
    return errorMessage(
      responseId,
      JsonRpcErrorCode.InvalidRequest,
      'Invalid Request: method must be a string',
    );
  }
  const params = message.params;
  // JSON-RPC 2.0 allows only structured params; `null` is read as absent because clients send it.
  if (params !== undefined && params !== null && typeof params !== 'object') {
    return errorMessage(
      responseId,
      JsonRpcErrorCode.InvalidRequest,
      'Invalid Request: params must be an object or an array',
    );
  }
  return { id, method, params: params ?? undefined, paramsPlain };
}
