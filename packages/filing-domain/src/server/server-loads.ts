// The server's own deferred loads: each part of the composition that a cold start's `initialize`
// does not need, with what it keeps off it (docs/performance.md, "Cold start and the Lambda
// bundle"). The loaders of the packages beneath filing-domain are the ground floor's
// (loading/loaders.ts); a module loaded from here cannot import this one (an import cycle), so
// what it needs later is handed to it.

/**
 * The credential check (API keys by hash, as text; OAuth access tokens through the OAuth server),
 * loaded by the first credential beside the driver and before the rate limiter below: the
 * first API key's lookup goes out as soon as pg has loaded and its connection is open.
 */
export const loadAuthenticator = () => import('../auth/authenticate.js');

/**
 * The rate limiter and its defaults, loaded by the first request it counts (the first credential
 * starts it): with the serverless `databaseQuery` it counts on the pool as SQL text, no Kysely.
 */
export const loadRateLimiter = () => import('../rate-limits/rate-limiter.js');

/** The OAuth server's settings (scopes, lifetimes), loaded beside oauth-core by its first use. */
export const loadOAuthSettings = () => import('./oauth-settings.js');

/**
 * The periodic cleanup with the abandoned clients' deletion (Kysely's query builder and its `sql`
 * tag, about 80 KB of the Lambda bundle), loaded by the first run: a first `tools/call` needs none.
 */
export const loadCleanup = () => import('./cleanup.js');

/** An API key's revocation (its row, then the credential cache), loaded by the first. */
export const loadKeyRevocation = () => import('./key-revocation.js');

/** The readiness check (the migration lists of both packages), loaded by the first `/readyz`. */
export const loadReadinessCheck = () => import('../probes/readiness-check.js');

/** The signed packet downloads (their checks and chunked bodies), loaded by the first download. */
export const loadPacketDownload = () => import('../resources/packet-download.js');

/** The fax webhook (and the rules it records a filing date by), loaded by the first fax event. */
export const loadFaxWebhook = () => import('../submission/fax-webhook.js');

/**
 * The signed copies' routes (the submission store, the repository: Kysely; the PDF library with
 * the first upload), loaded by the first signed-copy link. Imported statically, they put Kysely and
 * the repository into the bundle a cold start loads before `initialize`.
 */
export const loadSignedCopyRoutes = () => import('../submission/signed-copy-routes.js');

/** Who a `/token` request names, for its rate limit (and oauth-core's body reader): its first. */
export const loadTokenClient = () => import('../rate-limits/token-client.js');

/** The 404 of `/mcp` that names the MCP endpoint (its texts), loaded by the first request there. */
export const loadMcpPointer = () => import('./mcp-pointer.js');

/** The payment webhook's module, loaded by the first payment event. */
export const loadPaymentWebhook = () => import('../payments/payment-webhook.js');
