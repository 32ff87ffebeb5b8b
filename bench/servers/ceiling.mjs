// The ceiling: a bare node:http server that reads the body, parses the JSON-RPC request and answers
// a fixed result: the bytes of our own tools/list answer on the wire the request speaks (2026-07-28
// when its MCP-Protocol-Version header says so, else 2025): the same result and the same header
// lines (BENCH_FIXED_HEADERS_FILE, captured from ours: the CORS headers the contract puts on every
// response, a request id of the same shape), so the answers are equal byte for byte. Like ours,
// it encodes each answer once and splices only the request's id in per request, and writes the
// shared rest without copying it. JSON or SSE framing
// by the Accept header, as an MCP server must.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { announce } from '../lib/report.mjs';

/** The head and tail bytes around the id, for JSON and for SSE. */
function encodeOnce(resultFile) {
  const result = readFileSync(resultFile, 'utf8');
  const tail = Buffer.from(`,"result":${result}}`);
  return {
    json: [Buffer.from('{"jsonrpc":"2.0","id":'), tail],
    sse: [
      Buffer.from('event: message\ndata: {"jsonrpc":"2.0","id":'),
      Buffer.from(`,"result":${result}}\n\n`),
    ],
  };
}

const legacy = encodeOnce(process.env.BENCH_FIXED_RESULT_FILE);
const modern = process.env.BENCH_FIXED_MODERN_RESULT_FILE
  ? encodeOnce(process.env.BENCH_FIXED_MODERN_RESULT_FILE)
  : legacy;
const JSON_HEADERS = ['content-type', 'application/json'];
const SSE_HEADERS = ['content-type', 'text/event-stream', 'cache-control', 'no-cache'];

// Ours' header lines on each wire, `x-request-id` apart (made per answer below); without the file
// (a run of this server on its own), the content type only.
const captured = process.env.BENCH_FIXED_HEADERS_FILE
  ? JSON.parse(readFileSync(process.env.BENCH_FIXED_HEADERS_FILE, 'utf8'))
  : undefined;
const headerLines = (pairs) => pairs.filter(([name]) => name !== 'x-request-id').flat();
const sameHeaders = captured && {
  legacy: headerLines(captured.legacy),
  modern: headerLines(captured.modern),
  requestId: captured.legacy.some(([name]) => name === 'x-request-id'),
};
// A request id in ours' shape (a UUID's 36 characters): a prefix drawn once, then a counter.
const ID_PREFIX = '6f1c2a4e-3b5d-4c7e-9f80-';
let counter = 0;
const requestId = () => ID_PREFIX + (++counter % 2 ** 40).toString(16).padStart(12, '0');

const server = createServer((request, response) => {
  const chunks = [];
  request.on('data', (chunk) => chunks.push(chunk));
  request.on('end', () => {
    let message;
    try {
      message = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      response.writeHead(400, JSON_HEADERS);
      response.end('{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"Parse error"}}');
      return;
    }
    const id = message.id;
    const idBytes = Buffer.from(typeof id === 'number' ? String(id) : JSON.stringify(id ?? null));
    const wire = request.headers['mcp-protocol-version'] === '2026-07-28' ? modern : legacy;
    const sse = request.headers.accept?.includes('text/event-stream');
    const [head, tail] = sse ? wire.sse : wire.json;
    // At its best: the shared tail (24 KB for tools/list) is written as it is, never copied, after
    // the head with the id, corked into one system call. Joining them into one buffer per answer
    // cost 2 us of CPU a request more (16-18 against 15-16 us, 2026-11-27).
    const first = Buffer.concat([head, idBytes], head.length + idBytes.length);
    const length = String(first.length + tail.length);
    if (sameHeaders) {
      const lines = wire === modern ? sameHeaders.modern : sameHeaders.legacy;
      response.writeHead(
        200,
        sameHeaders.requestId
          ? ['x-request-id', requestId(), ...lines, 'content-length', length]
          : [...lines, 'content-length', length],
      );
    } else {
      response.writeHead(200, [...(sse ? SSE_HEADERS : JSON_HEADERS), 'content-length', length]);
    }
    response.cork();
    response.write(first);
    response.end(tail);
  });
});

server.listen(0, '127.0.0.1', () => announce(server.address().port, () => server.close()));
