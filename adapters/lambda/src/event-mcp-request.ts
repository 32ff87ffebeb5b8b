import {
  bodyBytesHook,
  type FixedResponseParts,
  fixedResponseHook,
  partsResponse,
} from '@filing-mcp/protocol/transport';
import { eventBody, eventToRequest, eventUrl } from './event-to-request.js';
import type { LambdaHandlerOptions } from './lambda-handler-options.js';
import type { LambdaHttpEvent } from './lambda-http-event.js';

// The deployed handler's requests that carry a JSON body (the MCP endpoint's POSTs: every message
// an agent sends) reach the server as a `Request` read straight off the event, and the MCP core's
// fixed answers come back as their parts (the protocol package's transport hooks, as
// @filing-mcp/node-http offers them), written into the Lambda result without a `Response`. Node's
// `Request`, `Headers` and `Response` are undici's, which Node loads (with node:http2, node:tls
// and more) on the first use of any of them: about 25 ms of CPU on this machine, a third of a cold
// start to the first `initialize` answer (docs/performance.md). A member this request does not
// answer itself turns it into a real `Request`, and an answer read as a `Response` builds one.

// RFC 9110 token characters: what `Headers` accepts as a name.
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
// What `Headers` refuses in a value, once leading and trailing whitespace are gone.
const FORBIDDEN_IN_VALUE = /[\0\r\n]/;
const HTTP_WHITESPACE = /^[\t\n\r ]+|[\t\n\r ]+$/g;
const JSON_TYPE = /^application\/json\s*(;|$)/i;

/** A value as `Headers.set` keeps it: without surrounding whitespace; throws as `Headers` throws. */
function headerValue(name: string, value: string): string {
  if (!TOKEN.test(name)) throw new TypeError(`Headers.set: "${name}" is an invalid header name.`);
  const normalized = value.replace(HTTP_WHITESPACE, '');
  if (FORBIDDEN_IN_VALUE.test(normalized)) {
    throw new TypeError(`Headers.set: "${value}" is an invalid header value.`);
  }
  return normalized;
}

/**
 * Request headers over the event's: `get` and `has` answer from them; anything else (iteration, a
 * change) turns them into a real `Headers` once, and every call after that goes there.
 */
class EventHeaders {
  #values: Map<string, string>;
  #native: Headers | undefined;

  constructor(values: Map<string, string>) {
    this.#values = values;
  }

