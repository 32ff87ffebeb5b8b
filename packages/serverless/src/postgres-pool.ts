import type { pgPoolOptions } from '@filing-mcp/filing-domain';
import pg from 'pg';
import type { ServerlessPlatform } from './serverless-platform.js';

/** Pool settings for one serverless instance: the shared database settings, resolved. */
export interface ServerlessPoolOptions {
  connectionString: string;
  /**
   * `pgPoolOptions` of the shared database settings, sized by the platform's defaults: a few
   * connections per instance, since concurrency comes from instances. Put a pooler (PgBouncer in
   * transaction mode, Neon/Supabase poolers, RDS Proxy) in front of Postgres.
   */
  options: ReturnType<typeof pgPoolOptions>;
  /** Told when an idle connection dies (closed by the server or the pooler, or while frozen). */
  onError?: (error: Error) => void;
}

/**
 * A `pg` pool for one serverless instance. Loaded with the first request that needs the database,
 * so `initialize`, `tools/list` and the probes answer without pg.
 * @internal
 */
export async function createServerlessPool(
  options: ServerlessPoolOptions,
  platform: Pick<ServerlessPlatform, 'onPool' | 'warmPool'>,
): Promise<pg.Pool> {
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    ...options.options,
    allowExitOnIdle: true,
  });
  // Without a listener, an idle client's error (connection closed by a pooler) crashes the process.
  pool.on('error', (error) => options.onError?.(error));
  await platform.onPool?.(pool);
  if (platform.warmPool) {
    // The first connection goes back to the pool for the request's first query; a failure here is
    // left to that query to report.
    pool.connect().then(
      (client) => client.release(),
      () => undefined,
    );
  }
  return pool;
}
