import type { IncomingMessage, ServerResponse } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import { isPromise } from '@filing-mcp/protocol/internal';
import { fastMcpUrl, mcpRequest, readSmallBody, writeResponse } from './node-bridge.js';
import { holdNextTickShape } from './next-tick-shape.js';

/** What a handler receives beside the `Request`: the node:http objects of the exchange. */
export interface NodeBindings {
  incoming: IncomingMessage;
  outgoing: ServerResponse;
}

/** A Fetch-API handler, e.g. `createMcpServer(...).fetch` or a router in front of it. */
export type FetchHandler = (request: Request, bindings: NodeBindings) => Response | Promise<Response>;

/** One exchange of the listener, as {@link NodeListenerOptions.observe} sees it once it ended. */
export interface ObservedExchange {
  incoming: IncomingMessage;
  outgoing: ServerResponse;
  /** The request method as received, e.g. `POST`. */
  method: string;
  /** The request target without its query string (which may carry codes and state). */
  path: string;
  /** The status written (node:http's 200 when the connection closed before any). */
  status: number;
  /** From the request's arrival to the end of its response or of its connection, in milliseconds. */
  durationMs: number;
  /** The connection closed before the response was completely written. */
  aborted: boolean;
}

/** Options of {@link createNodeListener}. */
export interface NodeListenerOptions {
  /**
   * The MCP endpoint's path, e.g. `/mcp`. A POST to exactly this path (no query string) with one
   * plain Host header takes the fast bridge; every other request takes the general one.
   */
  mcpPath: string;
  /**
   * The handler of the fast path's POSTs; default the listener's `fetch`. Pass the MCP server's own
   * `respond` (of `createMcpServer`) to skip a router that would only send these requests there
   * anyway: a fixed result then comes back without a promise and is written at once.
   */
  mcpFetch?: FetchHandler;
  /**
   * The answer when a handler throws (both paths). Default: an empty 500 (504 for a `TimeoutError`),
   * as @hono/node-server answers.
   */
  errorHandler?: (error: unknown) => Response | Promise<Response>;
  /**
   * Let @hono/node-server replace the global `Request` and `Response` with its lighter ones (its
   * own default). Default `false` here: a library should not change globals behind its user's back.
   */
  overrideGlobalObjects?: boolean;
  /**
   * Runs when a request arrives, before its handler: header pairs (`[name, value, ...]`) its answer
   * carries whatever the handler answers, e.g. a request id. They go in front of the handler's own
   * headers on the fast path and through `setHeader` on the general one.
   */
  head?: (incoming: IncomingMessage) => readonly string[];
  /**
   * Called once per exchange when its response ended or its connection closed (method, path,
   * status, duration): where a request log and HTTP metrics hang. It must not throw.
   */
  observe?: (exchange: ObservedExchange) => void;
}

/** A node:http request listener, for `createServer(listener)` or `server.on('request', listener)`. */
export type NodeListener = (incoming: IncomingMessage, outgoing: ServerResponse) => void;

// @hono/node-server's answer to a failing handler without an error handler of the user's.
const defaultError = (error: unknown): Response =>
  new Response(null, {
    status:
      error instanceof Error && (error.name === 'TimeoutError' || error.constructor.name === 'TimeoutError')
        ? 504
        : 500,
  });

const NO_HEAD: readonly string[] = [];

function pathOf(url: string | undefined): string {
  const target = url ?? '/';
  let end = target.indexOf('?');
  const hash = target.indexOf('#');
  if (hash !== -1 && (end === -1 || hash < end)) end = hash;
  return end === -1 ? target : target.slice(0, end);
}

function watch(
  incoming: IncomingMessage,
  outgoing: ServerResponse,
  observe: (exchange: ObservedExchange) => void,
): void {
  const start = performance.now();
  // `on`, not `once`: 'close' comes once, and `once` would wrap the listener in two more objects.
  outgoing.on('close', () => {
    observe({
      incoming,
      outgoing,
      method: incoming.method ?? '',
      path: pathOf(incoming.url),
      status: outgoing.statusCode,
      durationMs: performance.now() - start,
      aborted: !outgoing.writableFinished,
    });
  });
}

