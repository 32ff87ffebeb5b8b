import type { AuthInfo } from './auth/auth-info.js';

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
