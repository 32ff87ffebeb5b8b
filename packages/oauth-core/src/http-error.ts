/**
 * The JSON answer of an HTTP route (not the MCP endpoint, which answers in JSON-RPC), never cached:
 * any answer may carry or concern a credential. The one JSON response builder of the product, in
 * `Response.json`'s order (body first); extra headers win over the defaults.
 */
export function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: {
      'content-type': 'application/json',
      'cache-control': 'no-store',
      pragma: 'no-cache',
      ...headers,
    },
  });
}

/** The body of an {@link HttpError}: the interface's `{code, message}`, with the stable `error` code when it has one. */
export interface HttpErrorBody {
  /** The HTTP status. */
  code: number;
  /** A stable, machine-readable code (e.g. `packet_too_large`), when the error has one. */
  error?: string;
  message: string;
  /** What was wrong with the request, when the route says (the `/approve` 400s). */
  detail?: string;
}

/**
 * The product's one HTTP error (docs/spec-differences.md#errors): a status, what to do in
 * `message`, an optional stable `code`, and headers such as `Retry-After` or `WWW-Authenticate`.
 * Thrown or returned by a route, it becomes its answer with {@link HttpError.getResponse}, as
 * Hono's `HTTPException` does. The message is written by the product, never copied from input
 * (it never holds a credential).
 */
export class HttpError extends Error {
  override readonly name: string = 'HttpError';
  readonly status: number;
  readonly code: string | undefined;
  readonly detail: string | undefined;
  readonly headers: Readonly<Record<string, string>>;

  constructor(
    status: number,
    message: string,
    options: { code?: string; detail?: string; headers?: Record<string, string>; cause?: unknown } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.status = status;
    this.code = options.code;
    this.detail = options.detail;
    this.headers = Object.freeze({ ...options.headers });
  }

  /** The JSON body: `{code: <status>, error?: <code>, message, detail?}`. */
  toJSON(): HttpErrorBody {
    return {
      code: this.status,
      ...(this.code !== undefined && { error: this.code }),
      message: this.message,
      ...(this.detail ? { detail: this.detail } : {}),
    };
  }

  /** This error as its JSON answer (`no-store`), with its headers and any `extra` ones. */
  getResponse(extra: Record<string, string> = {}): Response {
    return jsonResponse(this.toJSON(), this.status, { ...this.headers, ...extra });
  }
}
