/**
 * What a serverless adapter hands to the application with each request. Matches the core's
 * `RequestContext` (`@filing-mcp/protocol`), restated here so the transport layer needs nothing but
 * the Fetch API.
 */
export interface FetchContext {
  /**
   * Hands work over that must finish although the response is sent: Vercel's `waitUntil`, or on
   * Lambda a task the handler awaits before it returns (the container freezes right after).
   */
  waitUntil?: (promise: Promise<unknown>) => void;
  /** The platform's request id (`x-vercel-id`, the API Gateway / Function URL request id), for log lines. */
  requestId?: string;
  /** The client's address (per-address rate limits): the platform's source IP. */
  clientAddress?: string;
  /** Filled in by the core after authentication, so that the adapter could log who called. */
  auth?: { userId: string; credentialPrefix?: string };
}

/**
 * Anything with a web-standard `fetch` method: the object `createFilingServer()` returns, a Hono app,
 * or a one-line test handler.
 */
export interface FetchApp {
  fetch(request: Request, context?: FetchContext): Response | Promise<Response>;
}
