import type { IrsFormsErrorCode } from '@filing-mcp/irs-forms';
import { HttpError, jsonResponse } from '@filing-mcp/oauth-core';
import { type AllowListViolation, withCors } from '@filing-mcp/protocol';
import { RateLimitedError } from '../rate-limits/rate-limited-error.js';
import { PacketsBusyError } from './packets-busy-error.js';
import { isDatabaseUnavailable } from '../storage/database-unavailable.js';

// One import of oauth-core's error for the package (the Lambda bundle maps it to oauth-core's
// `http-error.ts` alone, so that a cold start loads no OAuth server).
export { HttpError, jsonResponse };

/** `Retry-After` of an answer the database could not give in time. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/**
 * The HTTP status of each irs-forms code a request can cause. The others (a field map that does
 * not match its template) are this server's defects: a 500 that says nothing of the cause.
 */
const IRS_FORMS_STATUS: Partial<Record<IrsFormsErrorCode, number>> = {
  packet_too_large: 413,
  unprintable_text: 422,
  invalid_as_of: 400,
  unsupported_type: 415,
  unreadable: 422,
  encrypted: 422,
  too_many_pages: 422,
  empty: 422,
  image_too_large: 413,
  inflates_too_far: 413,
  page_too_large: 422,
  page_count_mismatch: 422,
  outdated_copy: 422,
  unsigned: 422,
  check_failed: 422,
};

function irsFormsError(error: unknown): (Error & { code: IrsFormsErrorCode }) | undefined {
  // By code, not class: the packet worker rebuilds its errors in another thread, and the forms
  // load lazily (a server that never builds a packet never loads them).
  if (!(error instanceof Error)) return undefined;
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && Object.hasOwn(IRS_FORMS_STATUS, code)
    ? (error as Error & { code: IrsFormsErrorCode })
    : undefined;
}

/**
 * The one mapping of an error to the product's HTTP error (docs/spec-differences.md#errors), used
 * by every surface: the JSON routes answer its `getResponse()`, the companion pages its status and
 * code, the MCP endpoint its code in `data`. Undefined for an error nobody expected (a 500 whose
 * cause goes to the log only).
 */
export function httpErrorOf(error: unknown): HttpError | undefined {
  if (error instanceof HttpError) return error;
  const forms = irsFormsError(error);
  if (forms !== undefined) {
    const message =
      forms.code === 'unprintable_text'
        ? `The forms cannot be printed: ${forms.message}; fix it with the update tool`
        : forms.message;
    return new HttpError(IRS_FORMS_STATUS[forms.code]!, message, { code: forms.code, cause: error });
  }
  if (error instanceof PacketsBusyError || error instanceof RateLimitedError) {
    return new HttpError(error instanceof PacketsBusyError ? 503 : 429, error.message, {
      code: error.code,
      headers: { 'retry-after': String(error.retryAfterSeconds) },
      cause: error,
    });
  }
  if (isDatabaseUnavailable(error)) {
    // The cause's own message may name the database: it stays in the log.
    return new HttpError(503, 'Service unavailable', {
      code: 'database_unavailable',
      headers: { 'retry-after': String(DATABASE_RETRY_AFTER_SECONDS) },
      cause: error,
    });
  }
  return undefined;
}

/** An HTTP error as the answer of a route: its JSON, with CORS like every other answer. */
export function errorResponse(error: HttpError): Response {
  return withCors(error.getResponse());
}

/**
 * The answer of an HTTP route to a failure it did not expect: 500 `Internal server error`, saying
 * nothing of the cause (it may hold a connection string or a query; it goes to the log).
 */
export function internalErrorResponse(): Response {
  return errorResponse(new HttpError(500, 'Internal server error'));
}

// Named as the MCP endpoint's JSON-RPC refusal names them.
const HEADER_NAMES = { host: 'Host', origin: 'Origin' } as const;

/** The 403 of a route whose `Host` or `Origin` the allow-list refused (`createAllowListCheck`). */
export function forbiddenResponse(violation: AllowListViolation): Response {
  return errorResponse(new HttpError(403, `Forbidden: ${HEADER_NAMES[violation]} not allowed`));
}
