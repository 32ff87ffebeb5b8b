/**
 * What a response built by this package is made of, kept beside the `Response` so that an adapter
 * writing to a socket (node:http, for instance) can send it without reading the `Response` back:
 * no `Headers` object, no body stream, one write. Every other runtime simply returns the
 * `Response`; the parts cost one property.
 */
export interface ResponseParts {
  readonly status: number;
  /** Lower-case names; shared and frozen, never changed. */
  readonly headers: Readonly<Record<string, string>>;
  /** The whole body, or `null` for none. */
  readonly body: Uint8Array | null;
}

// On the response itself rather than in a WeakMap: a weak map's entries outlive a scavenge of
// their keys, and kept the bodies (tens of KB each) alive into the old generation, where only full
// collections free them (measured: 34 mark-compacts per 20,000 tools/list with a WeakMap, none so).
const PARTS = Symbol('responseParts');
type WithParts = Response & { [PARTS]?: ResponseParts };

/**
 * A complete response whose parts {@link responseParts} can hand back. The `Response` must not be
 * changed afterwards (its headers or body): build another one instead. Every response of the
 * package's own MCP handler with a fixed body is made here; streamed answers are not.
 */
export function plainResponse(
  status: number,
  body: Uint8Array<ArrayBuffer> | null,
  headers: Readonly<Record<string, string>>,
): Response {
  const response = new Response(body, { status, headers });
  (response as WithParts)[PARTS] = { status, headers, body };
  return response;
}

/**
 * The parts of a response made by {@link plainResponse}, or `undefined` for any other response
 * (a stream, one built by hand), which must then be read as a `Response`.
 *
 * @example
 * ```ts
 * const parts = responseParts(response);
 * if (parts) outgoing.writeHead(parts.status, { ...parts.headers }).end(parts.body ?? undefined);
 * ```
 */
export function responseParts(response: Response): ResponseParts | undefined {
  return (response as WithParts)[PARTS];
}
