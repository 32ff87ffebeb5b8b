import type { FilingDatabase } from '@filing-mcp/filing-domain';
import {
  createFilingServerWithConfig,
  type FilingLogEvent,
  type PacketBuilder,
  type DatabaseQuery,
  type FilingServer,
  pgPoolOptions,
} from '@filing-mcp/filing-domain';
import { nodeClientMetadataDocuments } from '@filing-mcp/oauth-core/node';
import type { Kysely, PostgresPool } from 'kysely';
import type { ServerlessPlatform } from './serverless-platform.js';
import type { ServerlessSettings } from './serverless-settings.js';
import { createShippedPacketBuilder } from './shipped-packet-builder.js';

/** The deployed server and the resources it owns. */
export interface ServerlessFilingServer {
  server: FilingServer;
  /** The database; reading it before the first request that needs it opened it throws. */
  db: Kysely<FilingDatabase>;
  /** The database, opened now if it is not open yet. */
  database(): Promise<Kysely<FilingDatabase>>;
  /** Closes the server, then the database pool. */
  close(): Promise<void>;
}

/**
 * Builds the filing server of a serverless instance from its settings (see
 * `serverlessSettingsFromEnv`). Log events go to stdout as JSON lines (Vercel logs, CloudWatch).
 *
 * The server serves the filing packets (the `filing://.../packet.pdf` resources and get_pdf_url's
 * signed `download_url`) from the IRS templates shipped beside the bundle (`platform.templates`).
 * pg, Kysely, the migrator, pdf-lib and the templates each load with the first request that needs
 * them: `initialize`, `tools/list` and the probes answer without them. `MIGRATE_ON_START=true`
 * opens the database and migrates it before the server is returned.
 */
export async function createServerlessFilingServer(
  settings: ServerlessSettings,
  platform: ServerlessPlatform,
  packets: PacketBuilder = createShippedPacketBuilder(platform.templates),
): Promise<ServerlessFilingServer> {
  const log = (event: FilingLogEvent) => console.log(JSON.stringify({ source: 'filing-mcp', ...event }));
  let opened: Kysely<FilingDatabase> | undefined;
  let opening: Promise<Kysely<FilingDatabase>> | undefined;
  // The pool (pg, with its first connection on Lambda), loaded by the first request that needs the
  // database: the credential check's queries (`databaseQuery`) run on it at once, and Kysely is
  // opened on it too, without a second pool.
  let pooling: Promise<{ pool: PostgresPool; query: DatabaseQuery }> | undefined;
  function pool(): Promise<{ pool: PostgresPool; query: DatabaseQuery }> {
    pooling ??= import('./postgres-pool.js')
      .then(async ({ createFilingPool, poolQuery }) => {
        const filing = await createFilingPool(
          {
            connectionString: settings.connectionString,
            options: pgPoolOptions(settings.database),
            onError: (error) =>
              log({ event: 'database_pool_error', errorName: error.name, errorMessage: error.message }),
          },
          platform,
          settings.database,
        );
        return { pool: filing, query: poolQuery(filing) };
      })
      .catch((error: unknown) => {
        pooling = undefined;
        throw error;
      });
    return pooling;
  }
  async function open(): Promise<Kysely<FilingDatabase>> {
    // Loaded only here, side by side: pg and Kysely are chunks of their own, not part of every
    // cold start, and the pool (with its first connection on Lambda) starts while Kysely loads.
    const [{ openKysely }, { pool: bounded }] = await Promise.all([import('./open-kysely.js'), pool()]);
    opened = openKysely(bounded);
    return opened;
  }
  function database(): Promise<Kysely<FilingDatabase>> {
    opening ??= open().catch((error: unknown) => {
      opening = undefined;
      throw error;
    });
    return opening;
  }
  const db = settings.migrateOnStart ? await database() : undefined;
  try {
    // Loaded only here: the migrator is a chunk of its own, not part of every cold start.
    if (db) await (await import('./migrate.js')).migrateToLatest(db);
    const server = createFilingServerWithConfig(
      {
        db: db ?? database,
        databaseQuery: async () => (await pool()).query,
        logger: log,
        clientMetadataDocuments: nodeClientMetadataDocuments(settings.clientMetadataDocuments),
        // The same hex as the default WebCrypto digest, synchronously: the first credential of a
        // cold start then does not load WebCrypto (about 5 ms). Both platforms run Node. Taken
        // with the first credential, not imported: an ES import of node:crypto builds its module
        // namespace at start, and reading every export for it loads WebCrypto too.
        hash: (input) =>
          process.getBuiltinModule('node:crypto').createHash('sha256').update(input, 'utf8').digest('hex'),
        packets,
        // The providers, built from their own settings (serverlessSettingsFromEnv): the core only
        // knows their interfaces.
        ...(settings.fax && { fax: settings.fax }),
        ...(settings.payments && { payments: settings.payments }),
      },
      settings.config,
    );
    return {
      server,
      get db(): Kysely<FilingDatabase> {
        if (opened === undefined) {
          throw new Error('The database opens on the first request that needs it: await database() first.');
        }
        return opened;
      },
      database,
      async close() {
        await server.close();
        const open = opening && (await opening.catch(() => undefined));
        // Kysely ends the pool it runs on; a pool the credential check opened alone is ended here.
        if (open) await open.destroy();
        else await (pooling && (await pooling.catch(() => undefined)))?.pool.end();
      },
    };
  } catch (error) {
    await db?.destroy();
    throw error;
  }
}
