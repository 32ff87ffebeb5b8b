import { describe, expect, it } from 'vitest';
import { bodyBytesHook } from '../src/transport.js';
import { callTool, GOOD_TOKEN, makeServer, post, rpc } from './helpers.js';

/**
 * A request whose own body is `sent`, offering `hooked` through the bodyBytesHook: as a promise, or
 * (`inHand`) as the bytes themselves, as a bridge that has read the body already does.
 */
function hookedRequest(
  sent: string,
  hooked: Uint8Array,
  contentLength = String(hooked.byteLength),
  { inHand = false, headers = {} }: { inHand?: boolean; headers?: Record<string, string> } = {},
): Request {
  const request = new Request('http://localhost/mcp', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'content-length': contentLength, ...headers },
    body: sent,
  });
  let reads = 0;
  Object.defineProperty(request, bodyBytesHook, {
    value: () => {
      reads++;
      return inHand ? hooked : Promise.resolve(hooked);
    },
  });
  Object.defineProperty(request, 'hookReads', { get: () => reads });
  return request;
}

describe('bodyBytesHook', () => {
  it("a bridge's bytes are what the core reads, not the Request's own body", async () => {
    const { server } = makeServer();
    const bytes = new TextEncoder().encode(JSON.stringify(rpc('ping', undefined, 41)));
    // A view into a larger buffer, as a socket chunk is: only the view is the body.
    const padded = new Uint8Array(bytes.byteLength + 8);
    padded.set(bytes, 4);
    const request = hookedRequest('{"not":"this"}', padded.subarray(4, 4 + bytes.byteLength));
    const response = await server.fetch(request);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ jsonrpc: '2.0', id: 41, result: {} });
    expect((request as Request & { hookReads: number }).hookReads).toBe(1);
  });

  it('bytes over the limit are refused with 413, whatever Content-Length said', async () => {
    const { server } = makeServer({ maxBodyBytes: 64 });
    const body = JSON.stringify(rpc('ping', { pad: 'x'.repeat(100) }));
    const response = await server.fetch(hookedRequest('{}', new TextEncoder().encode(body), '10'));
    expect(response.status).toBe(413);
  });

  it('bytes that are not UTF-8 are a parse error', async () => {
    const { server } = makeServer();
    const response = await server.fetch(hookedRequest('{}', new Uint8Array([0x7b, 0xff, 0x7d])));
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { code: number } }).error.code).toBe(-32700);
  });
});

const MODERN = '2026-07-28';
const MODERN_META = {
  'io.modelcontextprotocol/protocolVersion': MODERN,
  'io.modelcontextprotocol/clientCapabilities': {},
  'io.modelcontextprotocol/clientInfo': { name: 'test', version: '1.0.0' },
};

/** The same message as a plain request (for `fetch`) and as one whose bridge has its bytes. */
function both(message: unknown, headers: Record<string, string> = {}) {
  const bytes = new TextEncoder().encode(JSON.stringify(message));
  return { bytes, headers, inHand: () => hookedRequest('{}', bytes, undefined, { inHand: true, headers }) };
}

async function parts(response: Response) {
  return { status: response.status, headers: [...response.headers], body: await response.text() };
}

describe('respond: the answer without a promise when nothing needs waiting for', () => {
  it.each([
    ['ping', both(rpc('ping', undefined, 7))],
    ['tools/list', both(rpc('tools/list', {}, 8))],
    [
      'tools/list on 2026-07-28',
      both(rpc('tools/list', { _meta: MODERN_META }, 9), {
        'mcp-protocol-version': MODERN,
        'mcp-method': 'tools/list',
      }),
    ],
  ])(
    '%s, with the body in hand: a Response at once, byte for byte what fetch answers',
    async (_name, sent) => {
      const { server } = makeServer();
      const answered = server.respond(sent.inHand());
      expect(answered).toBeInstanceOf(Response);
      const viaFetch = await post(server, new TextDecoder().decode(sent.bytes), sent.headers);
      expect(await parts(answered as Response)).toEqual(await parts(viaFetch));
      expect(viaFetch.status).toBe(200);
    },
  );

  it('a promise while the body is still to come, or while a tool runs; the same answer once settled', async () => {
    const { server } = makeServer();
    const ping = JSON.stringify(rpc('ping', undefined, 3));
    const pending = server.respond(hookedRequest('{}', new TextEncoder().encode(ping)));
    expect(pending).toBeInstanceOf(Promise);
    expect(await parts(await pending)).toEqual(await parts(await post(server, ping)));

    const call = both(callTool('get_forecast', { city: 'Oslo' }, 4), {
      authorization: `Bearer ${GOOD_TOKEN}`,
    });
    const running = server.respond(call.inHand());
    expect(running).toBeInstanceOf(Promise);
    const settled = await running;
    expect(settled.status).toBe(200);
    expect(await settled.json()).toMatchObject({
      id: 4,
      result: { structuredContent: { city: 'Oslo', days: 3 } },
    });
  });

  it('a bridge whose body read throws gets a 500 and the error is reported, not thrown', async () => {
    const { server, calls } = makeServer();
    const request = new Request('http://localhost/mcp', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': '2' },
      body: '{}',
    });
    Object.defineProperty(request, bodyBytesHook, {
      value: () => {
        throw new Error('the bridge lost the body');
      },
    });
    const answered = server.respond(request);
    expect(answered).toBeInstanceOf(Response);
    expect((answered as Response).status).toBe(500);
    expect(await (answered as Response).json()).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32603, message: 'Internal error' },
    });
    expect(calls.errors.map(({ error }) => (error as Error).message)).toEqual(['the bridge lost the body']);
  });
});
