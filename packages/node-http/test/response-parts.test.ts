import { afterEach, describe, expect, it, vi } from 'vitest';
import { plainResponse, responseParts } from '../src/index.js';
import { acceptResponseParts } from '@filing-mcp/protocol/transport';
// The protocol package's own fixture server (its test helpers, as its tests use them).
import { auth, callTool, makeServer, post, rpc } from '../../protocol/test/helpers.js';

/** The same POST as `post`, marked as read by a bridge that writes answers from their parts. */
function postMarked(
  server: { fetch(request: Request): Promise<Response> },
  body: unknown,
  headers: Record<string, string> = {},
): Promise<Response> {
  const request = new Request('http://localhost/mcp', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  acceptResponseParts(request);
  return server.fetch(request);
}

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

function joined(chunks: readonly Uint8Array[]): Uint8Array {
  const all = new Uint8Array(chunks.reduce((length, chunk) => length + chunk.byteLength, 0));
  let offset = 0;
  for (const chunk of chunks) {
    all.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return all;
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
  it.each(cases)(
    '%s: an unmarked request reads the same answer, as a plain Response',
    async (_name, body, headers) => {
      const { server } = makeServer();
      const plain = await readBoth(await post(server, body, headers));
      const marked = await readBoth(await postMarked(server, body, headers));
      expect(plain.parts).toBeUndefined();
      expect(plain.read).toEqual(marked.read);
    },
  );

  it('a parse error and a wrong content type have parts too', async () => {
    const { server } = makeServer();
    const fetchMarked = (request: Request) => {
      acceptResponseParts(request);
      return server.fetch(request);
    };
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
      const { parts, read } = await readBoth(await fetchMarked(request));
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

  it.each(cases)(
    '%s, for a request read by a socket bridge: the parts are what the Response reads',
    async (_name, body, headers) => {
      const { parts, read } = await readBoth(await postMarked(makeServer().server, body, headers));
      expect(parts).toBeDefined();
      expect(parts!.status).toBe(read.status);
      expect(
        Object.fromEntries(Object.entries(parts!.headers).sort(([a], [b]) => a.localeCompare(b))),
      ).toEqual(read.headers);
      expect(parts!.body ?? new Uint8Array(0)).toEqual(read.body);
      if (parts!.bodyChunks !== undefined) expect(joined(parts!.bodyChunks)).toEqual(read.body);
    },
  );

  it.each([
    ['JSON', { accept: 'application/json' }],
    ['SSE', { accept: 'application/json, text/event-stream' }],
  ])(
    'a fixed result (tools/list, %s) comes as the head with the id, then a tail every answer shares',
    async (_name, headers) => {
      const { server } = makeServer();
      const first = responseParts(await postMarked(server, rpc('tools/list', undefined, 7), headers))!;
      const second = responseParts(await postMarked(server, rpc('tools/list', undefined, 'b'), headers))!;
      expect(first.bodyChunks).toHaveLength(2);
      const [head, tail] = first.bodyChunks!;
      expect(new TextDecoder().decode(head)).toMatch(/"id":7$/);
      // The same bytes, never copied: the bridge writes them as they are.
      expect(second.bodyChunks![1]).toBe(tail);
      expect(new TextDecoder().decode(second.bodyChunks![0])).toMatch(/"id":"b"$/);
      const read = await (await postMarked(server, rpc('tools/list', undefined, 7), headers)).text();
      expect(new TextDecoder().decode(first.body!)).toBe(read);
    },
  );

  it('an answer to a marked request is a Response to whoever reads it as one', async () => {
    const { server } = makeServer();
    const list = await postMarked(server, rpc('tools/list'), { accept: 'application/json' });
    expect(list).toBeInstanceOf(Response);
    expect(list.status).toBe(200);
    expect(list.ok).toBe(true);
    // Read as a Response, its headers may change: from then on it has no parts, so a bridge
    // writes what the Response now says rather than stale parts.
    list.headers.set('x-added', 'yes');
    expect(responseParts(list)).toBeUndefined();
    expect(list.headers.get('x-added')).toBe('yes');
    expect(list.headers.get('content-type')).toMatch(/^application\/json/);
    expect(JSON.parse(await list.text()).result.tools.length).toBeGreaterThan(0);
    expect(list.bodyUsed).toBe(true);
    // Copies and body methods work too.
    const again = await postMarked(server, rpc('tools/list'), { accept: 'application/json' });
    const copy = again.clone();
    expect(await copy.json()).toEqual(await again.json());
    const wrapped = new Response(
      (await postMarked(server, rpc('tools/list'), { accept: 'application/json' })).body,
    );
    expect((await wrapped.text()).startsWith('{"jsonrpc":"2.0"')).toBe(true);
  });

  it("an unmarked request's answer is a complete Response (runtimes read its internal slots)", async () => {
    const { server } = makeServer();
    const list = await post(server, rpc('tools/list'), { accept: 'application/json' });
    // Response's own methods, called on it directly as a runtime would, work only on a real one.
    const text = await Response.prototype.text.call(list);
    expect(JSON.parse(text).result.tools.length).toBeGreaterThan(0);
    expect(responseParts(list)).toBeUndefined();
  });

  describe('when a server library replaced the global Response (as @hono/node-server does)', () => {
    afterEach(() => {
      vi.unstubAllGlobals();
    });

    it('a marked request with a bad credential is still refused, and a good one served', async () => {
      const { server } = makeServer();
      const Original = Response;
      // A lighter Response class over the original, put in place after the server was built.
      vi.stubGlobal('Response', class LightResponse extends Original {});
      const refused = await postMarked(server, callTool('get_forecast', { city: 'Oslo' }), {
        authorization: 'Bearer not-a-valid-token',
      });
      expect(refused.status).toBe(401);
      expect(refused).toBeInstanceOf(Response);
      const missing = await postMarked(server, callTool('get_forecast', { city: 'Oslo' }), {});
      expect(missing.status).toBe(401);
      const served = await postMarked(server, callTool('get_forecast', { city: 'Oslo' }), auth);
      expect(served.status).toBe(200);
      expect(JSON.parse(await served.text()).result).toBeDefined();
    });
  });
});
