import type { ClientMetadataDocumentOptions } from '@filing-mcp/oauth-core';
import { Kysely, PostgresDialect } from 'kysely';
import { configFromEnv } from './config.js';
import { boundedPool, type PgPoolLike, pgPoolOptions, resolveDatabaseSettings } from './database-settings.js';
import { createFilingServer, type FilingLogEvent, type FilingServer } from './filing-server.js';

/** What a serverless adapter supplies: its own pool (sizes differ per platform) and migrator. */
export interface PostgresServerFromEnvOptions {
  /** Environment variables holding the connection string, first set wins. Default `DATABASE_URL`. */
  connectionStringVariables?: string[];
  /**
   * Builds the platform's pg pool from the shared settings: spread `options` (from
   * `pgPoolOptions`) into `new pg.Pool`, and attach `onError` to idle-client errors.
   */
  createPool(settings: {
    connectionString: string;
    options: ReturnType<typeof pgPoolOptions>;
    onError(error: Error): void;
  }): PgPoolLike;
  /** The platform's pool size and idle timeout when `DATABASE_POOL_MAX` / `DATABASE_IDLE_TIMEOUT_MS` are unset. */
  platformDefaults: { poolMax: number; idleTimeoutMs?: number };
  /**
   * Runs the migrations when `MIGRATE_ON_START=true`. Passed in rather than imported so that a
   * bundle can keep the migrator out of its cold start (Lambda loads it lazily).
   */
  migrate(db: Kysely<any>): Promise<void>;
  /**
   * Client ID Metadata Documents from the environment: on Node, `clientMetadataDocumentsFromEnv` of
   * `@filing-mcp/filing-domain/node` (the SSRF-safe fetcher; `CIMD_ALLOW_LOOPBACK`). Default: off.
   */
  clientMetadataDocuments?(env: Record<string, string | undefined>): ClientMetadataDocumentOptions;
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
 * string (`DATABASE_URL` unless told otherwise; required), the shared database settings (pool size
 * and time limits, see `DatabaseSettings`; the platform's pool size when unset), `MIGRATE_ON_START=true`, and everything {@link configFromEnv}
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
  const clientMetadataDocuments = options.clientMetadataDocuments?.(env);
  const settings = resolveDatabaseSettings(config.database, options.platformDefaults);
  const log = (event: FilingLogEvent) => console.log(JSON.stringify({ source: 'filing-mcp', ...event }));
  const pool = options.createPool({
    connectionString,
    options: pgPoolOptions(settings),
    onError: (error) =>
      log({ event: 'database_pool_error', errorName: error.name, errorMessage: error.message }),
  });
  const db = new Kysely<any>({ dialect: new PostgresDialect({ pool: boundedPool(pool, settings) }) });
  try {
    if (env.MIGRATE_ON_START === 'true') await options.migrate(db);
    const server = createFilingServer({
      db,
      config,
      logger: log,
      ...(clientMetadataDocuments && { clientMetadataDocuments }),
    });
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
