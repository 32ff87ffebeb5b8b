import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { rawHeader } from '@filing-mcp/node-http';
import type { RequestContext } from '@filing-mcp/protocol';

// A caller's request id is logged verbatim, so only a short, plain token is honoured.
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * The request context of each exchange (request id, client address; the core adds the caller's
 * auth), created when the request arrives and read by its handler and its log line.
 */
export class RequestContexts {
  readonly #contexts = new WeakMap<IncomingMessage, RequestContext>();

  /**
   * Creates the context of an arriving request and answers its request id: its `X-Request-Id`
   * when plain, else a new UUID.
   */
  open(incoming: IncomingMessage): string {
    const header = rawHeader(incoming.rawHeaders, 'x-request-id');
    const requestId = header !== null && REQUEST_ID.test(header) ? header : randomUUID();
    const clientAddress = incoming.socket.remoteAddress;
    const context: RequestContext =
      clientAddress === undefined ? { requestId } : { requestId, clientAddress };
    this.#contexts.set(incoming, context);
    return requestId;
  }

  /** The context {@link open} created for this request. */
  of(incoming: IncomingMessage): RequestContext | undefined {
    return this.#contexts.get(incoming);
  }
}
