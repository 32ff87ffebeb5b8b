import { describe, expect, it } from 'vitest';
import { bodyBytesHook } from '../src/index.js';
import { makeServer, rpc } from './helpers.js';

/** A request whose own body is `sent`, offering `hooked` through the bodyBytesHook. */
function hookedRequest(sent: string, hooked: Uint8Array, contentLength = String(hooked.byteLength)): Request {
  const request = new Request('http://localhost/mcp', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'content-length': contentLength },
    body: sent,
  });
  let reads = 0;
  Object.defineProperty(request, bodyBytesHook, {
    value: () => {
      reads++;
      return Promise.resolve(hooked);
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
