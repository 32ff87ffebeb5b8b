/** Pool size and idle timeout on Lambda when the settings leave them unset. */
export const LAMBDA_POOL_DEFAULTS = { poolMax: 2, idleTimeoutMs: 10_000 };
