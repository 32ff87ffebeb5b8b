import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { rawHeader } from '@filing-mcp/node-http';
import type { RequestContext } from '@filing-mcp/protocol';

// A caller's request id is logged verbatim, so only a short, plain token is honoured.
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

// The context rides on the request object under a symbol of this module, rather than in a
// WeakMap keyed by the request: a weak map's entries outlive a scavenge of their keys, so every
// request (its headers, its socket reads) survived into the old generation, where only full
// collections free it. On the object itself it dies young with its request.
const CONTEXT = Symbol('requestContext');
type WithContext = IncomingMessage & { [CONTEXT]?: RequestContext };

/**
 * The request context of each exchange (request id, client address; the core adds the caller's
 * auth), created when the request arrives and read by its handler and its log line.
 */
export class RequestContexts {
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
    (incoming as WithContext)[CONTEXT] = context;
    return requestId;
  }

  /** The context {@link open} created for this request. */
  of(incoming: IncomingMessage): RequestContext | undefined {
    return (incoming as WithContext)[CONTEXT];
  }
}
