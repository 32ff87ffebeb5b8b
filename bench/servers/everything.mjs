// The servers of bench/everything-http.mjs, one per process, chosen by BENCH_EVERYTHING:
// - ours: the fixture server as `node examples/everything-server/dist/server.js` runs it
//   (startEverythingServer: @filing-mcp/node-http's listener, the loopback Host/Origin allow list);
// - sdk2-node: the official SDK v2 at its documented plain node:http mount ("Serve over HTTP"):
//   `toNodeHandler(createMcpHandler(factory))` from @modelcontextprotocol/node behind its
//   `localhostHostValidation` / `localhostOriginValidation` guards;
// - sdk2-hono: the same handler's `fetch` behind the SDK's web-standard guards
//   (`hostHeaderValidationResponse` / `originValidationResponse`, "Serve on web-standard runtimes")
//   on @hono/node-server's request listener with its defaults, as bench/servers/sdk2.mjs mounts it;
// - floor: no MCP server at all: node:http reads the body and answers the fixture's own bytes for
//   the request's Mcp-Method (same status, headers and length), the cost of HTTP and the harness.
import { createServer } from 'node:http';
import { createEverythingServer, startEverythingServer } from '@filing-mcp/example-everything-server';
import { getRequestListener } from '@hono/node-server';
import {
  localhostHostValidation,
  localhostOriginValidation,
  toNodeHandler,
} from '@modelcontextprotocol/node';
import {
  createMcpHandler,
  hostHeaderValidationResponse,
  localhostAllowedHostnames,
  localhostAllowedOrigins,
  originValidationResponse,
} from '@modelcontextprotocol/server';
import { buildSdkServer, OPERATIONS, operationBody, operationHeaders } from '../lib/everything-sdk.mjs';
import { announce } from '../lib/report.mjs';

const kind = process.env.BENCH_EVERYTHING;

function listen(server) {
  server.listen(0, '127.0.0.1', () => announce(server.address().port, () => server.close()));
}

if (kind === 'ours') {
  const server = await startEverythingServer({ host: '127.0.0.1', port: 0 });
  announce(Number(server.url.port), () => server.close());
} else if (kind === 'sdk2-node') {
  const nodeHandler = toNodeHandler(createMcpHandler(buildSdkServer));
  const validateHost = localhostHostValidation();
  const validateOrigin = localhostOriginValidation();
  listen(
    createServer((req, res) => {
      if (!validateHost(req, res) || !validateOrigin(req, res)) return;
      void nodeHandler(req, res);
    }),
  );
} else if (kind === 'sdk2-hono') {
  const handler = createMcpHandler(buildSdkServer);
  const hosts = localhostAllowedHostnames();
  const origins = localhostAllowedOrigins();
  listen(
    createServer(
      getRequestListener(
        (request) =>
          hostHeaderValidationResponse(request, hosts) ??
          originValidationResponse(request, origins) ??
          handler.fetch(request),
      ),
    ),
  );
} else if (kind === 'floor') {
  const ours = createEverythingServer();
  const answers = new Map();
  for (const operation of Object.keys(OPERATIONS)) {
    const response = await ours.fetch(
      new Request('http://localhost/mcp', {
        method: 'POST',
        headers: operationHeaders(operation),
        body: operationBody(operation),
      }),
    );
    const body = Buffer.from(await response.arrayBuffer());
    const headers = [...response.headers].filter(([name]) => name !== 'content-length').flat();
    headers.push('content-length', String(body.length));
    answers.set(operation, { status: response.status, headers, body });
  }
  listen(
    createServer((request, response) => {
      request.on('data', () => {});
      request.on('end', () => {
        const answer = answers.get(request.headers['mcp-method']);
        if (answer === undefined) {
          response.writeHead(404).end();
          return;
        }
        response.writeHead(answer.status, answer.headers).end(answer.body);
      });
    }),
  );
} else {
  throw new Error(`BENCH_EVERYTHING must be ours, sdk2-node, sdk2-hono or floor, not ${kind}`);
}
