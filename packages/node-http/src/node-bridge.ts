import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { bodyBytesHook, type FixedResponseParts, fixedResponseHook } from '@filing-mcp/protocol/transport';
import { ONE_WRITE_BYTES, waitForDrainOrClose, writeInPieces, writePieces } from './bounded-write.js';
import { partsResponse, responseParts } from '@filing-mcp/protocol/transport';

// The bridge for the MCP endpoint's POSTs: the one route an agent calls for every message. The
// core still receives a `Request` and answers a `Response`, but the `Request` is read straight off
// node:http (headers looked up in the raw list, the body collected from the socket's chunks) and a
// response built by the protocol package is written from its parts in one `writeHead` and one
// `end`, without a `Headers` object or a body stream. Measured as server CPU time per tools/list
// request (from /proc, 20,000 requests each, side by side): 182-220 us against 230-252 us through
// the general-purpose bridge (@hono/node-server), which the other routes keep. Whatever this path
// does not cover falls back to a real `Request`.

// A Host of lower-case name characters and an optional port: the URL is then the plain
// concatenation that @hono/node-server builds too, so the core sees the same `request.url`.
const PLAIN_HOST = /^[a-z0-9._-]+(?::\d{1,5})?$/;

/**
 * A request header as `Headers.get` reads it: every occurrence, joined by `, ` (`; ` for Cookie,
 * as Node's `Headers` joins it); `null` when absent. node:http's `incoming.headers` keeps only the
 * first of some repeated headers (Authorization, Host...) where `Headers` joins them; reading the
 * raw list, the bridge sees what `Headers` would, so a second Authorization is never hidden behind
 * the first.
 */
export function rawHeader(raw: readonly string[], lowerName: string): string | null {
  let value: string | null = null;
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i]!;
    if (name.length === lowerName.length && name.toLowerCase() === lowerName) {
      const item = raw[i + 1]!;
      value = value === null ? item : `${value}${lowerName === 'cookie' ? '; ' : ', '}${item}`;
    }
  }
  return value;
}

const DISTINCT_NAMES = Symbol('distinctHeaderNames');
type Marked = IncomingMessage & { [DISTINCT_NAMES]?: boolean };

/**
 * A request header as `Headers.get` reads it ({@link rawHeader}), looked up in node's
 * `incoming.headers` (names in lower case; node builds it for every request) when every header
 * name of the request occurs once: node keeps only the first of some repeated headers
 * (Authorization, Host...), so a request with a repeated name is read from the raw list. Whether
 * the names are distinct is worked out once per request. A scan of the raw list per lookup
 * lower-cased a name at every step: this took about 0.5 us off a `tools/list` on the 2025 wire in
 * a side-by-side run (within the noise on 2026-07-28).
 */
export function requestHeader(incoming: IncomingMessage, lowerName: string): string | null {
  let distinct = (incoming as Marked)[DISTINCT_NAMES];
  if (distinct === undefined) {
    const headers = incoming.headers as Record<string, unknown> | undefined;
    distinct = headers !== undefined && Object.keys(headers).length * 2 === incoming.rawHeaders.length;
    (incoming as Marked)[DISTINCT_NAMES] = distinct;
  }
  if (!distinct) return rawHeader(incoming.rawHeaders, lowerName);
  // Own string values only: an inherited member (`toString`) is no header.
  const value = (incoming.headers as Record<string, unknown>)[lowerName];
  return typeof value === 'string' ? value : null;
}

/** A real `Headers` holding node's raw list, repeats appended as they came. */
function nativeHeaders(raw: readonly string[]): Headers {
  const headers = new Headers();
  for (let i = 0; i < raw.length; i += 2) headers.append(raw[i]!, raw[i + 1]!);
  return headers;
}

/**
 * Request headers over node's raw list: `get` and `has` answer from it; anything else (iteration,
 * a change) turns it into a real `Headers` once, and every call after that goes there.
 */
class NodeRequestHeaders {
  #incoming: IncomingMessage;
  #native: Headers | undefined;

  constructor(incoming: IncomingMessage) {
    this.#incoming = incoming;
  }

