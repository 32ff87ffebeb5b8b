import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { McpServer } from '../src/index.js';
import { GOOD_TOKEN, makeServer } from './helpers.js';

async function listen(server: McpServer): Promise<{ url: URL; close: () => Promise<void> }> {
  const http: Server = createServer(
    getRequestListener((request) => server.fetch(request), { overrideGlobalObjects: false }),
  );
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  return {
    url: new URL(`http://127.0.0.1:${port}/mcp`),
    close: () =>
      new Promise<void>((resolve, reject) => {
        http.closeAllConnections();
        http.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

describe.each([
  { mode: 'json' as const, contentType: 'application/json' },
  { mode: 'auto' as const, contentType: 'text/event-stream' },
])('official SDK Client over a real socket, $mode replies', ({ mode, contentType }) => {
  const seenContentTypes = new Set<string>();
  const { server: core, calls } = makeServer({ responseMode: mode });
  const recording: McpServer = {
    notifyListChanged: core.notifyListChanged,
    async fetch(request) {
      const response = await core.fetch(request);
      const type = response.headers.get('content-type');
      if (response.status === 200 && type !== null) seenContentTypes.add(type);
      return response;
    },
  };
  let server: Awaited<ReturnType<typeof listen>>;
  beforeAll(async () => {
    server = await listen(recording);
  });
  afterAll(async () => {
    await server.close();
  });

  async function connect(headers: Record<string, string> = {}) {
    const client = new Client({ name: 'protocol-test', version: '0.0.0' });
    const transport = new StreamableHTTPClientTransport(server.url, { requestInit: { headers } });
    await client.connect(transport);
    return client;
  }

  it('initializes, lists tools and calls one with a bearer credential', async () => {
    const client = await connect({ authorization: `Bearer ${GOOD_TOKEN}` });
    try {
      expect(client.getServerVersion()).toEqual({ name: 'filing-mcp', version: '1.1.0' });
      expect(client.getServerCapabilities()).toEqual({ tools: { listChanged: false } });
      expect(client.getInstructions()).toContain('get_form_schema');

      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toContain('get_forecast');
      const forecast = tools.find((tool) => tool.name === 'get_forecast')!;
      expect(forecast.annotations).toEqual({
        readOnlyHint: true,
        destructiveHint: false,
        idempotentHint: true,
      });

      const result = await client.callTool({ name: 'get_forecast', arguments: { city: 'Oslo', days: 5 } });
      expect(result).toEqual({
        content: [{ type: 'text', text: '{"city":"Oslo","days":5}' }],
        structuredContent: { city: 'Oslo', days: 5 },
      });
      expect(calls.handled.at(-1)).toEqual({
        tool: 'get_forecast',
        args: { city: 'Oslo', days: 5 },
        userId: 'user-1',
      });

      const invalid = await client.callTool({ name: 'find_filing', arguments: {} });
      expect(invalid.isError).toBe(true);
      expect((invalid.content as Array<{ text: string }>)[0]!.text).toBe(
        'Invalid arguments: id: Invalid input: expected string, received undefined',
      );
      expect(await client.ping()).toEqual({});
      expect(seenContentTypes).toEqual(new Set([contentType]));
    } finally {
      await client.close();
    }
  });

  it('an unknown tool reaches the client as MCP error -32602', async () => {
    const client = await connect({ authorization: `Bearer ${GOOD_TOKEN}` });
    try {
      await expect(client.callTool({ name: 'no_such_tool', arguments: {} })).rejects.toMatchObject({
        code: -32602,
      });
    } finally {
      await client.close();
    }
  });

  it('without a credential the client can list but a tool call fails with 401', async () => {
    const client = await connect();
    try {
      expect((await client.listTools()).tools.length).toBeGreaterThan(0);
      const before = calls.handled.length;
      await expect(
        client.callTool({ name: 'get_forecast', arguments: { city: 'Oslo' } }),
      ).rejects.toMatchObject({
        code: 401,
      });
      expect(calls.handled.length).toBe(before);
    } finally {
      await client.close();
    }
  });
});