/**
 * A node:http request listener serving a Fetch-API handler. POSTs to exactly `options.mcpPath`
 * (the message an agent sends for every call) take the purpose-built bridge of this package: the
 * `Request` is read straight off node:http (a body of at most 64 KiB read whole before the handler
 * runs, so a fixed answer needs no promise) and an answer of the protocol package's `plainResponse`
 * is written from its parts in one `writeHead` and one `end`; SSE answers are streamed. Every
 * other request (GET, OPTIONS, other paths, a query string, an unusual Host) gets a real `Request`
 * through @hono/node-server's request listener, as if this listener were not there.
 *
 * @example
 * ```ts
 * import { createServer } from 'node:http';
 * import { createMcpServer } from '@filing-mcp/protocol';
 * import { createNodeListener } from '@filing-mcp/node-http';
 *
 * const mcp = createMcpServer({ serverInfo: { name: 'notes', version: '1.0.0' }, requireAuth: 'none', tools: [] });
 * // Arrows, not `mcp.fetch` itself: the handler's second argument is the node:http bindings.
 * const listener = createNodeListener((request) => mcp.fetch(request), {
 *   mcpPath: '/mcp',
 *   mcpFetch: (request) => mcp.respond(request),
 * });
 * createServer(listener).listen(3001);
 * ```
 */
export function createNodeListener(fetch: FetchHandler, options: NodeListenerOptions): NodeListener {
  const { mcpPath } = options;
  const mcpFetch = options.mcpFetch ?? fetch;
  const errorHandler = options.errorHandler ?? defaultError;
  const { head, observe } = options;
  // node:http calls process.nextTick several times a request: keep it fast after an idle spell.
  holdNextTickShape();
  // This listener is for node:http (HTTP/1.1): the bindings are always IncomingMessage/ServerResponse.
  const general = getRequestListener((request, bindings) => fetch(request, bindings as NodeBindings), {
    overrideGlobalObjects: options.overrideGlobalObjects ?? false,
    ...(options.errorHandler !== undefined && { errorHandler: options.errorHandler }),
  });

  /** A pending answer, written once it settles; the promise settles when it is written. */
  async function writeWhenSettled(
    pending: Promise<Response>,
    outgoing: ServerResponse,
    pairs: readonly string[],
  ): Promise<void> {
    let response: Response;
    try {
      response = await pending;
    } catch (error) {
      response = await errorHandler(error);
    }
    const streamed = writeResponse(response, outgoing, pairs);
    if (streamed !== undefined) await streamed;
  }

  /**
   * Not async: an answer the handler makes at once (a fixed result to a body read already) is
   * written at once, without a promise or a turn of the microtask queue. A failure past the
   * handler (its error handler threw, or the socket write did) answers a rejected promise.
   */
  function serveMcpPost(
    incoming: IncomingMessage,
    outgoing: ServerResponse,
    url: string,
    pairs: readonly string[],
    body: Buffer | undefined,
  ): Promise<void> | undefined {
    let response: Response | Promise<Response>;
    try {
      response = mcpFetch(mcpRequest(incoming, outgoing, url, body), { incoming, outgoing });
    } catch (error) {
      // The handler threw: its error handler's answer is written (once it settles), and a failure
      // of the error handler itself rejects, as on the promise path.
      const answer = errorHandler(error);
      if (isPromise(answer)) return answer.then((settled) => writeResponse(settled, outgoing, pairs));
      return writeResponse(answer, outgoing, pairs);
    }
    if (isPromise(response)) return writeWhenSettled(response, outgoing, pairs);
    return writeResponse(response, outgoing, pairs);
  }

  return (incoming, outgoing) => {
    if (observe !== undefined) watch(incoming, outgoing, observe);
    const pairs = head === undefined ? NO_HEAD : head(incoming);
    const url = fastMcpUrl(incoming, mcpPath);
    if (url === undefined) {
      for (let i = 0; i < pairs.length; i += 2) outgoing.setHeader(pairs[i]!, pairs[i + 1]!);
      void general(incoming, outgoing);
      return;
    }
    // A failure past the handler (its error handler threw, or the socket write did): the status
    // may be gone already, so the connection is cut rather than left hanging.
    const cut = (): void => {
      outgoing.destroy();
    };
    const serve = (body?: Buffer): void => {
      try {
        serveMcpPost(incoming, outgoing, url, pairs, body)?.catch(cut);
      } catch {
        cut();
      }
    };
    // A small body is read first, so the handler has it at once; an upload cut short leaves
    // nothing to answer (the exchange is observed as aborted).
    if (!readSmallBody(incoming, serve, cut)) serve();
  };
}
