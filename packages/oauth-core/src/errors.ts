import { jsonResponse } from './http-error.js';

/** Error codes this server answers with (RFC 6749, RFC 7591, RFC 8707, and the spec's `invalid_redirect_uri`). */
export type OAuthErrorCode =
  | 'invalid_request'
  | 'invalid_client'
  | 'invalid_grant'
  | 'unauthorized_client'
  | 'unsupported_grant_type'
  | 'unsupported_response_type'
  | 'invalid_scope'
  | 'invalid_target'
  | 'invalid_redirect_uri'
  | 'invalid_client_metadata'
  | 'server_error'
  | 'temporarily_unavailable';

/**
 * An OAuth error answer `{error, error_description}` (RFC 6749 section 5.2). The description never
 * contains a credential: it is written by this package, never copied from input.
 */
export class OAuthError extends Error {
  override readonly name = 'OAuthError';
  readonly code: OAuthErrorCode;
  readonly status: number;
  readonly headers: Record<string, string>;

  constructor(
    code: OAuthErrorCode,
    description: string,
    options: { status?: number; headers?: Record<string, string>; cause?: unknown } = {},
  ) {
    super(description, { cause: options.cause });
    this.code = code;
    this.status =
      options.status ??
      (code === 'invalid_client'
        ? 401
        : code === 'server_error'
          ? 500
          : code === 'temporarily_unavailable'
            ? 503
            : 400);
    this.headers = options.headers ?? {};
  }

  /** The JSON body of this error. */
  toJSON(): { error: OAuthErrorCode; error_description: string } {
    return { error: this.code, error_description: this.message };
  }

  /** This error as a JSON response with `Cache-Control: no-store`. */
  toResponse(): Response {
    return jsonResponse(this.toJSON(), this.status, this.headers);
  }
}
