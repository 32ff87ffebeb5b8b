/** The database did not answer in time or could not be reached; the request may be retried. */
export class DatabaseUnavailableError extends Error {
  override readonly name = 'DatabaseUnavailableError';
  readonly code = 'database_unavailable';
}

// SQLSTATE classes and codes that mean "the server is not there or not answering", as opposed to
// a query the server refused: 08 connection exceptions, 57P01-57P03 shutdown / cannot connect
// now, 53300 too many connections, 57014 statement cancelled (a server-side statement_timeout).
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[123]|53300|57014)$/;
const UNAVAILABLE_ERRNO = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
// pg and pg-pool report their own timeouts and lost connections with these messages only.
const UNAVAILABLE_MESSAGE =
  /^(Query read timeout|timeout exceeded when trying to connect|Connection terminated( unexpectedly| due to connection timeout)?|Client has encountered a connection error and is not queryable)$/;

/**
 * Whether an error means the database is down or did not answer in time (rather than a bug or a
 * refused query): such requests answer 503 with `Retry-After` instead of 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (error instanceof DatabaseUnavailableError) return true;
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (UNAVAILABLE_SQLSTATE.test(code) || UNAVAILABLE_ERRNO.has(code)))
    return true;
  return typeof message === 'string' && UNAVAILABLE_MESSAGE.test(message);
}
