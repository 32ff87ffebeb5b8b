import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TestDatabase } from '@filing-mcp/test-db';
import { getRequestListener } from '@hono/node-server';
import {
  createFilingServer,
  type FilingServer,
  type FilingServerOptions,
  migrateToLatest,
} from '../src/index.js';
import { APP_URL, SESSION_SECRET } from './helpers.js';

/** A filing server behind a real loopback socket, over a freshly migrated database. */
export interface SocketServer {
  database: TestDatabase;
  server: FilingServer;
  /** `http://127.0.0.1:PORT`. */
  origin: string;
  /** The MCP endpoint, `{origin}/mcp-server`. */
  baseUrl: string;
  /** Closes the socket, the server and the database. */
  close(): Promise<void>;
}

/**
 * Starts a filing server (base URL `{origin}/mcp-server`, the test app URL and session secret) on a
 * real socket over a database from `create`, for the tests that drive it with real MCP clients.
 */
export async function startSocketServer(
  create: () => Promise<TestDatabase>,
  options: Omit<FilingServerOptions, 'db' | 'config'> = {},
): Promise<SocketServer> {
  const database = await create();
  await migrateToLatest(database.db);
  const http = createServer();
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  const baseUrl = `${origin}/mcp-server`;
  const server = createFilingServer({
    ...options,
    db: database.db,
    config: { baseUrl, appUrl: APP_URL, session: { secret: SESSION_SECRET } },
  });
  http.on(
    'request',
    getRequestListener((request) => server.fetch(request), { overrideGlobalObjects: false }),
  );
  return {
    database,
    server,
    origin,
    baseUrl,
    async close() {
      await new Promise((resolve) => http.close(resolve));
      await server.close();
      await database.close();
    },
  };
}
