/** How to answer an error the client should retry (see `retryableError`). */
export interface RetryableError {
  /** HTTP status of a one-message request, e.g. 503 or 429. */
  status: number;
  /** JSON-RPC error code, e.g. `JsonRpcErrorCode.ServiceUnavailable`. */
  code: number;
  message: string;
  /** Seconds for `Retry-After`. */
  retryAfterSeconds: number;
}