  /** The real `Headers` of these values, in the order they were set. */
  native(): Headers {
    if (this.#native === undefined) {
      const headers = new Headers();
      for (const [name, value] of this.#values) headers.set(name, value);
      this.#native = headers;
    }
    return this.#native;
  }

  get(name: string): string | null {
    if (this.#native !== undefined) return this.#native.get(name);
    return this.#values.get(name.toLowerCase()) ?? null;
  }
  has(name: string): boolean {
    return this.get(name) !== null;
  }
  set(name: string, value: string): void {
    this.native().set(name, value);
  }
  append(name: string, value: string): void {
    this.native().append(name, value);
  }
  delete(name: string): void {
    this.native().delete(name);
  }
  getSetCookie(): string[] {
    return this.native().getSetCookie();
  }
  forEach(callback: (value: string, name: string, headers: Headers) => void, thisArg?: unknown): void {
    this.native().forEach(callback, thisArg);
  }
  keys(): ReturnType<Headers['keys']> {
    return this.native().keys();
  }
  values(): ReturnType<Headers['values']> {
    return this.native().values();
  }
  entries(): ReturnType<Headers['entries']> {
    return this.native().entries();
  }
  [Symbol.iterator](): ReturnType<Headers['entries']> {
    return this.native().entries();
  }
}

function unusable(): TypeError {
  return new TypeError('Body is unusable: Body has already been read');
}

/** A copy of `bytes` as an ArrayBuffer of its own, as `Request.arrayBuffer` hands out. */
function ownBuffer(bytes: Uint8Array): ArrayBuffer {
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
}

/**
 * The `Request` of a POST event with a JSON body. It offers what a `Request` offers: `method`,
 * `url`, `headers.get`, `signal` and the body (the protocol package's `bodyBytesHook` included) are
 * its own; the rest (`clone`, `formData`, `blob`, a change of the headers...) goes through a real
 * `Request` built on demand from the same event. Its `fixedResponseHook` answers the MCP core's
 * fixed answers unbuilt, as the protocol package's `partsResponse`.
 */
class EventMcpRequest {
  readonly method = 'POST';
  readonly url: string;
  #headers: EventHeaders;
  #bytes: Uint8Array;
  #used = false;
  #native: Request | undefined;
  #signal: AbortSignal | undefined;

  constructor(url: string, headers: EventHeaders, bytes: Uint8Array) {
    this.url = url;
    this.#headers = headers;
    this.#bytes = bytes;
  }

  /** The MCP core's fixed answers, unbuilt: the Lambda result is written from their parts. */
  [fixedResponseHook](parts: FixedResponseParts): Response {
    return partsResponse(parts);
  }

  /** The body for the MCP core, as it is (the core decodes it at once and keeps none). */
  [bodyBytesHook](): Uint8Array | Promise<Uint8Array> {
    if (this.#native !== undefined)
      return this.#native.arrayBuffer().then((buffer) => new Uint8Array(buffer));
    if (this.#used) return Promise.reject(unusable());
    this.#used = true;
    return this.#bytes;
  }

  get headers(): Headers {
    return this.#headers as unknown as Headers;
  }

  /** Never aborted: Lambda tells a function nothing about its client going away. */
  get signal(): AbortSignal {
    if (this.#native !== undefined) return this.#native.signal;
    this.#signal ??= new AbortController().signal;
    return this.#signal;
  }

  get bodyUsed(): boolean {
    return this.#native?.bodyUsed ?? this.#used;
  }

  get body(): ReadableStream<Uint8Array> | null {
    if (this.#native !== undefined) return this.#native.body;
    if (this.#used) return null;
    this.#used = true;
    const bytes = this.#bytes;
    return new ReadableStream<Uint8Array>({
      start(controller) {
        if (bytes.byteLength > 0) controller.enqueue(new Uint8Array(ownBuffer(bytes)));
        controller.close();
      },
    });
  }

  #read(): Promise<Uint8Array> {
    if (this.#used) return Promise.reject(unusable());
    this.#used = true;
    return Promise.resolve(this.#bytes);
  }

  arrayBuffer(): Promise<ArrayBuffer> {
    if (this.#native !== undefined) return this.#native.arrayBuffer();
    return this.#read().then(ownBuffer);
  }

  async bytes(): Promise<Uint8Array<ArrayBuffer>> {
    return new Uint8Array(await this.arrayBuffer());
  }

  async text(): Promise<string> {
    if (this.#native !== undefined) return this.#native.text();
    return new TextDecoder().decode(await this.#read());
  }

  async json(): Promise<unknown> {
    return JSON.parse(await this.text());
  }

  #materialized(): Request {
    if (this.#native === undefined) {
      if (this.#used) throw unusable();
      this.#used = true;
      this.#native = new Request(this.url, {
        method: 'POST',
        headers: this.#headers.native(),
        body: this.#bytes as Uint8Array<ArrayBuffer>,
        ...(this.#signal && { signal: this.#signal }),
      });
    }
    return this.#native;
  }

  clone(): Request {
    return this.#materialized().clone();
  }
  formData(): Promise<FormData> {
    return this.#materialized().formData();
  }
  blob(): Promise<Blob> {
    return this.#materialized().blob();
  }
}

// The parts of a fixed answer, for the buffered handler: the protocol package's reader.
export { responseParts } from '@filing-mcp/protocol/transport';

/**
 * The request of an HTTP API v2 / Function URL event, as {@link eventToRequest} rebuilds it: for a
 * POST with a JSON body (`Content-Type: application/json`) to the MCP endpoint (`mcpPath`, the
 * filing server's base path, with or without a trailing slash), one read straight off the event
 * that offers the MCP core's transport hooks (see above); for every other event a real `Request`
 * (the OAuth endpoints and the webhooks hand theirs on to code that wants a real one). Throws what
 * `eventToRequest` throws for a malformed event (a header `Headers` refuses, a URL `Request`
 * refuses).
 * @internal
 */
export function eventToMcpRequest(
  event: LambdaHttpEvent,
  options: LambdaHandlerOptions,
  mcpPath: string,
): Request {
  const method = event.requestContext.http.method.toUpperCase();
  const type = event.headers?.['content-type'];
  const hasBody = event.body !== undefined && event.body !== null;
  if (method !== 'POST' || !hasBody || type === undefined || !JSON_TYPE.test(type)) {
    return eventToRequest(event, options);
  }
  const values = new Map<string, string>();
  for (const [name, value] of Object.entries(event.headers ?? {})) {
    if (value !== undefined) values.set(name.toLowerCase(), headerValue(name, value));
  }
  if (event.cookies && event.cookies.length > 0) {
    values.set('cookie', headerValue('cookie', event.cookies.join('; ')));
  }
  // The URL as `Request` keeps it: parsed and serialised again (a TypeError when unparsable).
  const url = new URL(eventUrl(event, options, (name) => values.get(name) ?? null));
  // The path as the server routes it (filing-domain's routes.ts: the base path, then '' or '/').
  if (url.pathname !== (mcpPath || '/') && url.pathname !== `${mcpPath}/`)
    return eventToRequest(event, options);
  const body = eventBody(event, method)!;
  const bytes = typeof body === 'string' ? new TextEncoder().encode(body) : body;
  return new EventMcpRequest(url.href, new EventHeaders(values), bytes) as unknown as Request;
}
