import { request as httpRequest } from 'node:http';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startWeatherServer, type WeatherHttpServer } from '../src/http-server.js';
import { forecastFor } from '../src/index.js';

const TOKEN = 'weather-test-token-0123456789';
let server: WeatherHttpServer;

beforeAll(async () => {
  server = await startWeatherServer({ apiToken: TOKEN, port: 0, today: () => '2026-03-01' });
});
afterAll(async () => {
  await server.close();
});

async function connect(token?: string) {
  const client = new Client({ name: 'weather-test', version: '0.0.0' });
  const headers: Record<string, string> = token === undefined ? {} : { authorization: `Bearer ${token}` };
  await client.connect(new StreamableHTTPClientTransport(server.url, { requestInit: { headers } }));
  return client;
}

describe('weather example server, official SDK client over a real socket', () => {
  it('lists get_forecast with its schema and annotations', async () => {
    const client = await connect(TOKEN);
    try {
      expect(client.getServerVersion()).toEqual({
        name: 'weather-example',
        version: '1.0.0',
        title: 'Weather (example)',
      });
      const { tools } = await client.listTools();
      expect(tools).toHaveLength(1);
      expect(tools[0]).toMatchObject({
        name: 'get_forecast',
        inputSchema: { type: 'object', required: ['city'] },
        annotations: { readOnlyHint: true, destructiveHint: false },
      });
    } finally {
      await client.close();
    }
  });

  it('calls get_forecast and gets the deterministic forecast as structuredContent and text', async () => {
    const client = await connect(TOKEN);
    try {
      const result = await client.callTool({ name: 'get_forecast', arguments: { city: 'Lisbon', days: 2 } });
      const expected = { city: 'Lisbon', days: forecastFor('Lisbon', 2, '2026-03-01') };
      expect(result.structuredContent).toEqual(expected);
      expect(result.content).toEqual([{ type: 'text', text: JSON.stringify(expected) }]);
      expect(expected.days.map((day) => day.date)).toEqual(['2026-03-01', '2026-03-02']);
    } finally {
      await client.close();
    }
  });

  it('answers its own method, weather/conditions, to the SDK client, declared under experimental', async () => {
    const client = await connect(TOKEN);
    try {
      expect(client.getServerCapabilities()?.experimental).toEqual({
        'weather/conditions': { languages: ['en', 'pt'] },
      });
      const conditions = z.object({
        conditions: z.array(z.object({ condition: z.string(), name: z.string() })),
      });
      const english = await client.request({ method: 'weather/conditions', params: {} }, conditions);
      expect(english.conditions.map((entry) => entry.condition)).toEqual([
        'sunny',
        'cloudy',
        'rain',
        'snow',
        'wind',
      ]);
      const portuguese = await client.request(
        { method: 'weather/conditions', params: { language: 'pt' } },
        conditions,
      );
      expect(portuguese.conditions[2]).toEqual({ condition: 'rain', name: 'Chuva' });
      await expect(
        client.request({ method: 'weather/conditions', params: { language: 'xx' } }, conditions),
      ).rejects.toMatchObject({ code: -32602, message: expect.stringContaining('Unknown language: xx') });
    } finally {
      await client.close();
    }
  });

  it('names the bad field of invalid arguments, and reports a domain error as a tool error', async () => {
    const client = await connect(TOKEN);
    try {
      const invalid = await client.callTool({ name: 'get_forecast', arguments: { city: 'Oslo', days: 30 } });
      expect(invalid).toEqual({
        isError: true,
        content: [{ type: 'text', text: 'Invalid arguments: days: Too big: expected number to be <=7' }],
      });
      const atlantis = await client.callTool({ name: 'get_forecast', arguments: { city: 'Atlantis' } });
      expect(atlantis).toEqual({
        isError: true,
        content: [{ type: 'text', text: 'No forecast for Atlantis: city not found' }],
      });
    } finally {
      await client.close();
    }
  });

  it('refuses a tool call without the token (401) and with a wrong one (invalid_token)', async () => {
    const anonymous = await connect();
    try {
      await expect(
        anonymous.callTool({ name: 'get_forecast', arguments: { city: 'Oslo' } }),
      ).rejects.toMatchObject({
        code: 401,
      });
    } finally {
      await anonymous.close();
    }
    const response = await fetch(server.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer wrong-token-wrong-token' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_forecast' } }),
    });
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe('Bearer realm="mcp", error="invalid_token"');
    expect(await response.json()).toEqual({
      jsonrpc: '2.0',
      id: 1,
      error: { code: -32001, message: 'Unauthorized' },
    });
  });

  it('answers 404 off the endpoint and 200 to a preflight, both with CORS', async () => {
    const notFound = await fetch(new URL('/elsewhere', server.url));
    expect(notFound.status).toBe(404);
    expect(notFound.headers.get('access-control-allow-origin')).toBe('*');
    const preflight = await fetch(server.url, { method: 'OPTIONS' });
    expect(preflight.status).toBe(200);
    expect(preflight.headers.get('access-control-allow-headers')).toContain('mcp-protocol-version');
  });

  it('refuses a rebinding Host with 403 (listening on loopback)', async () => {
    const { status, body } = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const outgoing = httpRequest(
        server.url,
        { method: 'POST', headers: { host: 'attacker.example', 'content-type': 'application/json' } },
        (incoming) => {
          let body = '';
          incoming.setEncoding('utf8');
          incoming.on('data', (chunk) => {
            body += chunk;
          });
          incoming.on('end', () => resolve({ status: incoming.statusCode ?? 0, body }));
        },
      );
      outgoing.on('error', reject);
      outgoing.end(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }));
    });
    expect(status).toBe(403);
    expect(JSON.parse(body)).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32600, message: 'Forbidden: Host not allowed' },
    });
  });
});
