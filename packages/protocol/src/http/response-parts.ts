import { type FixedResponseParts, fixedResponseHook, type TransportHooks } from './response-hook.js';

/**
 * What a response is made of, kept beside the `Response` so that the bridge writing to the socket
 * can send it without reading the `Response` back: no `Headers` object, no body stream, one write.
 * The MCP handler's fixed answers come with them through the protocol package's
 * `fixedResponseHook`.
 */
export type ResponseParts = FixedResponseParts;

// On the response itself rather than in a WeakMap: a weak map's entries outlive a scavenge of
// their keys, and kept the bodies (tens of KB each) alive into the old generation, where only full
// collections free them (measured: 34 mark-compacts per 20,000 tools/list with a WeakMap, none so).
const PARTS = Symbol('responseParts');
type WithParts = Response & { [PARTS]?: ResponseParts };

/**
 * A complete response whose parts {@link responseParts} can hand back. The `Response` must not be
 * changed afterwards (its headers or body): build another one instead. Every response of the
 * package's own MCP handler with a fixed body is made here; streamed answers are not.
 */
export function plainResponse(
  status: number,
  body: Uint8Array<ArrayBuffer> | null,
  headers: Readonly<Record<string, string>>,
): Response {
  const response = new Response(body, { status, headers });
  (response as WithParts)[PARTS] = { status, headers, body };
  return response;
}

/**
 * Marks `request` as read by a bridge that writes every answer through {@link responseParts} when
 * it has parts (and reads it as a `Response` otherwise): the MCP handler then hands its fixed
 * answers over unbuilt ({@link partsResponse}), skipping a `Headers` object and a body stream each
 * until something reads one as a `Response`; on Node 20 that is a quarter of the handler's time on
 * a `tools/list`. The answers stay `Response`s to everyone (`instanceof`, every member); only a
 * runtime that reads a `Response`'s internal slots rather than its members (Workers, Deno and Bun
 * do for a handler's return value) must not be handed them, hence the mark.
 */
export function acceptResponseParts(request: Request): void {
  (request as Request & TransportHooks)[fixedResponseHook] = partsResponse;
}

const BUILD = Symbol('build');
type Deferred = Response & { [PARTS]?: ResponseParts; [BUILD](): Response };

/**
 * What the deferred answers' prototype chain continues with: the `prototype` of the global
 * `Response` of the moment, looked up only when something asks for it (an `instanceof Response`,
 * a member the class does not define). So `instanceof Response` holds, also where a server
 * library replaced the global `Response` (as @hono/node-server does), and an answer written
 * through its parts never reads the global: on Node that is undici's, and its first read loads
 * undici with node:http2, node:tls and more (about 20 ms of CPU on a cold Lambda start, more than
 * the rest of `initialize`). `then` is answered at once: no `Response` has one, and every promise
 * resolved with an answer asks for it.
 */
const responsePrototype: object = new Proxy(
  {},
  {
    getPrototypeOf: () => Response.prototype,
    get: (_target, key, receiver) =>
      key === 'then' ? undefined : Reflect.get(Response.prototype, key, receiver),
    has: (_target, key) => key in Response.prototype,
  },
);

/**
 * The class of fixed answers whose `Response` is built on first use. Until then an answer is only
 * its parts, which {@link responseParts} hands out; the first read of any other member (headers,
 * body, a body method) builds the `Response` and drops the parts, since the headers can be
 * changed from then on. Its prototype continues with `Response.prototype`
 * ({@link responsePrototype}), so `instanceof Response` holds; every member is the class's own,
 * none reaches `Response`'s internal slots.
 */
function deferredClass(): new (parts: ResponseParts) => Deferred {
  class DeferredResponse {
    [PARTS]: ResponseParts | undefined;
    #response: Response | undefined;

    constructor(parts: ResponseParts) {
      this[PARTS] = parts;
    }

    /** The `Response` of these parts, with the parts kept beside it (as {@link plainResponse}). */
    [BUILD](): Response {
      const parts = this[PARTS];
      if (this.#response === undefined && parts !== undefined) {
        this.#response = plainResponse(parts.status, parts.body, parts.headers);
      }
      return this.#response!;
    }

    #read(): Response {
      const response = this[BUILD]();
      this[PARTS] = undefined;
      return response;
    }

    get status(): number {
      return this[PARTS]?.status ?? this.#read().status;
    }
    get ok(): boolean {
      const status = this.status;
      return status >= 200 && status < 300;
    }
    get statusText(): string {
      return this.#read().statusText;
    }
    get type(): Response['type'] {
      return this.#read().type;
    }
    get url(): string {
      return this.#read().url;
    }
    get redirected(): boolean {
      return this.#read().redirected;
    }
    get headers(): Headers {
      return this.#read().headers;
    }
    get body(): ReadableStream<Uint8Array> | null {
      return this.#read().body;
    }
    get bodyUsed(): boolean {
      return this.#read().bodyUsed;
    }
    arrayBuffer(): Promise<ArrayBuffer> {
      return this.#read().arrayBuffer();
    }
    blob(): Promise<Blob> {
      return this.#read().blob();
    }
    bytes(): Promise<Uint8Array<ArrayBuffer>> {
      return (this.#read() as Response & { bytes(): Promise<Uint8Array<ArrayBuffer>> }).bytes();
    }
    formData(): Promise<FormData> {
      return this.#read().formData();
    }
    json(): Promise<unknown> {
      return this.#read().json();
    }
    text(): Promise<string> {
      return this.#read().text();
    }
    clone(): Response {
      return this.#read().clone();
    }
  }
  Object.setPrototypeOf(DeferredResponse.prototype, responsePrototype);
  // Answered by the class itself, not by the proxy: every promise resolved with an answer (each
  // `return` of an async step on the way out) asks for `then`, and a lookup that stops here is
  // cached like any property, where one that reaches the proxy runs its trap each time.
  Object.defineProperty(DeferredResponse.prototype, 'then', { value: undefined });
  return DeferredResponse as unknown as new (
    parts: ResponseParts,
  ) => Deferred;
}

let Deferred: (new (parts: ResponseParts) => Deferred) | undefined;

/**
 * A response built only if read as one: until then it is only its `parts`, which
 * {@link responseParts} hands out. The `fixedResponseHook` of a request marked by
 * {@link acceptResponseParts}.
 */
export function partsResponse(parts: ResponseParts): Response {
  Deferred ??= deferredClass();
  return new Deferred(parts);
}

/**
 * The parts of a response made by {@link plainResponse}, or `undefined` for any other response
 * (a stream, one built by hand), which must then be read as a `Response`.
 *
 * @example
 * ```ts
 * const parts = responseParts(response);
 * if (parts) outgoing.writeHead(parts.status, { ...parts.headers }).end(parts.body ?? undefined);
 * ```
 */
export function responseParts(response: Response): ResponseParts | undefined {
  return (response as WithParts)[PARTS];
}