  #materialized(): Headers {
    this.#native ??= nativeHeaders(this.#incoming.rawHeaders);
    return this.#native;
  }

  get(name: string): string | null {
    if (this.#native !== undefined) return this.#native.get(name);
    return requestHeader(this.#incoming, name.toLowerCase());
  }
  has(name: string): boolean {
    return this.get(name) !== null;
  }
  set(name: string, value: string): void {
    this.#materialized().set(name, value);
  }
  append(name: string, value: string): void {
    this.#materialized().append(name, value);
  }
  delete(name: string): void {
    this.#materialized().delete(name);
  }
  getSetCookie(): string[] {
    return this.#materialized().getSetCookie();
  }
  forEach(callback: (value: string, name: string, headers: Headers) => void, thisArg?: unknown): void {
    this.#materialized().forEach(callback, thisArg);
  }
  keys(): ReturnType<Headers['keys']> {
    return this.#materialized().keys();
  }
  values(): ReturnType<Headers['keys']> {
    return this.#materialized().values();
  }
  entries(): ReturnType<Headers['entries']> {
    return this.#materialized().entries();
  }
  [Symbol.iterator](): ReturnType<Headers['entries']> {
    return this.#materialized().entries();
  }
}

/** A copy: a chunk can be a view into a larger buffer that must not be handed out. */
function ownCopy(bytes: Buffer): ArrayBuffer {
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
}

const EMPTY = Buffer.alloc(0);

/** A body read already, as the one-chunk stream a `Request` would offer (a copy: chunks are the reader's). */
function streamOf(bytes: Buffer): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>({
    start(controller) {
      if (bytes.byteLength > 0) controller.enqueue(new Uint8Array(ownCopy(bytes)));
      controller.close();
    },
  });
}

/**
 * Collects a request's body off the socket and calls `done` with it whole, or `failed` when the
 * upload is cut short (node:http reports ECONNRESET "aborted", which the core counts as a client
 * disconnect rather than a failure of its own).
 */
function collectBody(
  incoming: IncomingMessage,
  done: (body: Buffer) => void,
  failed: (error: Error) => void,
): void {
  // The usual body comes in one chunk: kept as it is, and joined only when there are more.
  let first: Buffer | undefined;
  let more: Buffer[] | undefined;
  // `on`, not `once`: each comes at most once, and `once` wraps its listener in more objects.
  incoming.on('data', (chunk: Buffer) => {
    if (first === undefined) first = chunk;
    else if (more === undefined) more = [first, chunk];
    else more.push(chunk);
  });
  incoming.on('end', () => done(more !== undefined ? Buffer.concat(more) : (first ?? EMPTY)));
  incoming.on('error', failed);
}

function bodyUnusable(): Promise<never> {
  return Promise.reject(new TypeError('Body is unusable: Body has already been read'));
}

/**
 * The `Request` of one POST to the MCP endpoint. It offers what a `Request` offers; the members
 * the MCP path uses (`method`, `url`, `headers.get`, `signal`, `arrayBuffer`, `body`) are read
 * straight off node:http, the rest (`clone`, `formData`...) through a real `Request` built on demand.
 */
class NodeMcpRequest {
  readonly method = 'POST';

  /**
   * The MCP handler's fixed answers to this request come unbuilt (the protocol package's
   * `fixedResponseHook`, on the prototype: nothing to set per request): {@link writeResponse}
   * writes them from their parts.
   */
  [fixedResponseHook](parts: FixedResponseParts): Response {
    return partsResponse(parts);
  }

