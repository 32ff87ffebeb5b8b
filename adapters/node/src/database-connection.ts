import type { FilingDatabase } from '@filing-mcp/filing-domain';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import {
  filingPool,
  type DatabaseSettings,
  PLATFORM_POOL_DEFAULTS,
  pgPoolOptions,
  resolveDatabaseSettings,
} from '@filing-mcp/filing-domain';
import { Kysely, PGliteDialect, PostgresDialect } from 'kysely';

// `pg` is required when a PostgreSQL URL is opened, not at import: the embedded database never
// loads it, and a driver loaded after the OpenTelemetry SDK started is one its instrumentation wraps.
const require = createRequire(import.meta.url);

/** Which database a connection talks to. */
export type DatabaseKind = 'embedded' | 'postgres';

/** An open database and how to release it. */
export interface DatabaseConnection {
  kind: DatabaseKind;
  db: Kysely<FilingDatabase>;
  /** Ends the pool or closes PGlite; idempotent. */
  close(): Promise<void>;
}

/** Where to connect: a PostgreSQL URL, or else embedded PGlite in a data directory. */
export interface DatabaseOptions {
  /** `postgres://...`; when set, `dataDir` is not used. */
  databaseUrl?: string;
  /** Data directory of the embedded database (PGlite keeps its files in `<dataDir>/pgdata`). */
  dataDir: string;
  /** Maximum connections of the pg pool when `database.poolMax` is unset; default 10. */
  poolMax?: number;
  /** The shared pool size and time limits (`configFromEnv(...).database`); defaults otherwise. */
  database?: DatabaseSettings;
}

/** Directory inside the data directory that holds PGlite's PostgreSQL files. */
export function embeddedDatabaseDir(dataDir: string): string {
  return join(dataDir, 'pgdata');
}

/**
 * Opens the database: a pg pool behind Kysely's PostgresDialect when `databaseUrl` is set, else
 * PGlite (PostgreSQL compiled to WebAssembly, in-process) on the data directory, created on first
 * use. PGlite is started here rather than lazily so that a damaged data directory fails at start-up.
 */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseConnection> {
  let db: Kysely<FilingDatabase>;
  let kind: DatabaseKind;
  if (options.databaseUrl) {
    const pg = require('pg') as typeof import('pg');
    const settings = resolveDatabaseSettings(options.database, {
      poolMax: options.poolMax ?? PLATFORM_POOL_DEFAULTS.node.poolMax,
      namedStatements: PLATFORM_POOL_DEFAULTS.node.namedStatements,
    });
    const pool = new pg.Pool({ connectionString: options.databaseUrl, ...pgPoolOptions(settings) });
    // An idle client losing its server connection emits 'error' on the pool; unhandled, it would
    // end the process. The next query gets a fresh connection.
    pool.on('error', () => {});
    db = new Kysely<FilingDatabase>({ dialect: new PostgresDialect({ pool: filingPool(pool, settings) }) });
    kind = 'postgres';
  } else {
    const pglite = await PGlite.create(embeddedDatabaseDir(options.dataDir));
    db = new Kysely<FilingDatabase>({ dialect: new PGliteDialect({ pglite }) });
    kind = 'embedded';
  }
  let closed: Promise<void> | undefined;
  return {
    kind,
    db,
    close: () => {
      closed ??= db.destroy();
      return closed;
    },
  };
}
