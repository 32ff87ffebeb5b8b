import {
  configFromEnv,
  createFilingServer,
  type FilingLogEvent,
  type FilingServer,
} from '@filing-mcp/filing-domain';
import { Kysely, PostgresDialect } from 'kysely';
import { createLambdaPool } from './postgres-pool.js';

/** The deployed server and the resources it owns. */
export interface LambdaFilingServer {
  server: FilingServer;
  db: Kysely<any>;
  /** Closes the server, then the database pool. */
  close(): Promise<void>;
}

/**
 * Builds the filing server from environment variables: `DATABASE_URL` (required), `DATABASE_POOL_MAX`
 * (default 2), `MIGRATE_ON_START=true` to run migrations first, and everything `configFromEnv` reads
 * (`MCP_BASE_URL`, `APP_URL`, `SESSION_JWT_SECRET` or `SESSION_JWKS_URL`, ...). Throws an error naming
 * the setting when one is missing or invalid. Log events go to stdout as JSON lines (CloudWatch).
 */
export async function createFilingServerFromEnv(
  env: Record<string, string | undefined>,
): Promise<LambdaFilingServer> {
  const connectionString = env.DATABASE_URL?.trim();
  if (!connectionString) {
    throw new Error('DATABASE_URL is not set: give the PostgreSQL connection string (postgres://...).');
  }
  const config = configFromEnv(env);
  const max = env.DATABASE_POOL_MAX?.trim() ? Number(env.DATABASE_POOL_MAX) : undefined;
  if (max !== undefined && !(Number.isInteger(max) && max > 0)) {
    throw new Error('DATABASE_POOL_MAX must be a positive integer.');
  }
  const log = (event: FilingLogEvent) => console.log(JSON.stringify({ source: 'filing-mcp', ...event }));
  const pool = createLambdaPool({
    connectionString,
    ...(max !== undefined && { max }),
    onError: (error) =>
      log({ event: 'database_pool_error', errorName: error.name, errorMessage: error.message }),
  });
  const db = new Kysely<any>({ dialect: new PostgresDialect({ pool }) });
  try {
    if (env.MIGRATE_ON_START === 'true') {
      // Loaded only here: the migrator is a separate file of the bundle, not part of every cold start.
      const { migrateToLatest } = await import('./migrate.js');
      await migrateToLatest(db);
    }
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
