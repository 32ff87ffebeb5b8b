import { Kysely, PostgresDialect, type PostgresPool } from 'kysely';
import { configFromEnv } from './config.js';
import { createFilingServer, type FilingLogEvent, type FilingServer } from './filing-server.js';

/** What a serverless adapter supplies: its own pool (sizes differ per platform) and migrator. */
export interface PostgresServerFromEnvOptions {
  /** Environment variables holding the connection string, first set wins. Default `DATABASE_URL`. */
  connectionStringVariables?: string[];
  /** Builds the platform's pg pool; `onError` must be attached to idle-client errors. */
  createPool(settings: { connectionString: string; max?: number; onError(error: Error): void }): PostgresPool;
  /**
   * Runs the migrations when `MIGRATE_ON_START=true`. Passed in rather than imported so that a
   * bundle can keep the migrator out of its cold start (Lambda loads it lazily).
   */
  migrate(db: Kysely<any>): Promise<void>;
}

/** A filing server on PostgreSQL and the resources it owns. */
export interface PostgresFilingServer {
  server: FilingServer;
  db: Kysely<any>;
  /** Closes the server, then the database pool. */
  close(): Promise<void>;
}

/**
 * Builds the filing server of a serverless deployment from environment variables: the connection
 * string (`DATABASE_URL` unless told otherwise; required), `DATABASE_POOL_MAX` (a positive integer,
 * else the pool's own default), `MIGRATE_ON_START=true`, and everything {@link configFromEnv}
 * reads. A missing or invalid setting throws an error naming it. Log events go to stdout as JSON
 * lines (CloudWatch, Vercel logs).
 */
export async function createPostgresFilingServerFromEnv(
  env: Record<string, string | undefined>,
  options: PostgresServerFromEnvOptions,
): Promise<PostgresFilingServer> {
  const variables = options.connectionStringVariables ?? ['DATABASE_URL'];
  const connectionString = variables.map((name) => env[name]?.trim()).find(Boolean);
  if (!connectionString) {
    throw new Error(`${variables[0]} is not set: give the PostgreSQL connection string (postgres://...).`);
  }
  const config = configFromEnv(env);
  const max = env.DATABASE_POOL_MAX?.trim() ? Number(env.DATABASE_POOL_MAX) : undefined;
  if (max !== undefined && !(Number.isInteger(max) && max > 0)) {
    throw new Error('DATABASE_POOL_MAX must be a positive integer.');
  }
  const log = (event: FilingLogEvent) => console.log(JSON.stringify({ source: 'filing-mcp', ...event }));
  const pool = options.createPool({
    connectionString,
    ...(max !== undefined && { max }),
    onError: (error) =>
      log({ event: 'database_pool_error', errorName: error.name, errorMessage: error.message }),
  });
  const db = new Kysely<any>({ dialect: new PostgresDialect({ pool }) });
  try {
    if (env.MIGRATE_ON_START === 'true') await options.migrate(db);
    const server = createFilingServer({ db, config, logger: log });
    return {
      server,
      db,
      async close() {
        await server.close();
        await db.destroy();
      },
    };
  } catch (error) {
    await db.destroy();
    throw error;
  }
}
