import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the function answered to one invocation, as the Runtime API received it. */
export type InvocationOutcome =
  | {
      kind: 'response';
      /** `streaming` when the runtime sent `Lambda-Runtime-Function-Response-Mode: streaming`. */
      mode: 'buffered' | 'streaming';
      contentType: string | undefined;
      body: Buffer;
      /** `Lambda-Runtime-Function-Error-Type` trailer of a stream that failed midway. */
      errorType?: string;
    }
  | { kind: 'error'; errorType: string | undefined; body: unknown };

interface Pending {
  id: string;
  event: unknown;
  settle(outcome: InvocationOutcome): void;
}

/**
 * A small local Lambda Runtime API (the `2018-06-01` interface a runtime interface client polls):
 * `GET /runtime/invocation/next` hands out queued events one at a time, `POST
 * /runtime/invocation/{id}/response` and `/error` settle them, `/runtime/init/error` records a
 * failed start. Invocations are served in order, one at a time, as one Lambda instance does.
 */
export class LocalRuntimeApi {
  readonly #queue: Pending[] = [];
  readonly #waiting: ServerResponse[] = [];
  readonly #inFlight = new Map<string, Pending>();
  readonly #server: Server;
  /** Bodies posted to `/runtime/init/error`. */
  readonly initErrors: unknown[] = [];
  #address = '';

  constructor() {
    this.#server = createServer((request, response) => {
      this.#route(request, response).catch((error) => {
        response.writeHead(500).end(String(error));
      });
    });
  }

  /** Starts listening on loopback; answers the `host:port` to put in AWS_LAMBDA_RUNTIME_API. */
  async listen(): Promise<string> {
    await new Promise<void>((resolve) => this.#server.listen(0, '127.0.0.1', resolve));
    this.#address = `127.0.0.1:${(this.#server.address() as AddressInfo).port}`;
    return this.#address;
  }

  /** Queues an event and resolves with what the function answered. */
  invoke(event: unknown): Promise<InvocationOutcome> {
    return new Promise((settle) => {
      this.#queue.push({ id: randomUUID(), event, settle });
      this.#dispatch();
    });
  }

  async close(): Promise<void> {
    for (const response of this.#waiting.splice(0)) response.destroy();
    this.#server.closeAllConnections();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }

  #dispatch(): void {
    while (this.#queue.length > 0 && this.#waiting.length > 0) {
      const pending = this.#queue.shift()!;
      const response = this.#waiting.shift()!;
      this.#inFlight.set(pending.id, pending);
      const body = JSON.stringify(pending.event);
      response.writeHead(200, {
        'content-type': 'application/json',
        'lambda-runtime-aws-request-id': pending.id,
        'lambda-runtime-deadline-ms': String(Date.now() + 30_000),
        'lambda-runtime-invoked-function-arn': 'arn:aws:lambda:eu-west-1:123456789012:function:filing-mcp',
        'lambda-runtime-trace-id': `Root=1-${Date.now().toString(16)}-${randomUUID().replaceAll('-', '').slice(0, 24)}`,
      });
      response.end(body);
    }
  }

  async #route(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const path = new URL(request.url ?? '/', 'http://runtime').pathname;
    if (request.method === 'GET' && path === '/2018-06-01/runtime/invocation/next') {
      this.#waiting.push(response);
      this.#dispatch();
      return;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    if (request.method === 'POST' && path === '/2018-06-01/runtime/init/error') {
      this.initErrors.push(JSON.parse(body.toString('utf8') || 'null'));
      response.writeHead(202).end();
      return;
    }
    const match = /^\/2018-06-01\/runtime\/invocation\/([^/]+)\/(response|error)$/.exec(path);
    const pending = match ? this.#inFlight.get(decodeURIComponent(match[1]!)) : undefined;
    if (request.method !== 'POST' || !match || !pending) {
      response.writeHead(404, { 'content-type': 'application/json' }).end('{"errorType":"InvalidRequestID"}');
      return;
    }
    this.#inFlight.delete(pending.id);
    response.writeHead(202, { 'content-type': 'application/json' }).end('{"status":"OK"}');
    if (match[2] === 'error') {
      pending.settle({
        kind: 'error',
        errorType: header(request, 'lambda-runtime-function-error-type'),
        body: JSON.parse(body.toString('utf8') || 'null'),
      });
      return;
    }
    const errorType = request.trailers['lambda-runtime-function-error-type'];
    pending.settle({
      kind: 'response',
      mode:
        header(request, 'lambda-runtime-function-response-mode') === 'streaming' ? 'streaming' : 'buffered',
      contentType: header(request, 'content-type'),
      body,
      ...(errorType && { errorType }),
    });
  }
}

function header(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}
