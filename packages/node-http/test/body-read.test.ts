import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bodyBytesHook } from '@filing-mcp/protocol';
import { fastMcpUrl, mcpRequest } from '../src/node-bridge.js';

// The fast bridge's body read (collected from the socket's chunks): whatever the timing, the size
// and the framing, the handler must see exactly the bytes the client sent.

let server: Server;
let port: number;

beforeAll(async () => {
  server = createServer((incoming, outgoing) => {
    const url = fastMcpUrl(incoming, '/mcp');
    if (url === undefined) {
      outgoing.writeHead(500).end('not on the fast path');
      return;
    }
    const request = mcpRequest(incoming, outgoing, url);
    const how = incoming.headers['x-read'];
    // The protocol package's bodyBytesHook (what the MCP handler reads), text() or arrayBuffer().
    const hooked = request as Request & { [bodyBytesHook]: () => Promise<Uint8Array> };
    const readBody = (): Promise<ArrayBuffer | Uint8Array | string> =>
      how === 'text' ? request.text() : how === 'hook' ? hooked[bodyBytesHook]() : request.arrayBuffer();
    // A core reads the body at once or after a few awaits: both must see it whole.
    const read = incoming.headers['x-read-when'] === 'now' ? readBody() : Promise.resolve().then(readBody);
    read.then(
      (body) => {
        const bytes =
          typeof body === 'string'
            ? Buffer.from(body, 'utf8')
            : body instanceof Uint8Array
              ? Buffer.from(body.buffer, body.byteOffset, body.byteLength)
              : Buffer.from(body);
        // No writeHead: node then frames the answer with a Content-Length, which `send` expects.
        outgoing.setHeader('content-type', 'application/json');
        outgoing.end(
          JSON.stringify({
            length: bytes.byteLength,
            sha256: createHash('sha256').update(bytes).digest('hex'),
          }),
        );
      },
      (error: Error) => outgoing.writeHead(500).end(error.message),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** Sends `head` then each piece of the body, `gapMs` apart, on one socket; answers the parsed echo. */
function send(head: string, pieces: Buffer[], gapMs: number): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const received: Buffer[] = [];
    socket.on('data', (chunk) => received.push(chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      const text = Buffer.concat(received).toString('utf8');
      const [status, ...rest] = text.split('\r\n');
      resolve({
        status: Number(status!.split(' ')[1]),
        body: rest.join('\r\n').split('\r\n\r\n').slice(1).join(''),
      });
    });
    socket.on('connect', async () => {
      if (gapMs === 0) {
        socket.write(Buffer.concat([Buffer.from(head), ...pieces]));
      } else {
        socket.write(head);
        for (const piece of pieces) {
          await new Promise((wait) => setTimeout(wait, gapMs));
          socket.write(piece);
        }
      }
    });
  });
}

function headFor(
  length: number | 'chunked',
  read: 'bytes' | 'text' | 'hook' = 'bytes',
  when: 'now' | 'later' = 'later',
): string {
  const framing = length === 'chunked' ? 'transfer-encoding: chunked' : `content-length: ${length}`;
  return `POST /mcp HTTP/1.1\r\nhost: localhost:${port}\r\ncontent-type: application/json\r\nx-read: ${read}\r\nx-read-when: ${when}\r\nconnection: close\r\n${framing}\r\n\r\n`;
}

const digest = (bytes: Buffer) => ({
  length: bytes.byteLength,
  sha256: createHash('sha256').update(bytes).digest('hex'),
});

describe('the fast bridge reads the whole body, however it arrives', () => {
  const small = Buffer.from(
    JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: { é: '漢字' } }),
  );
  // Larger than a stream's 16 KiB high-water mark and than one socket read.
  const large = Buffer.from(JSON.stringify({ pad: 'x'.repeat(300_000) }));

  it.each([
    ['a small body with its headers', small, 0],
    ['a small body after its headers', small, 30],
    ['a large body with its headers', large, 0],
    ['a large body in three pieces', large, 20],
  ] as const)('%s', async (_name, body, gapMs) => {
    const third = Math.ceil(body.length / 3);
    const pieces =
      gapMs === 0
        ? [body]
        : [body.subarray(0, third), body.subarray(third, 2 * third), body.subarray(2 * third)];
    for (const read of ['bytes', 'text', 'hook'] as const) {
      for (const when of ['now', 'later'] as const) {
        const answer = await send(headFor(body.length, read, when), pieces, gapMs);
        expect(answer.status).toBe(200);
        expect(JSON.parse(answer.body)).toEqual(digest(body));
      }
    }
  });

  it('an empty body', async () => {
    const answer = await send(headFor(0), [], 0);
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual(digest(Buffer.alloc(0)));
  });

  it('a chunked body, whole or in pieces', async () => {
    const chunked = Buffer.from(`5\r\n{"a":\r\n4\r\n"xy"\r\n1\r\n}\r\n0\r\n\r\n`);
    for (const gapMs of [0, 20]) {
      const pieces = gapMs === 0 ? [chunked] : [chunked.subarray(0, 9), chunked.subarray(9)];
      const answer = await send(headFor('chunked'), pieces, gapMs);
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.body)).toEqual(digest(Buffer.from('{"a":"xy"}')));
    }
  });
});
