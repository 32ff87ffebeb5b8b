import type { ClientMetadataDocumentOptions } from '@filing-mcp/oauth-core';
import type { Kysely } from 'kysely';
import type { ResolvedFilingServerConfig } from '../config/config.js';
import { rawConfigFromEnv } from '../config/config-env.js';
import { resolveConfigFast, resolveDatabaseSettingsFast } from '../config/config-fast-path.js';
import { pgPoolOptions } from '../config/database-settings.js';
import { boundedPool, type PgPoolLike } from '../storage/bounded-pool.js';
import type { FilingLogEvent } from '../logging/filing-logger.js';
import { createFilingServerWithConfig, type FilingServer } from './filing-server.js';
import type { HashFunction } from '../auth/hash.js';
import type { PacketBuilder } from '../resources/packet-resources.js';

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
  }): PgPoolLike | Promise<PgPoolLike>;
  /** The platform's pool size and idle timeout when `DATABASE_POOL_MAX` / `DATABASE_IDLE_TIMEOUT_MS` are unset. */
  platformDefaults: { poolMax: number; idleTimeoutMs?: number };
  /**
   * Runs the migrations when `MIGRATE_ON_START=true`. Passed in rather than imported so that a
   * bundle can keep the migrator out of its cold start (Lambda loads it lazily).
   */
  migrate(db: Kysely<any>): Promise<unknown>;
  /**
   * Opens the database (loads Kysely, creates the pool) on the first request that needs it rather
   * than before the server is returned, so a cold start answers `initialize` without loading a
   * database module. `MIGRATE_ON_START=true` opens it at once. `db` of the result is then
   * available once the database is open (see `PostgresFilingServer.database`).
   */
  lazyDatabase?: boolean;
  /**
   * Client ID Metadata Documents from the environment: on Node, `clientMetadataDocumentsFromEnv` of
   * `@filing-mcp/oauth-core/node` (the SSRF-safe fetcher; `CIMD_ALLOW_LOOPBACK`). Default: off.
   */
  clientMetadataDocuments?(env: Record<string, string | undefined>): ClientMetadataDocumentOptions;
  /**
   * SHA-256 of credentials (API keys, OAuth tokens and codes), lower-case hex. Default WebCrypto,
   * which runs everywhere; on Node, `createHash` answers the same hex synchronously and spares a
   * cold start's first credential the load of WebCrypto.
   */
  hash?: HashFunction;
  /**
   * Builds filing packets: with it the server serves the `filing://.../packet.pdf` resources and
   * get_pdf_url's signed `download_url` (see `FilingServerOptions.packets`). Default: tools only.
   */
  packets?: PacketBuilder;
}

/** A filing server on PostgreSQL and the resources it owns. */
export interface PostgresFilingServer {
  server: FilingServer;
  /** The database; with `lazyDatabase`, reading it before the database is open throws. */
  db: Kysely<any>;
  /** The database, opened now if it is not open yet. */
  database(): Promise<Kysely<any>>;
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
  // The usual settings resolve without zod; anything else (or an error to name) goes to the schema.
  const raw = rawConfigFromEnv(env);
  let config: ResolvedFilingServerConfig | undefined = resolveConfigFast(raw);
  let settings = resolveDatabaseSettingsFast(raw.database, options.platformDefaults);
  if (config === undefined || settings === undefined) {
    const [{ configFromEnv, parseFilingServerConfig }, { resolveDatabaseSettings }] = await Promise.all([
      import('../config/config.js'),
      import('../config/database-settings-schema.js'),
    ]);
    // The settings as given (not the parsed ones, whose defaults would hide the platform's).
    const given = configFromEnv(env);
    config = parseFilingServerConfig(given);
    settings = resolveDatabaseSettings(given.database, options.platformDefaults);
  }
  const resolved = config;
  const poolSettings = settings;
  const clientMetadataDocuments = options.clientMetadataDocuments?.(env);
  const log = (event: FilingLogEvent) => console.log(JSON.stringify({ source: 'filing-mcp', ...event }));
  let opened: Kysely<any> | undefined;
  let opening: Promise<Kysely<any>> | undefined;
  async function open(): Promise<Kysely<any>> {
    const [{ openKysely }, pool] = await Promise.all([
      import('../storage/open-kysely.js'),
      options.createPool({
        connectionString: connectionString!,
        options: pgPoolOptions(poolSettings),
        onError: (error) =>
          log({ event: 'database_pool_error', errorName: error.name, errorMessage: error.message }),
      }),
    ]);
    opened = openKysely(boundedPool(pool, poolSettings));
    return opened;
  }
  function database(): Promise<Kysely<any>> {
    opening ??= open().catch((error: unknown) => {
      opening = undefined;
      throw error;
    });
    return opening;
  }
  const lazy = options.lazyDatabase === true && env.MIGRATE_ON_START !== 'true';
  const db = lazy ? undefined : await database();
  try {
    if (db && env.MIGRATE_ON_START === 'true') await options.migrate(db);
    const server = createFilingServerWithConfig(
      {
        db: db ?? database,
        logger: log,
        ...(clientMetadataDocuments && { clientMetadataDocuments }),
        ...(options.hash && { hash: options.hash }),
        ...(options.packets && { packets: options.packets }),
      },
      resolved,
    );
    return {
      server,
      get db(): Kysely<any> {
        if (opened === undefined) {
          throw new Error('The database opens on the first request that needs it: await database() first.');
        }
        return opened;
      },
      database,
      async close() {
        await server.close();
        const open = opening && (await opening.catch(() => undefined));
        await open?.destroy();
      },
    };
  } catch (error) {
    await db?.destroy();
    throw error;
  }
}
