import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';

const DEFAULT_ALLOW = 'GET, HEAD, POST, OPTIONS, DELETE';

/**
 * Answers every `CONNECT` to `server` with 405 and a JSON-RPC error body, then closes the
 * connection. node:http hands CONNECT to the server's 'connect' event, not to the request
 * listener, and with no listener there it cuts the socket without an answer; a server that tunnels
 * nothing says so instead (RFC 9110 section 15.5.6: 405 with an Allow header).
 *
 * @example
 * ```ts
 * const server = createServer(createNodeListener(handler, { mcpPath: '/mcp' }));
 * refuseConnect(server);
 * ```
 */
export function refuseConnect(server: Server, allow: string = DEFAULT_ALLOW): void {
  const body = JSON.stringify({
    jsonrpc: '2.0',
    id: null,
    error: { code: -32600, message: `Method not allowed: CONNECT is not supported (allowed: ${allow})` },
  });
  const answer =
    'HTTP/1.1 405 Method Not Allowed\r\n' +
    `allow: ${allow}\r\n` +
    'content-type: application/json\r\n' +
    `content-length: ${Buffer.byteLength(body)}\r\n` +
    'connection: close\r\n\r\n' +
    body;
  server.on('connect', (_request: IncomingMessage, socket: Duplex) => {
    socket.on('error', () => socket.destroy());
    socket.end(answer);
  });
}
