import type { RequestContext } from './context/request-context.js';
import { BODY_TOO_LARGE, type BodyText, declaredLength, readBodyText } from './http/body.js';
import type { Classifier } from './http/classify.js';
import { FixedResponse, type OutgoingResponse } from './http/fixed-response.js';
import { hasVersionClaim } from './mcp/meta-keys.js';
import type { Http2025 } from './rev2025-11-25/http.js';
import type { Http2026 } from './rev2026-07-28/http.js';
import { isPromise } from './util/is-promise.js';

/** The wires of one server, each by its revision. */
export interface Wires {
  '2025-11-25': Http2025;
  '2026-07-28': Http2026;
}

/**
 * Answers one HTTP request to the MCP endpoint, before it becomes a `Response`: at once when
 * nothing needs waiting for (the body in hand, a fixed result), else a promise.
 */
export type HttpHandler = (
  request: Request,
  context: RequestContext | undefined,
) => OutgoingResponse | Promise<OutgoingResponse>;

/**
 * The one HTTP handler: the transport's checks on the head (OPTIONS, Host/Origin, method, version
 * header, media type, size), the body (parse, batch rules), then the request's era, classified
 * once, and the request handed to that revision's wire. The era is 2026-07-28 when the version
 * header names no 2025 revision or the one message's `_meta` claims a protocol version; a batch,
 * which 2026-07-28 does not have, is always the 2025-11-25 wire's.
 */
export function createHttpHandler(classifier: Classifier, maxBodyBytes: number, wires: Wires): HttpHandler {
  const wire2025 = wires['2025-11-25'];
  const wire2026 = wires['2026-07-28'];
  function afterBody(
    text: BodyText,
    header2026: boolean,
    request: Request,
    context: RequestContext | undefined,
  ): OutgoingResponse | Promise<OutgoingResponse> {
    if (text === BODY_TOO_LARGE) return classifier.tooLarge();
    const parsed = classifier.body(text, header2026);
    if (parsed instanceof FixedResponse) return parsed;
    return !Array.isArray(parsed) && (header2026 || hasVersionClaim(parsed.params))
      ? wire2026(parsed, request, context)
      : wire2025(parsed, request, context);
  }

  // Not async: a body the bridge has read already and a wire that answers at once (a fixed result)
  // make the whole answer without a promise; only what is pending is waited for.
  return (request, context) => {
    const header2026 = classifier.head(request);
    if (header2026 instanceof FixedResponse) return header2026;
    const text = readBodyText(request, maxBodyBytes, declaredLength(request.headers));
    if (isPromise(text)) return text.then((read) => afterBody(read, header2026, request, context));
    return afterBody(text, header2026, request, context);
  };
}
