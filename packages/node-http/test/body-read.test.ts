import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bodyBytesHook } from '@filing-mcp/protocol/transport';
import { fastMcpUrl, mcpRequest, readSmallBody, SMALL_BODY_BYTES } from '../src/node-bridge.js';

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
    const how = incoming.headers['x-read'];
    const answer = (request: Request): void => {
      // The protocol package's bodyBytesHook (what the MCP handler reads), text(), the body stream
      // or arrayBuffer(). The hook answers the bytes themselves once the listener has read them.
      const hooked = request as Request & { [bodyBytesHook]: () => Uint8Array | Promise<Uint8Array> };
      let inHand = false;
      const readBody = (): Promise<ArrayBuffer | Uint8Array | string> => {
        if (how === 'text') return request.text();
        if (how === 'stream') return new Response(request.body).arrayBuffer();
        if (how === 'twice') {
          hooked[bodyBytesHook]();
          return request.text();
        }
        if (how !== 'hook') return request.arrayBuffer();
        const bytes = hooked[bodyBytesHook]();
        inHand = bytes instanceof Uint8Array;
        return Promise.resolve(bytes);
      };
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
              inHand,
            }),
          );
        },
        (error: Error) => outgoing.writeHead(500).end(error.message),
      );
    };
    // x-read-first: the listener's way, the body read off the socket before the handler runs
    // when it is small and declared; else the request reads it when asked.
    if (
      incoming.headers['x-read-first'] !== 'yes' ||
      !readSmallBody(
        incoming,
        (body) => answer(mcpRequest(incoming, outgoing, url, body)),
        () => outgoing.destroy(),
      )
    ) {
      answer(mcpRequest(incoming, outgoing, url));
    }
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

type Read = 'bytes' | 'text' | 'hook' | 'stream' | 'twice';

function headFor(
  length: number | 'chunked',
  read: Read = 'bytes',
  when: 'now' | 'later' = 'later',
  first: 'yes' | 'no' = 'no',
): string {
  const framing = length === 'chunked' ? 'transfer-encoding: chunked' : `content-length: ${length}`;
  return `POST /mcp HTTP/1.1\r\nhost: localhost:${port}\r\ncontent-type: application/json\r\nx-read: ${read}\r\nx-read-when: ${when}\r\nx-read-first: ${first}\r\nconnection: close\r\n${framing}\r\n\r\n`;
}

const digest = (bytes: Buffer, inHand = false) => ({
  length: bytes.byteLength,
  sha256: createHash('sha256').update(bytes).digest('hex'),
  inHand,
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
    for (const first of ['no', 'yes'] as const) {
      for (const read of ['bytes', 'text', 'hook', 'stream'] as const) {
        for (const when of ['now', 'later'] as const) {
          const answer = await send(headFor(body.length, read, when, first), pieces, gapMs);
          expect(answer.status).toBe(200);
          // Read first (a small declared body), the hook hands the bytes over at once.
          const inHand = first === 'yes' && read === 'hook' && body.length <= SMALL_BODY_BYTES;
          expect(JSON.parse(answer.body)).toEqual(digest(body, inHand));
        }
      }
    }
  });

  it('a body read first is read once: a second read is refused as a Request refuses it', async () => {
    const answer = await send(headFor(small.length, 'hook', 'now', 'yes'), [small], 0);
    expect(JSON.parse(answer.body)).toEqual(digest(small, true));
    // Through the hook, then text(): the second read is refused.
    const twice = await send(headFor(small.length, 'twice', 'now', 'yes'), [small], 0);
    expect(twice.status).toBe(500);
    expect(twice.body).toContain('Body is unusable');
  });

  it('an empty body', async () => {
    const answer = await send(headFor(0), [], 0);
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual(digest(Buffer.alloc(0)));
    const first = await send(headFor(0, 'hook', 'now', 'yes'), [], 0);
    expect(JSON.parse(first.body)).toEqual(digest(Buffer.alloc(0), true));
  });

  it('a chunked body, whole or in pieces', async () => {
    const chunked = Buffer.from(`5\r\n{"a":\r\n4\r\n"xy"\r\n1\r\n}\r\n0\r\n\r\n`);
    for (const gapMs of [0, 20]) {
      const pieces = gapMs === 0 ? [chunked] : [chunked.subarray(0, 9), chunked.subarray(9)];
      // Not read first: its length is not declared.
      for (const first of ['no', 'yes'] as const) {
        const answer = await send(headFor('chunked', 'hook', 'later', first), pieces, gapMs);
        expect(answer.status).toBe(200);
        expect(JSON.parse(answer.body)).toEqual(digest(Buffer.from('{"a":"xy"}')));
      }
    }
  });
});
