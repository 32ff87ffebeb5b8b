import { JsonRpcErrorCode } from '../jsonrpc/error-codes.js';
import { errorMessage, resultMessage, type StaticResult, staticResult } from '../jsonrpc/response.js';
import { FIRST_2026_WIRE_VERSION } from '../mcp/versions.js';
import type { ResponseMessage, RpcCall } from '../jsonrpc/message.js';
import { isPlainObject } from '../util/plain-object.js';
import { type HandledMethod, type MethodTable, RepeatedResult } from '../primitives/method-table.js';
import type { Exchange } from '../context/request-context.js';

/** What the 2025 wire needs to know about the server. */
export interface Wire2025Options {
  table: MethodTable;
  serverInfo: Record<string, string>;
  instructions: string | undefined;
  /** The 2025 revisions `initialize` agrees to. */
  protocolVersions: ReadonlySet<string>;
  /** Answered when the client asks for a version outside `protocolVersions`. */
  defaultProtocolVersion: string;
}

/** The 2025 revisions: runs one message with the `initialize` handshake's rules. */
export interface Wire2025 {
  /**
   * The response message, or `undefined` for a notification; a promise only when a handler runs
   * (a fixed result, `initialize` and the rest are answered at once).
   */
  run(call: RpcCall, exchange: Exchange): ResponseMessage | undefined | Promise<ResponseMessage | undefined>;
}

const DATE_VERSION = /^[0-9]{4}-[0-9]{2}-[0-9]{2}$/;
const EMPTY_RESULT = staticResult('{}');
/** This wire's key for the encodings it keeps on a {@link RepeatedResult}. */
const WIRE = Symbol('2025-11-25');
// A server without resources or prompts answers their list methods with empty lists, as it always has.
const FALLBACK_RESULTS: ReadonlyMap<string, StaticResult> = new Map([
  ['resources/list', staticResult('{"resources":[]}')],
  ['prompts/list', staticResult('{"prompts":[]}')],
]);

/**
 * The 2025-03-26, 2025-06-18 and 2025-11-25 revisions: `initialize` negotiates the version,
 * `ping` answers, notifications are accepted and ignored, results carry no envelope. Every answer
 * that never changes is encoded here, once.
 */
export function createWire2025(options: Wire2025Options): Wire2025 {
  const { table, serverInfo, instructions } = options;
  const initializeResultJson = (protocolVersion: string): string =>
    JSON.stringify({
      protocolVersion,
      capabilities: table.capabilities,
      serverInfo,
      ...(instructions === undefined ? {} : { instructions }),
    });
  const initializeResults = new Map<string, StaticResult>();
  for (const version of options.protocolVersions) {
    initializeResults.set(version, staticResult(initializeResultJson(version)));
  }
  const defaultInitializeResult = staticResult(initializeResultJson(options.defaultProtocolVersion));
  // 2026-07-28 has no handshake: an initialize asking for it gets the newest 2025 revision.
  const newest2025 = [...options.protocolVersions].sort().at(-1);
  const initializeResultFor2026 =
    newest2025 === undefined ? defaultInitializeResult : initializeResults.get(newest2025)!;

  const fixedResults = new Map<string, StaticResult>();
  for (const [name, entry] of table.methods) {
    if ('fixed' in entry) fixedResults.set(name, staticResult(entry.fixed));
  }

  return {
    run(call, exchange) {
      const { id, method, params } = call;
      // Notifications get no answer (JSON-RPC 2.0) and, in this stateless server, have no effect:
      // notifications/initialized and notifications/cancelled included.
      if (id === undefined) return undefined;
      const entry = table.methods.get(method);
      if (entry !== undefined) {
        if ('fixed' in entry) return { id, result: fixedResults.get(method)! };
        return runHandler(id, entry, params, exchange);
      }
      switch (method) {
        case 'initialize': {
          const requested = isPlainObject(params) ? params.protocolVersion : undefined;
          if (typeof requested !== 'string') {
            return errorMessage(
              id,
              JsonRpcErrorCode.InvalidParams,
              'Invalid params: protocolVersion must be a string',
            );
          }
          const result =
            initializeResults.get(requested) ??
            (requested >= FIRST_2026_WIRE_VERSION && DATE_VERSION.test(requested)
              ? initializeResultFor2026
              : defaultInitializeResult);
          return { id, result };
        }
        case 'ping':
          return { id, result: EMPTY_RESULT };
        default: {
          const fallback = FALLBACK_RESULTS.get(method);
          if (fallback !== undefined) return { id, result: fallback };
          return errorMessage(id, JsonRpcErrorCode.MethodNotFound, 'Method not found');
        }
      }
    },
  };
}

async function runHandler(
  id: string | number,
  entry: HandledMethod,
  params: unknown,
  exchange: Exchange,
): Promise<ResponseMessage> {
  const outcome = await entry.handle(params, exchange);
  if (typeof outcome === 'string') return resultMessage(id, outcome);
  if (outcome instanceof RepeatedResult) {
    const result = outcome.encodedBy(WIRE) ?? outcome.keep(WIRE, staticResult(outcome.json));
    return { id, result };
  }
  return errorMessage(id, outcome.code, outcome.message, outcome.data);
}
