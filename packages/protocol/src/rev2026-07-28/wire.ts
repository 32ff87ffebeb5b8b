import { META_KEYS } from '../mcp/meta-keys.js';
import { JsonRpcErrorCode } from '../jsonrpc/error-codes.js';
import {
  errorMessage,
  type ResponseId,
  resultMessage,
  type StaticResult,
  staticResult,
} from '../jsonrpc/response.js';
import type { ResponseMessage, RpcCall } from '../jsonrpc/message.js';
import { isPlainObject } from '../util/plain-object.js';
import { type HandledMethod, type MethodTable, RepeatedResult } from '../primitives/method-table.js';
import type { Exchange } from '../context/request-context.js';
import { type CacheHints, checkCacheHints } from '../mcp/cache-hints.js';
import { MODERN_PROTOCOL_VERSIONS } from '../mcp/versions.js';

/** What the 2026-07-28 wire needs to know about the server. */
export interface Wire2026Options {
  table: MethodTable;
  serverInfo: Record<string, string>;
  instructions: string | undefined;
  cacheHints: CacheHints;
}

/** The answer to a 2026-07-28 request: one message with its status, or a finished SSE stream (listen). */
export type WireResponse2026 = { status: number; message: ResponseMessage } | { sse: string };

/** The 2026-07-28 revision: the validation ladder, then dispatch with the 2026-07-28 envelope. */
export interface Wire2026 {
  /** Answers a validated request; a promise only when a handler runs. */
  run(call: RpcCall, exchange: Exchange): WireResponse2026 | Promise<WireResponse2026>;
}

/**
 * The 2026-07-28 wire. Results get `resultType: "complete"` and the server's identity in `_meta`;
 * cacheable ones (discover, `tools/list`...) the caching hints. Fixed results are encoded once here.
 */
