import { describe, expect, it } from 'vitest';
import { plainResponse, responseParts } from '../src/index.js';
import { auth, callTool, makeServer, post, rpc } from './helpers.js';

// A socket adapter (the Node adapter's MCP POST bridge) writes what `responseParts` says instead of
// reading the Response: the two must never disagree, or clients of that adapter would see another
// answer than fetch users do. So for a spread of answers the core gives, both are read and compared.
async function readBoth(response: Response) {
  const parts = responseParts(response);
  const read = {
    status: response.status,
    headers: Object.fromEntries([...response.headers].sort(([a], [b]) => a.localeCompare(b))),
    body: new Uint8Array(await response.arrayBuffer()),
  };
  return { parts, read };
}

const modernMeta = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
  'io.modelcontextprotocol/clientInfo': { name: 'parts-test', version: '1.0.0' },
};
const modern = (method: string) => ({ 'mcp-protocol-version': '2026-07-28', 'mcp-method': method });

const cases: Array<[string, unknown, Record<string, string>]> = [
  ['tools/list, JSON', rpc('tools/list'), { accept: 'application/json' }],
  ['tools/list, SSE', rpc('tools/list'), { accept: 'application/json, text/event-stream' }],
  [
    'initialize',
    rpc('initialize', {
      protocolVersion: '2025-11-25',
      capabilities: {},
      clientInfo: { name: 't', version: '1' },
    }),
    {},
  ],
  ['a notification (202)', { jsonrpc: '2.0', method: 'notifications/initialized' }, {}],
  ['a tool call', callTool('get_forecast', { city: 'Oslo' }), auth],
  ['a tool call without credential (401)', callTool('get_forecast', { city: 'Oslo' }), {}],
  ['an unknown tool', callTool('no_such_tool', {}), auth],
  ['a batch', [rpc('ping', undefined, 1), rpc('tools/list', undefined, 2)], {}],
  ['server/discover', rpc('server/discover', { _meta: modernMeta }), modern('server/discover')],
  ['a 2026 header mismatch (400)', rpc('tools/list', { _meta: modernMeta }), modern('tools/call')],
  ['a removed 2026 method (404)', rpc('ping', { _meta: modernMeta }), modern('ping')],
];

describe('responseParts', () => {
  it.each(cases)('%s: the parts are what the Response reads', async (_name, body, headers) => {
    const { parts, read } = await readBoth(await post(makeServer().server, body, headers));
    expect(parts).toBeDefined();
    expect(parts!.status).toBe(read.status);
    expect(Object.fromEntries(Object.entries(parts!.headers).sort(([a], [b]) => a.localeCompare(b)))).toEqual(
      read.headers,
    );
    expect(parts!.body ?? new Uint8Array(0)).toEqual(read.body);
  });

  it('a parse error and a wrong content type have parts too', async () => {
    const { server } = makeServer();
    for (const request of [
      new Request('http://localhost/mcp', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{',
      }),
      new Request('http://localhost/mcp', {
        method: 'POST',
        headers: { 'content-type': 'text/plain' },
        body: '{}',
      }),
      new Request('http://localhost/mcp', { method: 'OPTIONS' }),
    ]) {
      const { parts, read } = await readBoth(await server.fetch(request));
      expect(parts?.status).toBe(read.status);
      expect(parts!.body ?? new Uint8Array(0)).toEqual(read.body);
    }
  });

  it('a response built by hand has none (it must be read as a Response); plainResponse keeps them', async () => {
    expect(responseParts(new Response('{}'))).toBeUndefined();
    const made = plainResponse(
      201,
      new TextEncoder().encode('{"ok":true}'),
      Object.freeze({ 'content-type': 'application/json' }),
    );
    expect(responseParts(made)).toEqual({
      status: 201,
      headers: { 'content-type': 'application/json' },
      body: new TextEncoder().encode('{"ok":true}'),
    });
    expect(await made.text()).toBe('{"ok":true}');
  });
});
