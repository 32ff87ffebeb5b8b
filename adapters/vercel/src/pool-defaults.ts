/** Pool size and idle timeout on Vercel when the settings leave them unset. */
export const VERCEL_POOL_DEFAULTS = { poolMax: 3, idleTimeoutMs: 5_000 };
