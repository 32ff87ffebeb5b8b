import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createNodeListener, refuseConnect } from '../src/index.js';

const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

/** Sends raw bytes over a real socket and reads everything until the server closes it. */
function exchange(port: number, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(text));
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      received += chunk;
    });
    socket.on('error', reject);
    socket.on('close', () => resolve(received));
  });
}

async function listen(withRefusal: boolean): Promise<number> {
  const server = createServer(createNodeListener(() => new Response('ok'), { mcpPath: '/mcp' }));
  if (withRefusal) refuseConnect(server);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

const CONNECT = 'CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n';

describe('refuseConnect', () => {
  it('answers CONNECT with 405, an Allow header and a JSON-RPC error body, then closes', async () => {
    const answer = await exchange(await listen(true), CONNECT);
    const [head, body] = answer.split('\r\n\r\n');
    expect(head!.split('\r\n')[0]).toBe('HTTP/1.1 405 Method Not Allowed');
    expect(head).toMatch(/\r\nallow: GET, HEAD, POST, OPTIONS, DELETE\r\n/);
    expect(head).toMatch(/\r\ncontent-type: application\/json\r\n/);
    expect(JSON.parse(body!)).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32600, message: expect.stringMatching(/^Method not allowed: CONNECT/) },
    });
  });

  it('without it, node:http closes the socket with no answer at all (what the refusal fixes)', async () => {
    expect(await exchange(await listen(false), CONNECT)).toBe('');
  });
});
