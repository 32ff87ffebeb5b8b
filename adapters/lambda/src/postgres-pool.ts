import pg from 'pg';

/** Pool settings for one Lambda container; the defaults suit one request at a time. */
export interface LambdaPoolOptions {
  connectionString: string;
  /**
   * Connections per container (default 2). A container serves one request at a time; the second
   * connection lets a `waitUntil` write overlap the next query. Concurrency comes from containers,
   * so put a pooler (RDS Proxy, PgBouncer in transaction mode, Neon/Supabase) in front of Postgres.
   */
  max?: number;
  /** Close connections idle this long (default 10 s); a frozen container must not hold them for ever. */
  idleTimeoutMillis?: number;
  /** Give up connecting after this long (default 5 s) so an invocation fails before its timeout. */
  connectionTimeoutMillis?: number;
  /** Told when an idle connection dies (the server or proxy closed it while the container slept). */
  onError?: (error: Error) => void;
}

/**
 * A `pg` pool sized for Lambda.
 * @internal
 */
export function createLambdaPool(options: LambdaPoolOptions): pg.Pool {
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: options.max ?? 2,
    idleTimeoutMillis: options.idleTimeoutMillis ?? 10_000,
    connectionTimeoutMillis: options.connectionTimeoutMillis ?? 5_000,
    allowExitOnIdle: true,
  });
  // Without a listener, an idle client's error (connection closed while frozen) crashes the process.
  pool.on('error', (error) => options.onError?.(error));
  return pool;
}
