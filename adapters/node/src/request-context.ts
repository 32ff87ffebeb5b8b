import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { requestHeader } from '@filing-mcp/node-http';
import type { RequestContext } from '@filing-mcp/protocol';

// A caller's request id is logged verbatim, so only a short, plain token is honoured.
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

// The context rides on the request object under a symbol of this module, rather than in a
// WeakMap keyed by the request: a weak map's entries outlive a scavenge of their keys, so every
// request (its headers, its socket reads) survived into the old generation, where only full
// collections free it. On the object itself it dies young with its request.
const CONTEXT = Symbol('requestContext');
type WithContext = IncomingMessage & { [CONTEXT]?: RequestContext };

// A generated request id: a random v4 UUID drawn once per process, its last group (12 hex digits)
// replaced by a counter. Same shape as a UUID, unique within the process and unguessable across
// processes (74 random bits), which is what correlating log lines needs; a fresh `randomUUID` per
// request was 1.3% of the busy time under `tools/list` load.
const ID_PREFIX = randomUUID().slice(0, 24);
// The counter's low byte from a table, its upper 40 bits formatted once every 256 ids.
const HEX_BYTE = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));
let idHigh = Math.floor(Math.random() * 2 ** 32);
let idLow = 255;
let idHead = '';

function nextRequestId(): string {
  if (++idLow === 256) {
    idLow = 0;
    idHigh = (idHigh + 1) % 2 ** 40;
    idHead = ID_PREFIX + idHigh.toString(16).padStart(10, '0');
  }
  return idHead + HEX_BYTE[idLow]!;
}

/**
 * The request context of each exchange (request id, client address; the core adds the caller's
 * auth), created when the request arrives and read by its handler and its log line.
 */
export class RequestContexts {
  /**
   * Creates the context of an arriving request and answers its request id: its `X-Request-Id`
   * when plain, else a new id in the shape of a UUID (a per-process random prefix and a counter).
   */
  open(incoming: IncomingMessage): string {
    const header = requestHeader(incoming, 'x-request-id');
    const requestId = header !== null && REQUEST_ID.test(header) ? header : nextRequestId();
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
