import { type IncomingHttpHeaders, request } from 'node:http';
import { connect } from 'node:net';

/** A complete HTTP answer as read off the socket. */
export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

function readResponse(resolve: (response: RawResponse) => void, reject: (error: Error) => void) {
  return (response: import('node:http').IncomingMessage) => {
    let body = '';
    response.setEncoding('utf8');
    response.on('data', (chunk: string) => {
      body += chunk;
    });
    response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
    response.on('error', reject);
  };
}

/**
 * One request through node:http, which (unlike fetch) lets a test choose the `Host` header, as a
 * DNS-rebinding page would present it.
 */
export function rawRequest(options: {
  port: number;
  method: string;
  path: string;
  host?: string;
  headers?: Record<string, string>;
  body?: string;
}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        host: '127.0.0.1',
        port: options.port,
        method: options.method,
        path: options.path,
        agent: false,
        headers: {
          ...(options.host && { host: options.host }),
          ...(options.body !== undefined && { 'content-type': 'application/json' }),
          ...options.headers,
        },
      },
      readResponse(resolve, reject),
    );
    outgoing.on('error', reject);
    outgoing.end(options.body);
  });
}

/** A request whose body is only partly sent: in flight on the server until `finish`. */
export interface PartialRequest {
  finish(rest: string): Promise<RawResponse>;
}

/**
 * Starts a POST and sends only the first part of its body. Resolves once the server has taken up
 * the request: `Expect: 100-continue` makes node:http answer `100 Continue` right before it runs
 * the request handler, so the request is provably in flight, without any waiting on time.
 */
export function postInParts(options: {
  port: number;
  path: string;
  headers: Record<string, string>;
  firstPart: string;
}): Promise<PartialRequest> {
  return new Promise((resolveStarted, rejectStarted) => {
    let resolveResponse: (response: RawResponse) => void = () => {};
    let rejectResponse: (error: Error) => void = () => {};
    const response = new Promise<RawResponse>((resolve, reject) => {
      resolveResponse = resolve;
      rejectResponse = reject;
    });
    const outgoing = request(
      {
        host: '127.0.0.1',
        port: options.port,
        method: 'POST',
        path: options.path,
        agent: false,
        headers: { ...options.headers, expect: '100-continue', 'transfer-encoding': 'chunked' },
      },
      readResponse(
        (answer) => resolveResponse(answer),
        (error) => rejectResponse(error),
      ),
    );
    outgoing.on('error', (error) => {
      rejectStarted(error);
      rejectResponse(error);
    });
    outgoing.on('continue', () => {
      outgoing.write(options.firstPart, () =>
        resolveStarted({
          finish(rest) {
            outgoing.end(rest);
            return response;
          },
        }),
      );
    });
    outgoing.flushHeaders();
  });
}

/** Whether a new TCP connection to the port is refused (the server stopped accepting). */
export function connectionRefused(port: number): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ECONNREFUSED') resolve(true);
      else reject(error);
    });
  });
}

/** The init of a `tools/call` POST with an API key: what an agent sends for every tool call. */
export function toolCallInit(key: string, id: number, name: string, args: unknown = {}): RequestInit {
  return {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
    body: JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } }),
  };
}
