import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** How the document server answers one path. */
export interface DocumentRoute {
  status?: number;
  headers?: Record<string, string>;
  /** A JSON value (serialised) or raw text. */
  body?: unknown;
  /** Never answer (the fetcher's time limit must end the request). */
  hang?: boolean;
}

/** A real HTTP server on loopback that serves Client ID Metadata Documents and counts requests. */
export interface DocumentServer {
  /** `http://127.0.0.1:PORT`. */
  origin: string;
  port: number;
  /** Sets what a path answers. */
  route(path: string, route: DocumentRoute): void;
  /** How many requests reached a path. */
  hits(path: string): number;
  close(): Promise<void>;
}

export async function startDocumentServer(): Promise<DocumentServer> {
  const routes = new Map<string, DocumentRoute>();
  const counts = new Map<string, number>();
  const server: Server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    counts.set(path, (counts.get(path) ?? 0) + 1);
    const route = routes.get(path);
    if (route === undefined) {
      response.writeHead(404).end();
      return;
    }
    if (route.hang) return;
    const body =
      route.body === undefined
        ? ''
        : typeof route.body === 'string'
          ? route.body
          : JSON.stringify(route.body);
    response.writeHead(route.status ?? 200, { 'content-type': 'application/json', ...route.headers });
    response.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    route: (path, route) => routes.set(path, route),
    hits: (path) => counts.get(path) ?? 0,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
