import type { CacheHints } from '../eras/cache-hints.js';
import type { RpcError } from '../jsonrpc/message.js';
import type { StaticResult } from '../jsonrpc/response.js';
import type { AuthInfo } from '../auth/auth-info.js';
import type { RequestContext } from '../request-context.js';
import type { RetryableError } from '../jsonrpc/retryable-error.js';

/** What one HTTP request knows while its messages run. */
export interface Exchange {
  request: Request;
  context: RequestContext | undefined;
  auth: AuthInfo | undefined;
  /** `'modern'` for a 2026-07-28 request; absent or `'legacy'` for the 2025 revisions. */
  era?: 'legacy' | 'modern';
  /** Modern era only: the client capabilities the request's `_meta` declares (the only ones to trust). */
  clientCapabilities?: Record<string, unknown>;
  /** Writes one serialized notification on the request's SSE stream; absent when not streamed. */
  notify?: (message: string) => void;
  /** Aborted when the client closes the response stream (or disconnects). */
  signal?: AbortSignal;
  /** Set when a message failed with a retryable error: a one-message reply takes its status. */
  retry?: RetryableError;
}

/**
 * A result a handler answers again and again (a tool's frozen output, such as a form schema):
 * serialized once, and encoded once by each era the first time it answers it (`legacy`, `modern`),
 * so that answering it again costs neither a serialization nor an encoding of its bytes.
 */
export class RepeatedResult {
  readonly json: string;
  legacy: StaticResult | undefined;
  modern: StaticResult | undefined;

  constructor(json: string) {
    this.json = json;
  }
}

/** What a method handler produces: a serialized result object (JSON text), a repeated one, or an error. */
export type Outcome = string | RepeatedResult | RpcError;

/**
 * One method of the table. A `fixed` method always answers the same result, which each era
 * encodes once at construction (with its own envelope); `cacheable` marks a result that carries
 * caching hints on the modern wire (the server's, or the entry's own). A `handle` method computes its answer per request.
 */
export type MethodEntry =
  | { fixed: string; cacheable?: boolean }
  | {
      handle: (params: unknown, exchange: Exchange) => Outcome | Promise<Outcome>;
      /** `true`: the server's caching hints; an object: this method's own. */
      cacheable?: boolean | CacheHints;
    };

/** A method of the table that computes its answer per request. */
export type HandledMethod = Exclude<MethodEntry, { fixed: string }>;

/**
 * A primitive (tools, resources, prompts, completions...): the methods it answers and the server
 * capabilities it declares. Both eras serve the same table; they differ only in the envelope.
 */
export interface Primitive {
  /** Merged into the server's `capabilities` (e.g. `{ tools: { listChanged: false } }`). */
  capabilities: Record<string, unknown>;
  methods: Record<string, MethodEntry>;
}

/** The methods of every primitive, by name, and the capabilities they declare together. */
export interface MethodTable {
  methods: Map<string, MethodEntry>;
  capabilities: Record<string, unknown>;
}

/** Builds the one table both eras share. Two primitives may not answer the same method. */
export function createMethodTable(primitives: ReadonlyArray<Primitive>): MethodTable {
  const methods = new Map<string, MethodEntry>();
  const capabilities: Record<string, unknown> = {};
  for (const primitive of primitives) {
    Object.assign(capabilities, primitive.capabilities);
    for (const [name, entry] of Object.entries(primitive.methods)) {
      if (methods.has(name)) throw new TypeError(`Method ${name} is registered twice`);
      methods.set(name, entry);
    }
  }
  return { methods, capabilities };
}
