// The defaults of the shared settings, in one object (as node-oidc-provider's `defaults` is),
// zod-free: the table of the shared settings (core-settings.ts) takes these values, and the schema
// and the cold-start path built from it apply them, and the variables table
// (./variables/) shows them in docs/configuration.md rather than restating them. Plain `as const`
// objects (no `Object.freeze` call), so that a bundle drops the ones it does not use. Defaults that
// live beside their feature (`DEFAULT_RATE_LIMITS`, `DEFAULT_CLIENT_EXPIRY`, the OAuth lifetimes)
// are read from there; the packet builds' and the readiness check's are here, beneath the variables
// that show them (and re-exported by their feature); the Node adapter's own (port, host, data
// directory, ...) live in its settings module.

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

/** The bounds of the packet builds (`PacketBuilds`, resources/packet-builds.ts). */
export interface PacketBuildLimits {
  /** Bytes of built packets kept in memory (least recently used dropped first). */
  cacheMaxBytes: number;
  /** Builds that run at once (one per packet worker). */
  concurrency: number;
  /** Builds that may wait for a free slot, beyond those running. */
  queueDepth: number;
  /** Builds of one user's filings running or waiting at once. */
  perUser: number;
}

/** Defaults of {@link PacketBuildLimits}. */
export const DEFAULT_PACKET_BUILD_LIMITS: Readonly<PacketBuildLimits> = Object.freeze({
  cacheMaxBytes: 64 * 1024 * 1024,
  concurrency: 2,
  queueDepth: 32,
  perUser: 2,
});

/** How long `/readyz` waits for the database by default. */
export const DEFAULT_READINESS_TIMEOUT_MS = 2000;
