import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { dirname } from 'node:path';
import { PacketBuilder } from '@filing-mcp/irs-forms/pdf';
import type { TestDatabase } from '@filing-mcp/test-db';
import { getRequestListener } from '@hono/node-server';
import {
  createFilingServer,
  type PacketBuilder as PacketBuilderPort,
  type FilingServer,
  type FilingServerConfig,
  type FilingServerOptions,
  migrateToLatest,
} from '../../src/index.js';
import { APP_URL, SESSION_SECRET, type ToolOutcome, toolOutcome } from './helpers.js';

let rpcId = 1;

/** Calls a tool over a socket (MCP 2025-06-18) with an API key: the outcome as `toolOutcome` gives it. */
export async function callToolAt(
  baseUrl: string,
  key: string,
  name: string,
  args: Record<string, unknown> = {},
): Promise<ToolOutcome> {
  const response = await fetch(baseUrl, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2025-06-18',
      authorization: `Bearer ${key}`,
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: rpcId++,
      method: 'tools/call',
      params: { name, arguments: args },
    }),
  });
  return toolOutcome(response);
}

const templateDir = `${dirname(createRequire(import.meta.url).resolve('@filing-mcp/irs-forms/templates/f5472.pdf'))}/`;
const builder = new PacketBuilder({ loadTemplate: (name) => readFile(templateDir + name) });

/** The packet builder of the tests (the official templates, in process). */
export const testPackets: PacketBuilderPort = {
  build: (kind, formData, options) =>
    builder.build(kind, formData, options?.section === undefined ? {} : { section: options.section }),
};

/** The tests' configuration (APP_URL, SESSION_SECRET) of a server at `baseUrl`, `extra` on top. */
export function testConfig(baseUrl: string, extra: Partial<FilingServerConfig> = {}): FilingServerConfig {
  return { baseUrl, appUrl: APP_URL, session: { secret: SESSION_SECRET }, ...extra };
}

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
 * Starts a filing server (base URL `{origin}/mcp-server`, `testConfig` with `options.config` on
 * top) on a real socket over a database from `create`, for the tests that drive it with real MCP
 * clients, fax or webhooks.
 */
export async function startSocketServer(
  create: () => Promise<TestDatabase>,
  options: Omit<FilingServerOptions, 'db' | 'config'> & { config?: Partial<FilingServerConfig> } = {},
): Promise<SocketServer> {
  const database = await create();
  await migrateToLatest(database.db);
  const http = createServer();
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  const baseUrl = `${origin}/mcp-server`;
  const { config, ...rest } = options;
  const server = createFilingServer({ ...rest, db: database.db, config: testConfig(baseUrl, config) });
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
