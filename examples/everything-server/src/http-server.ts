import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createNodeListener } from '@filing-mcp/node-http';
import { loopbackAllowList, preflightResponse, withCors } from '@filing-mcp/protocol';
import { createEverythingServer, type EverythingServerOptions } from './everything-server.js';

/** Options of {@link startEverythingServer}. */
export interface EverythingHttpOptions extends EverythingServerOptions {
  /** Interface to listen on; default `127.0.0.1`. */
  host?: string;
  /** Port; `0` picks a free one. */
  port: number;
}

/** A running fixture server. */
export interface EverythingHttpServer {
  /** The MCP endpoint, e.g. `http://localhost:3001/mcp`. */
  url: URL;
  close(): Promise<void>;
}

/**
 * Serves the fixture server on node:http at `/mcp` (`/health` answers 200; CORS preflight on any
 * path; 404 elsewhere),
 * with the loopback Host/Origin allow-list (DNS-rebinding protection) and no credential needed.
 */
export async function startEverythingServer(options: EverythingHttpOptions): Promise<EverythingHttpServer> {
  const host = options.host ?? '127.0.0.1';
  const http = createServer();
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(options.port, host, () => resolve());
  });
  const { port } = http.address() as AddressInfo;
  const mcp = createEverythingServer({ ...options, ...loopbackAllowList(host, port) });
  const notFound = () =>
    withCors(
      Response.json({ error: 'not_found', error_description: 'The MCP endpoint is /mcp' }, { status: 404 }),
    );
  // POSTs to exactly /mcp take the node:http fast bridge straight to the MCP server; everything
  // else (and /mcp with a query string) goes through the router below on a real `Request`.
  http.on(
    'request',
    createNodeListener(
      (request: Request) => {
        if (request.method === 'OPTIONS') return preflightResponse();
        const { pathname } = new URL(request.url);
        if (pathname === '/mcp') return mcp.fetch(request);
        // For scripts that wait until the server is up (the conformance runner).
        if (pathname === '/health') return withCors(Response.json({ status: 'ok' }));
        return notFound();
      },
      { mcpPath: '/mcp', mcpFetch: (request) => mcp.respond(request) },
    ),
  );
  const name = host === '127.0.0.1' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return {
    url: new URL(`http://${name}:${port}/mcp`),
    close: () =>
      new Promise<void>((resolve, reject) => {
        http.closeAllConnections();
        http.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
