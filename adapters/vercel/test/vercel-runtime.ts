import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';

const HTTP_METHODS = ['GET', 'HEAD', 'OPTIONS', 'POST', 'PUT', 'DELETE', 'PATCH'] as const;

type WebHandler = (request: Request, event?: unknown) => Response | Promise<Response>;
type NodeListener = (req: IncomingMessage, res: ServerResponse) => void;

/** How the runtime decided to call the module (the same order of checks as @vercel/node). */
export type DetectedHandler =
  | { kind: 'fetch'; byMethod: Partial<Record<string, WebHandler>> }
  | { kind: 'methods'; byMethod: Partial<Record<string, WebHandler>> }
  | { kind: 'node'; listener: NodeListener };

/**
 * Detects a function module's handler the way the Vercel Node.js runtime does: unwrap `default` (a
 * few levels, for CommonJS interop), then web handlers (an object with `fetch`, or named method
 * exports `GET`, `POST`, ...), else a `(req, res)` function. Anything else cannot serve requests.
 */
export function detectHandler(moduleExports: unknown): DetectedHandler {
  let listener = moduleExports as Record<string, unknown> & { default?: unknown };
  for (let i = 0; i < 5 && listener.default; i++) listener = listener.default as typeof listener;
  if (typeof listener.fetch === 'function') {
    const fetch = listener.fetch as WebHandler;
    return { kind: 'fetch', byMethod: Object.fromEntries(HTTP_METHODS.map((method) => [method, fetch])) };
  }
  if (HTTP_METHODS.some((method) => typeof listener[method] === 'function')) {
    return {
      kind: 'methods',
      byMethod: Object.fromEntries(
        HTTP_METHODS.filter((method) => typeof listener[method] === 'function').map((method) => [
          method,
          listener[method] as WebHandler,
        ]),
      ),
    };
  }
  if (typeof listener === 'function') return { kind: 'node', listener: listener as unknown as NodeListener };
  throw new Error("Can't detect way to handle request");
}

interface Rewrite {
  source: string;
  destination: string;
}

/** Compiles a vercel.json `source` with `:name` and `:name*` segments into a RegExp. */
function sourcePattern(source: string): RegExp {
  const parts = source.split('/').filter(Boolean);
  let pattern = '^';
  for (const part of parts) {
    if (/^:\w+\*$/.test(part)) pattern += '(?:/.*)?';
    else if (/^:\w+$/.test(part)) pattern += '/[^/]+';
    else pattern += `/${part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`;
  }
  return new RegExp(`${pattern}/?$`);
}

/**
 * The paths at which the platform invokes the function at `route`: its own path and every
 * `vercel.json` rewrite to it.
 */
export async function functionRoutes(vercelJsonPath: string, route: string): Promise<RegExp[]> {
  const vercelJson = JSON.parse(await readFile(vercelJsonPath, 'utf8')) as { rewrites?: Rewrite[] };
  return [
    sourcePattern(route),
    ...(vercelJson.rewrites ?? [])
      .filter((rewrite) => rewrite.destination === route)
      .map((rewrite) => sourcePattern(rewrite.source)),
  ];
}

/** Background work handed to `waitUntil` through Vercel's request context. */
export interface WaitUntilRecorder {
  /** Promises handed over so far. */
  readonly promises: Promise<unknown>[];
  /** Settles everything handed over (the platform does so before it suspends the instance). */
  settle(): Promise<void>;
}

/**
 * A stand-in for the Vercel edge network and Node.js runtime around one function file, on a real
 * socket: routes by the project's `vercel.json` rewrites (and the function's own `/api/...` path),
 * rebuilds the request URL from `x-forwarded-proto` and `x-forwarded-host` as the platform does,
 * sets `Host` to the forwarded host, and installs the request context that `waitUntil` from
 * `@vercel/functions` reads.
 */
export async function serveVercelFunction(options: {
  functionPath: string;
  route: string;
  vercelJsonPath: string;
  moduleExports?: unknown;
}): Promise<{
  url: string;
  detected: DetectedHandler;
  waitUntil: WaitUntilRecorder;
  close(): Promise<void>;
}> {
  const promises: Promise<unknown>[] = [];
  const waitUntil: WaitUntilRecorder = {
    promises,
    async settle() {
      await Promise.allSettled(promises);
    },
  };
  Object.defineProperty(globalThis, Symbol.for('@vercel/request-context'), {
    enumerable: false,
    configurable: true,
    value: { get: () => ({ waitUntil: (promise: Promise<unknown>) => promises.push(promise) }) },
  });

  const moduleExports = options.moduleExports ?? (await import(pathToFileURL(options.functionPath).href));
  const detected = detectHandler(moduleExports);
  const routes = await functionRoutes(options.vercelJsonPath, options.route);

  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (!routes.some((route) => route.test(path))) {
      res.writeHead(404, { 'content-type': 'text/plain', 'x-vercel-error': 'NOT_FOUND' }).end('NOT_FOUND');
      return;
    }
    const forwardedHost = req.headers['x-forwarded-host'];
    if (typeof forwardedHost === 'string') req.headers.host = forwardedHost;
    if (detected.kind === 'node') {
      detected.listener(req, res);
      return;
    }
    const handler = detected.byMethod[req.method ?? 'GET'];
    if (!handler) {
      res.writeHead(405).end();
      return;
    }
    serveWeb(handler, req, res).catch((error) => {
      res.destroy(error);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    detected,
    waitUntil,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

async function serveWeb(handler: WebHandler, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const proto = String(req.headers['x-forwarded-proto'] ?? 'http')
    .split(',')[0]!
    .trim();
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    for (const item of Array.isArray(value) ? value : [value])
      if (item !== undefined) headers.append(name, item);
  }
  // The platform receives the whole request body (up to its 4.5 MB limit) before it invokes the
  // function, so a function that answers without reading the body never leaves bytes on the socket.
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
  const request = new Request(`${proto}://${req.headers.host}${req.url}`, {
    method: req.method,
    headers,
    ...(hasBody && { body: Buffer.concat(chunks) }),
  });
  const response = await handler(request);
  const outgoing: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') outgoing[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) outgoing['set-cookie'] = cookies;
  res.writeHead(response.status, outgoing);
  if (!response.body) {
    res.end();
    return;
  }
  for await (const chunk of response.body) res.write(chunk);
  res.end();
}
