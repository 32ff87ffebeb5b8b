import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { WRITE_PIECE_BYTES } from '../src/bounded-write.js';
import { createNodeListener, plainResponse } from '../src/index.js';

const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

/** Records the size of every `write` the listener makes on the response. */
function spy(outgoing: ServerResponse, writes: number[]): void {
  const write = outgoing.write.bind(outgoing) as (chunk: Uint8Array) => boolean;
  (outgoing as { write: unknown }).write = (chunk: Uint8Array) => {
    writes.push(chunk.byteLength);
    return write(chunk);
  };
}

describe('large bodies on the fast path (real sockets)', () => {
  it('go out in pieces of at most 64 KiB as the socket drains, whole and in order (parts and streamed)', async () => {
    const bytes = new Uint8Array(3 * 1024 * 1024 + 7).map((_, index) => 65 + (index % 26));
    const writes: number[] = [];
    const listener = createNodeListener(
      (request, { outgoing }) => {
        spy(outgoing, writes);
        if (request.headers.get('x-stream') === null)
          return plainResponse(200, bytes, Object.freeze({ 'content-type': 'text/plain' }));
        // One chunk of 3 MB, as a streamed batch enqueues one large answer.
        const body = new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(bytes);
            controller.close();
          },
        });
        return new Response(body, { headers: { 'content-type': 'text/plain' } });
      },
      { mcpPath: '/mcp' },
    );
    const server = createServer(listener);
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`;
    const expected = Buffer.from(bytes);
    for (const headers of [{}, { 'x-stream': '1' }] as Array<Record<string, string>>) {
      writes.length = 0;
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: '{}',
      });
      expect(response.status).toBe(200);
      expect(Buffer.from(await response.arrayBuffer()).equals(expected)).toBe(true);
      expect(writes.length).toBeGreaterThanOrEqual(Math.ceil(bytes.byteLength / WRITE_PIECE_BYTES));
      expect(Math.max(...writes)).toBeLessThanOrEqual(WRITE_PIECE_BYTES);
    }
  });
});
