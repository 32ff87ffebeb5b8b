import { errorMessage, type ResponseId } from '../jsonrpc/response.js';
import { type HeaderList, JSON_HEADERS } from './headers.js';
import { type FixedResponseParts, fixedResponseHook, type TransportHooks } from './response-hook.js';

/**
 * An HTTP response whose status, headers and body are all known: it becomes a `Response` only when the
 * handler returns, through the request's {@link fixedResponseHook} when it has one.
 */
export class FixedResponse implements FixedResponseParts {
  readonly status: number;
  readonly headers: HeaderList;
  readonly bodyChunks: readonly Uint8Array[] | undefined;
  #body: Uint8Array<ArrayBuffer> | null;

  /** `body` is the whole body, or its pieces (joined only when something reads `body`). */
  constructor(
    status: number,
    body: Uint8Array<ArrayBuffer> | null | readonly Uint8Array[],
    headers: HeaderList,
  ) {
    this.status = status;
    this.headers = headers;
    if (Array.isArray(body)) {
      this.bodyChunks = body;
      this.#body = null;
    } else {
      this.bodyChunks = undefined;
      this.#body = body as Uint8Array<ArrayBuffer> | null;
    }
  }

  get body(): Uint8Array<ArrayBuffer> | null {
    const chunks = this.bodyChunks;
    if (this.#body === null && chunks !== undefined) this.#body = joinChunks(chunks);
    return this.#body;
  }
}

function joinChunks(chunks: readonly Uint8Array[]): Uint8Array<ArrayBuffer> {
  let length = 0;
  for (const chunk of chunks) length += chunk.byteLength;
  const body = new Uint8Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

/** The HTTP response the handler's parts send: a {@link FixedResponse}, or a `Response` (a stream). */
export type OutgoingResponse = FixedResponse | Response;

const utf8 = new TextEncoder();

/** A complete JSON answer. */
export function fixedJsonResponse(
  status: number,
  body: string,
  headers: HeaderList = JSON_HEADERS,
): FixedResponse {
  return new FixedResponse(status, utf8.encode(body), headers);
}

/** A JSON-RPC error as a complete HTTP answer, for failures before any method runs. */
export function fixedErrorResponse(
  status: number,
  id: ResponseId,
  code: number,
  message: string,
  headers: HeaderList = JSON_HEADERS,
): FixedResponse {
  return new FixedResponse(status, utf8.encode(errorMessage(id, code, message)), headers);
}

/** The `Response` of `reply` for `request`: built by the request's hook when it offers one. */
export function toResponse(request: Request, reply: OutgoingResponse): Response {
  if (!(reply instanceof FixedResponse)) return reply;
  const hooked = request as Request & TransportHooks;
  if (typeof hooked[fixedResponseHook] === 'function') return hooked[fixedResponseHook](reply);
  return new Response(reply.body, { status: reply.status, headers: reply.headers });
}
