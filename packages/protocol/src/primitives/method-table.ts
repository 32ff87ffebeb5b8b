import type { CacheHints } from '../mcp/cache-hints.js';
import type { RpcError } from '../jsonrpc/message.js';
import type { StaticResult } from '../jsonrpc/response.js';
import type { Exchange } from '../context/request-context.js';

/**
 * A result a handler answers again and again (a tool's frozen output, such as a form schema):
 * serialized once, and encoded once by each wire the first time it answers it, so that answering
 * it again costs neither a serialization nor an encoding of its bytes. The wires are named by a
 * key of their own, not here: this table knows no revision.
 */
export class RepeatedResult {
  readonly json: string;
  readonly #encoded = new Map<symbol, StaticResult>();

  constructor(json: string) {
    this.json = json;
  }

  /** This result as the wire that `wire` names encoded it, if it did. */
  encodedBy(wire: symbol): StaticResult | undefined {
    return this.#encoded.get(wire);
  }

  /** Keeps `encoded`, this result in the envelope of the wire that `wire` names, and answers it. */
  keep(wire: symbol, encoded: StaticResult): StaticResult {
    this.#encoded.set(wire, encoded);
    return encoded;
  }
}

/**
 * What a method handler produces, in JSON-RPC's terms: a result (a serialized result object, or a
 * repeated one) or an error.
 */
export type ResultOrError = string | RepeatedResult | RpcError;

/**
 * One method of the table. A `fixed` method always answers the same result, which each era
 * encodes once at construction (with its own envelope); `cacheable` marks a result that carries
 * caching hints on the 2026-07-28 wire (the server's, or the entry's own). A `handle` method computes its answer per request.
 */
export type MethodEntry =
  | { fixed: string; cacheable?: boolean }
  | {
      handle: (params: unknown, exchange: Exchange) => ResultOrError | Promise<ResultOrError>;
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
