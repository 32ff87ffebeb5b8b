import type { pgPoolOptions } from '@filing-mcp/filing-domain';
import { attachDatabasePool } from '@vercel/functions/db-connections';
import pg from 'pg';

/** Pool settings for one Vercel Function instance: the shared database settings, resolved. */
export interface ServerlessPoolOptions {
  connectionString: string;
  /**
   * `pgPoolOptions` of the shared database settings. The Vercel default is 3 connections per
   * instance: with Fluid compute one instance serves several requests at once, but instances
   * multiply under load, so keep this small and put a pooler (PgBouncer in transaction mode,
   * Neon/Supabase poolers, RDS Proxy) in front of Postgres. Idle connections close after 5 s by
   * default, so a suspended instance holds none for long.
   */
  options: ReturnType<typeof pgPoolOptions>;
  /** Told when an idle connection dies (closed by the server or the pooler). */
  onError?: (error: Error) => void;
}

export { VERCEL_POOL_DEFAULTS } from './pool-defaults.js';

/**
 * A `pg` pool sized for serverless, registered with Vercel so that the instance is not suspended
 * while idle connections are still being closed.
 * @internal
 */
export function createServerlessPool(options: ServerlessPoolOptions): pg.Pool {
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    ...options.options,
    allowExitOnIdle: true,
  });
  // Without a listener, an idle client's error (connection closed by a pooler) crashes the process.
  pool.on('error', (error) => options.onError?.(error));
  attachDatabasePool(pool);
  return pool;
}
