import { type DatabaseQuery, filingPool, type pgPoolOptions } from '@filing-mcp/filing-domain';
import type { PostgresPool } from 'kysely';
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
  if (platform.warmPool) warmFirstConnection(pool);
  return pool;
}

/**
 * Opens the pool's first connection now, and has every `connect()` made while it opens wait for it
 * rather than open one more: the first query then takes the warm connection instead of racing it
 * with a second handshake (TCP, TLS, authentication) that a cold process would pay on the same
 * core. The warm connection goes back to the pool idle, so a pool whose first query never comes
 * still idles and ends; if it fails, the waiting queries open their own, and report what fails.
 */
function warmFirstConnection(pool: pg.Pool): void {
  const connect = pool.connect.bind(pool) as (callback?: unknown) => Promise<pg.PoolClient> | undefined;
  let warming: Promise<void> | undefined = pool.connect().then(
    (client) => client.release(),
    () => undefined,
  );
  warming.then(() => {
    warming = undefined;
  });
  // A callback caller (pg's own `pool.query`) is not held; every caller here uses the promise.
  pool.connect = ((callback?: unknown) => {
    if (warming === undefined || callback !== undefined) return connect(callback);
    return warming.then(() => connect());
  }) as pg.Pool['connect'];
}

/**
 * The instance's pool as Kysely and the credential check run on it: {@link createServerlessPool}'s
 * under `filingPool` of the shared database settings (the acquire timeout, a broken connection
 * dropped, the creates named when `DATABASE_NAMED_STATEMENTS` says so). Built here, in the module
 * loaded with the database, so that a cold start loads none of it.
 * @internal
 */
export async function createFilingPool(
  options: ServerlessPoolOptions,
  platform: Pick<ServerlessPlatform, 'onPool' | 'warmPool'>,
  settings: Parameters<typeof filingPool>[1],
): Promise<PostgresPool> {
  return filingPool(await createServerlessPool(options, platform), settings);
}

/**
 * A query function on the instance's pool (`filingPool`'s, with its acquire timeout, its named
 * statements and its dropping of a broken connection), run as Kysely's Postgres driver runs a
 * statement: a connection taken from the pool, the statement sent with its parameters, the
 * connection given back; a failure is the same error through either. The credential check uses it
 * (`databaseQuery` of the filing server), so that the first API key's lookup waits for pg only.
 * @internal
 */
export function poolQuery(pool: PostgresPool): DatabaseQuery {
  return async (text, values) => {
    const client = await pool.connect();
    try {
      return await client.query(text, values);
    } finally {
      client.release();
    }
  };
}