export function createWire2026(options: Wire2026Options): Wire2026 {
  const { table, cacheHints } = options;
  checkCacheHints(cacheHints, 'cacheHints');
  // This wire's key for the encodings it keeps on a RepeatedResult: its envelope holds this server's identity.
  const WIRE = Symbol('2026-07-28');
  const supportedList = [...MODERN_PROTOCOL_VERSIONS];
  const metaJson = JSON.stringify({ [META_KEYS.serverInfo]: options.serverInfo });
  const envelope = `"resultType":"complete","_meta":${metaJson}`;
  const cacheJson = `"ttlMs":${cacheHints.ttlMs},"cacheScope":"${cacheHints.cacheScope}"`;

  for (const [name, entry] of table.methods) {
    if (typeof entry.cacheable === 'object') checkCacheHints(entry.cacheable, `the caching hints of ${name}`);
  }

  /**
   * A result object's JSON with the 2026-07-28 fields added (merging a `_meta` the result already has):
   * `cacheable` is `true` for the server's caching hints, or a method's own hints.
   */
  const wrap = (json: string, cacheable: boolean | CacheHints | undefined): string => {
    const hints = typeof cacheable === 'object' ? cacheable : cacheable === true ? cacheHints : undefined;
    const extra =
      hints === undefined
        ? envelope
        : hints === cacheHints
          ? `${cacheJson},${envelope}`
          : `"ttlMs":${hints.ttlMs},"cacheScope":"${hints.cacheScope}",${envelope}`;
    if (json.includes('"_meta"') || json.includes('"resultType"')) {
      const result = JSON.parse(json) as Record<string, unknown>;
      const meta = isPlainObject(result._meta) ? result._meta : {};
      return JSON.stringify({
        ...result,
        resultType: result.resultType ?? 'complete',
        // An input_required result is never cached (SEP-2549): it carries no hints.
        ...(hints !== undefined && result.resultType !== 'input_required'
          ? { ttlMs: hints.ttlMs, cacheScope: hints.cacheScope }
          : {}),
        _meta: { ...meta, [META_KEYS.serverInfo]: options.serverInfo },
      });
    }
    return json === '{}' ? `{${extra}}` : `${json.slice(0, -1)},${extra}}`;
  };

  const fixedResults = new Map<string, StaticResult>();
  for (const [name, entry] of table.methods) {
    if ('fixed' in entry) fixedResults.set(name, staticResult(wrap(entry.fixed, entry.cacheable === true)));
  }
  const discoverResult = staticResult(
    wrap(
      JSON.stringify({
        supportedVersions: supportedList,
        capabilities: table.capabilities,
        ...(options.instructions === undefined ? {} : { instructions: options.instructions }),
      }),
      true,
    ),
  );

  function listen(id: ResponseId, params: unknown): WireResponse2026 {
    const filter = isPlainObject(params) ? params.notifications : undefined;
    if (!isPlainObject(filter)) {
      return {
        status: 200,
        message: errorMessage(
          id,
          JsonRpcErrorCode.InvalidParams,
          'Invalid params: notifications must be an object',
        ),
      };
    }
    // Nothing is advertised as listChanged, so no notification type is honoured: acknowledge an
    // empty set, then close the subscription cleanly with its final result.
    const subscription = JSON.stringify({ [META_KEYS.subscriptionId]: id });
    const ack = `{"jsonrpc":"2.0","method":"notifications/subscriptions/acknowledged","params":{"notifications":{},"_meta":${subscription}}}`;
    const done = resultMessage(
      id,
      `{"resultType":"complete","_meta":${JSON.stringify({ [META_KEYS.subscriptionId]: id, [META_KEYS.serverInfo]: options.serverInfo })}}`,
    );
    return { sse: `event: message\ndata: ${ack}\n\nevent: message\ndata: ${done}\n\n` };
  }

  function run(call: RpcCall, exchange: Exchange): WireResponse2026 | Promise<WireResponse2026> {
    const id = call.id ?? null;
    const { method, params } = call;
    if (method === 'server/discover') return { status: 200, message: { id, result: discoverResult } };
    if (method === 'subscriptions/listen') return listen(id, params);
    const fixed = fixedResults.get(method);
    if (fixed !== undefined) return { status: 200, message: { id, result: fixed } };
    const entry = table.methods.get(method);
    if (entry === undefined || 'fixed' in entry) {
      return { status: 404, message: errorMessage(id, JsonRpcErrorCode.MethodNotFound, 'Method not found') };
    }
    if (method === 'tools/call' && isPlainObject(params)) {
      // Multi-round-trip input (SEP-2322): this server never asks for input, but malformed answers
      // to a request it might have made are still an error, never a crash or a silent success.
      if ('inputResponses' in params && !isPlainObject(params.inputResponses)) {
        return {
          status: 200,
          message: errorMessage(
            id,
            JsonRpcErrorCode.InvalidParams,
            'Invalid params: inputResponses must be an object',
          ),
        };
      }
      if ('requestState' in params && typeof params.requestState !== 'string') {
        return {
          status: 200,
          message: errorMessage(
            id,
            JsonRpcErrorCode.InvalidParams,
            'Invalid params: requestState must be a string',
          ),
        };
      }
    }
    return runHandler(id, entry, params, exchange);
  }

  async function runHandler(
    id: ResponseId,
    entry: HandledMethod,
    params: unknown,
    exchange: Exchange,
  ): Promise<WireResponse2026> {
    const outcome = await entry.handle(params, exchange);
    if (typeof outcome === 'string') {
      return { status: 200, message: resultMessage(id, wrap(outcome, entry.cacheable)) };
    }
    if (outcome instanceof RepeatedResult) {
      const result =
        outcome.encodedBy(WIRE) ?? outcome.keep(WIRE, staticResult(wrap(outcome.json, entry.cacheable)));
      return { status: 200, message: { id, result } };
    }
    const status =
      outcome.code === JsonRpcErrorCode.MissingRequiredClientCapability ||
      outcome.code === JsonRpcErrorCode.HeaderMismatch
        ? 400
        : 200;
    return { status, message: errorMessage(id, outcome.code, outcome.message, outcome.data) };
  }

  return { run };
}
