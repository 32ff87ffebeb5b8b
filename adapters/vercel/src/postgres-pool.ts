import { attachDatabasePool } from '@vercel/functions/db-connections';
import pg from 'pg';

/** Pool settings for one Vercel Function instance. */
export interface ServerlessPoolOptions {
  connectionString: string;
  /**
   * Connections per instance (default 3): with Fluid compute one instance serves several requests at
   * once, but instances multiply under load, so keep this small and put a pooler (PgBouncer in
   * transaction mode, Neon/Supabase poolers, RDS Proxy) in front of Postgres.
   */
  max?: number;
  /** Close connections idle this long (default 5 s), so a suspended instance holds none for long. */
  idleTimeoutMillis?: number;
  /** Give up connecting after this long (default 5 s). */
  connectionTimeoutMillis?: number;
  /** Told when an idle connection dies (closed by the server or the pooler). */
  onError?: (error: Error) => void;
}

/**
 * A `pg` pool sized for serverless, registered with Vercel so that the instance is not suspended
 * while idle connections are still being closed.
 * @internal
 */
export function createServerlessPool(options: ServerlessPoolOptions): pg.Pool {
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: options.max ?? 3,
    idleTimeoutMillis: options.idleTimeoutMillis ?? 5_000,
    connectionTimeoutMillis: options.connectionTimeoutMillis ?? 5_000,
    allowExitOnIdle: true,
  });
  // Without a listener, an idle client's error (connection closed by a pooler) crashes the process.
  pool.on('error', (error) => options.onError?.(error));
  attachDatabasePool(pool);
  return pool;
}
