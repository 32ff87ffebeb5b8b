import type { WireRevision } from '../mcp/versions.js';
import type { RetryableError } from '../jsonrpc/retryable-error.js';
import type { AuthInfo } from './auth-info.js';

/**
 * Per-request context an adapter may pass to `fetch`. The core fills `auth` once the caller is
 * known so that the adapter can log the user id and credential prefix.
 */
export interface RequestContext {
  /** Lets work outlive the response where the runtime allows it (Vercel); adapters that cannot, await it. */
  waitUntil?: (promise: Promise<unknown>) => void;
  /** Request id for logs; echoed nowhere unless the adapter does so. */
  requestId?: string;
  /** Set by the core after a successful authentication. */
  auth?: AuthInfo;
  /**
   * The client's network address as the adapter knows it (socket address, the platform's source
   * IP); per-address rate limits apply only when it is set.
   */
  clientAddress?: string;
}

/** What one HTTP request knows while its messages run. */
export interface Exchange {
  request: Request;
  context: RequestContext | undefined;
  auth: AuthInfo | undefined;
  /** The wire the request came on: `'2026-07-28'`, or absent or `'2025-11-25'` for the 2025 revisions. */
  era?: WireRevision;
  /** 2026-07-28 only: the client capabilities the request's `_meta` declares (the only ones to trust). */
  clientCapabilities?: Record<string, unknown>;
  /** Writes one serialized notification on the request's SSE stream; absent when not streamed. */
  notify?: (message: string) => void;
  /** Aborted when the client closes the response stream (or disconnects). */
  signal?: AbortSignal;
  /** Set when a message failed with a retryable error: a one-message reply takes its status. */
  retry?: RetryableError;
}
