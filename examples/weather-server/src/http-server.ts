import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { loopbackAllowList, preflightResponse, withCors } from '@filing-mcp/protocol';
import { createWeatherServer, type WeatherServerOptions } from './weather-server.js';

/** Options of {@link startWeatherServer}. */
export interface WeatherHttpOptions extends Pick<WeatherServerOptions, 'apiToken' | 'today' | 'onError'> {
  /** Interface to listen on; default `127.0.0.1`. */
  host?: string;
  /** Port; `0` picks a free one. */
  port: number;
}

/** A running weather server. */
export interface WeatherHttpServer {
  /** The MCP endpoint, e.g. `http://127.0.0.1:3001/mcp`. */
  url: URL;
  close(): Promise<void>;
}

/**
 * Serves the weather MCP server on node:http: the MCP endpoint at `/mcp`, CORS preflight on any
 * path, 404 elsewhere. Routing by path is this adapter's job; the core treats every request it
 * receives as an MCP request.
 */
export async function startWeatherServer(options: WeatherHttpOptions): Promise<WeatherHttpServer> {
  const host = options.host ?? '127.0.0.1';
  const http = createServer();
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(options.port, host, () => resolve());
  });
  const { port } = http.address() as AddressInfo;
  // Built after listen: with port 0 only now is the real port, which the allow-list names, known.
  const mcp = createWeatherServer({ ...options, ...loopbackAllowList(host, port) });
  const notFound = () =>
    withCors(
      Response.json({ error: 'not_found', error_description: 'The MCP endpoint is /mcp' }, { status: 404 }),
    );
  http.on(
    'request',
    getRequestListener(
      (request: Request) => {
        if (request.method === 'OPTIONS') return preflightResponse();
        const { pathname } = new URL(request.url);
        return pathname === '/mcp' ? mcp.fetch(request) : notFound();
      },
      { overrideGlobalObjects: false },
    ),
  );
  const name = host.includes(':') ? `[${host}]` : host;
  return {
    url: new URL(`http://${name}:${port}/mcp`),
    close: () =>
      new Promise<void>((resolve, reject) => {
        http.closeAllConnections();
        http.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
