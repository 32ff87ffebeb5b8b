// The defaults of the shared settings, in one object (as node-oidc-provider's `defaults` is),
// zod-free: the schema (config.ts, database-settings-schema.ts) and the cold-start path
// (config-fast-path.ts) apply these values, and the variables table
// (./variables/) shows them in docs/configuration.md rather than restating them. Plain `as const`
// objects (no `Object.freeze` call), so that a bundle drops the ones it does not use. Defaults that
// live beside their feature (`DEFAULT_RATE_LIMITS`, `DEFAULT_PACKET_BUILD_LIMITS`,
// `DEFAULT_CLIENT_EXPIRY`, `DEFAULT_READINESS_TIMEOUT_MS`, the OAuth lifetimes) are read from there;
// the Node adapter's own (port, host, data directory, ...) live in its settings module.

/** The core's defaults (`FilingServerConfig`). */
export const CONFIG_DEFAULTS = {
  requireAuth: 'tools/call',
  authCacheTtlMs: 5000,
  authCacheMaxEntries: 10_000,
  listLimitMax: 200,
  toolsListTtlSeconds: 300,
  /** OAuth lifetimes, in seconds (oauth-core applies them). */
  lifetimes: { authorizationCode: 300, accessToken: 3600, refreshToken: 30 * 24 * 3600 },
  refreshGraceSeconds: 0,
  requirePkce: true,
  sessionMaxAgeSeconds: 86_400,
} as const;

/** The PostgreSQL pool's defaults (`DatabaseSettings`); the pool size is the platform's. */
export const DATABASE_DEFAULTS = {
  connectTimeoutMs: 5_000,
  acquireTimeoutMs: 5_000,
  statementTimeoutMs: 10_000,
  idleTimeoutMs: 10_000,
} as const;

/** What a platform sets where the environment leaves a database setting unset. */
export interface PlatformPoolDefaults {
  poolMax: number;
  idleTimeoutMs?: number;
  namedStatements?: boolean;
}

/**
 * Pool size, idle timeout and named statements of each platform, where `DATABASE_POOL_MAX` /
 * `DATABASE_IDLE_TIMEOUT_MS` / `DATABASE_NAMED_STATEMENTS` are unset. Named statements are off on
 * Vercel and Lambda, which usually reach PostgreSQL through a pooler (RDS Proxy pins a session that
 * prepares one by name).
 */
export const PLATFORM_POOL_DEFAULTS = {
  node: { poolMax: 10, idleTimeoutMs: DATABASE_DEFAULTS.idleTimeoutMs, namedStatements: true },
  vercel: { poolMax: 3, idleTimeoutMs: 5_000, namedStatements: false },
  lambda: { poolMax: 2, idleTimeoutMs: 10_000, namedStatements: false },
} as const;
