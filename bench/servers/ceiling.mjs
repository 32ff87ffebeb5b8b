// The ceiling: a bare node:http server that reads the body, parses the JSON-RPC request and answers
// a fixed, pre-serialised result (the bytes of our own tools/list result, so payload size is equal).
// JSON or SSE framing by the Accept header, as an MCP server must.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { announce } from '../lib/report.mjs';

const fixedResult = readFileSync(process.env.BENCH_FIXED_RESULT_FILE, 'utf8');

const server = createServer((request, response) => {
  const chunks = [];
  request.on('data', (chunk) => chunks.push(chunk));
  request.on('end', () => {
    let message;
    try {
      message = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      response.writeHead(400, { 'content-type': 'application/json' });
      response.end('{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"Parse error"}}');
      return;
    }
    const body = `{"jsonrpc":"2.0","id":${JSON.stringify(message.id ?? null)},"result":${fixedResult}}`;
    if (request.headers.accept?.includes('text/event-stream')) {
      response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      response.end(`event: message\ndata: ${body}\n\n`);
    } else {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(body);
    }
  });
});

server.listen(0, '127.0.0.1', () => announce(server.address().port, () => server.close()));