  /**
   * The body for the MCP handler, uncopied (the protocol package's `bodyBytesHook`): it decodes
   * the bytes at once and keeps none, so the socket's chunk is handed over as it is. A body the
   * listener has read already is answered as it is, not as a promise, so a fixed answer waits for
   * nothing.
   */
  [bodyBytesHook](): Uint8Array | Promise<Uint8Array> {
    const read = this.#read;
    if (read === undefined) return this.#bytes();
    if (this.#used) return bodyUnusable();
    this.#used = true;
    return read;
  }

  readonly url: string;
  #incoming: IncomingMessage;
  #outgoing: ServerResponse;
  #headers: NodeRequestHeaders | undefined;
  #controller: AbortController | undefined;
  #used = false;
  #native: Request | undefined;
  /** The whole body, when the listener read it before the handler ran. */
  #read: Buffer | undefined;

  constructor(incoming: IncomingMessage, outgoing: ServerResponse, url: string, body?: Buffer) {
    this.#incoming = incoming;
    this.#outgoing = outgoing;
    this.url = url;
    this.#read = body;
  }

  get headers(): Headers {
    this.#headers ??= new NodeRequestHeaders(this.#incoming);
    return this.#headers as unknown as Headers;
  }

  /** Aborted when the client goes away before its answer is complete. */
  get signal(): AbortSignal {
    if (this.#controller === undefined) {
      const controller = new AbortController();
      this.#controller = controller;
      const outgoing = this.#outgoing;
      const onClose = (): void => {
        if (!outgoing.writableFinished) controller.abort(new Error('Client connection prematurely closed.'));
      };
      if (outgoing.closed) onClose();
      else outgoing.once('close', onClose);
    }
    return this.#controller.signal;
  }

  get bodyUsed(): boolean {
    return this.#used;
  }

  get body(): ReadableStream<Uint8Array> | null {
    if (this.#native !== undefined) return this.#native.body;
    if (this.#used) return null;
    this.#used = true;
    return this.#read === undefined
      ? (Readable.toWeb(this.#incoming) as unknown as ReadableStream<Uint8Array>)
      : streamOf(this.#read);
  }

  #bytes(): Promise<Buffer> {
    if (this.#used) return bodyUnusable();
    this.#used = true;
    if (this.#read !== undefined) return Promise.resolve(this.#read);
    const incoming = this.#incoming;
    return new Promise<Buffer>((resolve, reject) => collectBody(incoming, resolve, reject));
  }

  arrayBuffer(): Promise<ArrayBuffer> {
    if (this.#native !== undefined) return this.#native.arrayBuffer();
    // Not async: one promise turn less on every MCP request.
    return this.#bytes().then(ownCopy);
  }

  async bytes(): Promise<Uint8Array<ArrayBuffer>> {
    return new Uint8Array(await this.arrayBuffer());
  }

  async text(): Promise<string> {
    if (this.#native !== undefined) return this.#native.text();
    return (await this.#bytes()).toString('utf8');
  }

  async json(): Promise<unknown> {
    return JSON.parse(await this.text());
  }

  #materialized(): Request {
    if (this.#native === undefined) {
      if (this.#used) throw new TypeError('Body is unusable: Body has already been read');
      this.#used = true;
      this.#native = new Request(this.url, {
        method: 'POST',
        headers: nativeHeaders(this.#incoming.rawHeaders),
        body:
          this.#read === undefined
            ? (Readable.toWeb(this.#incoming) as unknown as ReadableStream<Uint8Array>)
            : streamOf(this.#read),
        signal: this.signal,
        duplex: 'half',
      } as RequestInit);
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

/**
 * The URL of a request that takes the MCP fast path, or `undefined` for every other request (which
 * goes through the general bridge, unchanged): a POST to exactly `mcpPath` (no query) with one
 * plain Host header.
 */
export function fastMcpUrl(incoming: IncomingMessage, mcpPath: string): string | undefined {
  if (incoming.method !== 'POST' || incoming.url !== mcpPath) return undefined;
  const host = requestHeader(incoming, 'host');
  return host !== null && PLAIN_HOST.test(host) ? `http://${host}${mcpPath}` : undefined;
}

/**
 * The `Request` of a POST that {@link fastMcpUrl} accepted, at that URL. It offers the protocol
 * package's `fixedResponseHook`: its answer must go through {@link writeResponse}, which writes a
 * fixed answer from its parts, so the MCP handler need not build its `Response`. `body`: the whole
 * body, when it has been read off the socket already ({@link readSmallBody}); else the request
 * reads it when asked.
 */
export function mcpRequest(
  incoming: IncomingMessage,
  outgoing: ServerResponse,
  url: string,
  body?: Buffer,
): Request {
  return new NodeMcpRequest(incoming, outgoing, url, body) as unknown as Request;
}

/**
 * The largest declared body {@link readSmallBody} reads before the handler runs: an MCP message is
 * a few KB at most; a larger body is left for the handler, which refuses one past its limit
 * before reading it.
 */
export const SMALL_BODY_BYTES = 64 * 1024;

const DECIMAL_LENGTH = /^[0-9]{1,15}$/;

/**
 * Reads the body of a request that declares a `Content-Length` of at most {@link SMALL_BODY_BYTES}
 * (and no `Transfer-Encoding`, which would override it) off the socket, then calls `done` with it:
 * the handler then gets its body at once (the protocol package's `bodyBytesHook`) and answers a
 * fixed result without a promise. Answers false, reading nothing, for any other request. An upload
 * cut short calls `failed` instead (node:http reports ECONNRESET "aborted"): nothing is left to
 * answer.
 */
export function readSmallBody(
  incoming: IncomingMessage,
  done: (body: Buffer) => void,
  failed: (error: Error) => void,
): boolean {
  const length = requestHeader(incoming, 'content-length');
  if (length === null || !DECIMAL_LENGTH.test(length) || Number(length) > SMALL_BODY_BYTES) return false;
  if (requestHeader(incoming, 'transfer-encoding') !== null) return false;
  collectBody(incoming, done, failed);
  return true;
}

// Each frozen header set of the protocol package, flattened once into [name, value, ...].
const flattened = new WeakMap<object, readonly string[]>();

function flatHeaders(headers: Readonly<Record<string, string>>): readonly string[] {
  let flat = flattened.get(headers);
  if (flat === undefined) {
    flat = Object.entries(headers).flat();
    if (Object.isFrozen(headers)) flattened.set(headers, flat);
  }
  return flat;
}

// V8 keeps a typed array of at most this many bytes on its heap.
const ON_HEAP_BYTES = 64;

/**
 * A piece of a body as node's streams take it. A stream turns a `Uint8Array` that is not a
 * `Buffer` into one over its `.buffer`; for a small one (a fixed answer's head with the request's
 * id), which V8 keeps on its heap, reading `.buffer` first moves it off the heap: about 280 ns,
 * against 60 for a copy into node's buffer pool, and a backing store for the collector to free.
 */
function socketChunk(chunk: Uint8Array): Uint8Array {
  if (chunk.byteLength > ON_HEAP_BYTES || Buffer.isBuffer(chunk)) return chunk;
  const copy = Buffer.allocUnsafe(chunk.byteLength);
  copy.set(chunk);
  return copy;
}

/**
 * Writes `response` to node:http with `head` (header names and values, e.g. the request id) in
 * front of its own headers. A response with parts ({@link plainResponse}, or a fixed answer of the MCP handler) goes out
 * from its parts in one write, at once (nothing to await), or past `ONE_WRITE_BYTES` in bounded
 * pieces as the socket drains (the promise settles when written); any other is read as a `Response`: its
 * headers, then its body streamed chunk by chunk (SSE), cancelled when the client goes away, and
 * the promise settles when it is written.
 */
export function writeResponse(
  response: Response,
  outgoing: ServerResponse,
  head: readonly string[],
): Promise<void> | undefined {
  const parts = responseParts(response);
  if (parts === undefined) return writeStreamed(response, outgoing, head);
  const headers = head.concat(flatHeaders(parts.headers));
  const chunks = parts.bodyChunks;
  if (chunks !== undefined) {
    // A body in pieces (a fixed result after the request's id): written as they are (a small
    // piece copied, see socketChunk), corked so that the head and every piece leave in one system
    // call; the shared tail is never copied.
    let length = 0;
    for (const chunk of chunks) length += chunk.byteLength;
    headers.push('Content-Length', String(length));
    outgoing.writeHead(parts.status, headers);
    // A large body (a packet's base64) goes out in bounded pieces as the socket drains.
    if (length > ONE_WRITE_BYTES) return writeInPieces(outgoing, chunks.map(socketChunk));
    outgoing.cork();
    const last = chunks.length - 1;
    for (let i = 0; i < last; i++) outgoing.write(socketChunk(chunks[i]!));
    outgoing.end(socketChunk(chunks[last]!));
    return undefined;
  }
  if (parts.body === null) {
    outgoing.writeHead(parts.status, headers);
    outgoing.end();
  } else {
    headers.push('Content-Length', String(parts.body.byteLength));
    outgoing.writeHead(parts.status, headers);
    if (parts.body.byteLength > ONE_WRITE_BYTES) return writeInPieces(outgoing, [parts.body]);
    outgoing.end(socketChunk(parts.body));
  }
  return undefined;
}

async function writeStreamed(
  response: Response,
  outgoing: ServerResponse,
  head: readonly string[],
): Promise<void> {
  const headers = [...head];
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') headers.push(name, value);
  });
  for (const cookie of response.headers.getSetCookie()) headers.push('set-cookie', cookie);
  const body = response.body;
  outgoing.writeHead(response.status, headers);
  if (body === null) {
    outgoing.end();
    return;
  }
  // Headers first, so a stream's client sees the answer begin before its first event.
  outgoing.flushHeaders();
  const reader = body.getReader();
  const cancel = (): void => {
    if (!outgoing.writableFinished) reader.cancel().catch(() => {});
  };
  outgoing.once('close', cancel);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (outgoing.destroyed) {
        // The client went away: stop the stream's producer too (its 'close' may not have come yet).
        await reader.cancel().catch(() => {});
        return;
      }
      // A large event (a batch's packet read) in bounded pieces too.
      if (value.byteLength > ONE_WRITE_BYTES) await writePieces(outgoing, [value]);
      else if (!outgoing.write(value)) await waitForDrainOrClose(outgoing);
    }
    outgoing.end();
  } catch {
    // The stream failed midway: the status is gone already, so the connection is cut.
    outgoing.destroy();
  } finally {
    outgoing.off('close', cancel);
  }
}
