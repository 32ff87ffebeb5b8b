import type { pgPoolOptions } from '@filing-mcp/filing-domain';
import pg from 'pg';

/** Pool settings for one Lambda container: the shared database settings, resolved. */
export interface LambdaPoolOptions {
  connectionString: string;
  /**
   * `pgPoolOptions` of the shared database settings. The Lambda default is 2 connections per
   * container: a container serves one request at a time, and the second connection lets a
   * `waitUntil` write overlap the next query. Concurrency comes from containers, so put a pooler
   * (RDS Proxy, PgBouncer in transaction mode, Neon/Supabase) in front of Postgres.
   */
  options: ReturnType<typeof pgPoolOptions>;
  /** Told when an idle connection dies (the server or proxy closed it while the container slept). */
  onError?: (error: Error) => void;
}

export { LAMBDA_POOL_DEFAULTS } from './pool-defaults.js';

/**
 * A `pg` pool for Lambda.
 * @internal
 */
export function createLambdaPool(options: LambdaPoolOptions): pg.Pool {
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    ...options.options,
    allowExitOnIdle: true,
  });
  // Without a listener, an idle client's error (connection closed while frozen) crashes the process.
  pool.on('error', (error) => options.onError?.(error));
  // The pool is created by the first request that needs the database; its first connection (TCP,
  // TLS, authentication: round trips to the database) opens now, while the rest of that request's
  // modules load, rather than after. It goes back to the pool for that request's first query; a
  // failure here is left to that query to report.
  pool.connect().then(
    (client) => client.release(),
    () => undefined,
  );
  return pool;
}
