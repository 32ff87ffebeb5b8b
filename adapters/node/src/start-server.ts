import { migrateToLatest } from '@filing-mcp/filing-domain';
import { stripePaymentProvider } from '@filing-mcp/filing-domain/providers/stripe';
import { telnyxFaxProvider } from '@filing-mcp/filing-domain/providers/telnyx';
import { nodeClientMetadataDocuments } from '@filing-mcp/oauth-core/node';
import { type CredentialListener, startCredentialListener } from './credential-listener.js';
import { type DataDirLock, lockDataDir } from './data-dir-lock.js';
import { type DatabaseConnection, type DatabaseKind, openDatabase } from './database-connection.js';
import { createLogger, type Logger } from './logger.js';
import { createNodeServer, type NodeServer, type NodeServerConfig } from './node-server.js';
import { type ServeSettings, serveSettingsFromEnv } from './serve-settings.js';
import { startTelemetry, type Telemetry } from './telemetry.js';
import { completeSession, type ResolvedSession } from './session-secret.js';
import { currentEnvironment, type Environment } from './settings.js';

/** Options of {@link startServer}. */
export interface StartServerOptions {
  /** The settings, read and validated already (`filing-mcp serve` reads them before it starts). */
  settings?: ServeSettings;
  /** Configuration, when `settings` is not given; default the process's environment. */
  env?: Environment;
  /** Default: from `LOG_LEVEL` and `LOG_FORMAT`, on stdout. */
  logger?: Logger;
}

/** A server started by {@link startServer}; `close()` also closes the database. */
export interface StartedServer extends NodeServer {
  database: DatabaseKind;
  settings: ServeSettings;
  /** Set when the session secret is the generated development secret. */
  developmentSecret?: ResolvedSession['developmentSecret'];
}

/**
 * Reads the whole configuration into one settings object ({@link serveSettingsFromEnv}), validating
 * it once, with the values given, before anything is opened (a bad setting throws an error naming
 * the variable); opens the database (PGlite in `DATA_DIR`, or PostgreSQL at `DATABASE_URL`), runs
 * the migrations, and starts {@link createNodeServer}. This is `filing-mcp serve` without the
 * signal handling.
 *
 * @example
 * ```ts
 * const server = await startServer({ env: { PORT: '0', DATA_DIR: './.data' } });
 * console.log(server.url);
 * await server.close();
 * ```
 */
export async function startServer(options: StartServerOptions = {}): Promise<StartedServer> {
  const settings = options.settings ?? serveSettingsFromEnv(options.env ?? currentEnvironment());
  const logger = options.logger ?? createLogger({ level: settings.logLevel, format: settings.logFormat });
  const companion = settings.servesCompanion;
  if (companion && settings.databaseUrl !== undefined) {
    logger.warn('companion_with_database_url', {
      message:
        'COMPANION=on with DATABASE_URL: the built-in companion pages act for one local user (LOCAL_USER_ID) on a shared database; production serves its pages from the product app (COMPANION=off, APP_URL)',
      local_user_id: settings.localUserId,
    });
  }

  let lock: DataDirLock | undefined;
  let database: DatabaseConnection | undefined;
  let telemetry: Telemetry | undefined;
  try {
    // Before the database opens, so that the PostgreSQL driver loads instrumented.
    telemetry = await startTelemetry(settings.telemetry);
    if (settings.databaseUrl === undefined) lock = lockDataDir(settings.dataDir, { command: 'serve' });
    // The one thing the settings could not hold: the development secret lives in the data directory.
    const session = completeSession(settings, settings.core.session);
    const config: NodeServerConfig = { ...settings.core, session: session.session };

    database = await openDatabase({
      dataDir: settings.dataDir,
      poolMax: settings.poolMax,
      ...(config.database !== undefined && { database: config.database }),
      ...(settings.databaseUrl !== undefined && { databaseUrl: settings.databaseUrl }),
    });
    await migrateToLatest(database.db);
    const opened = database;
    const heldLock = lock;
    let credentialListener: CredentialListener | undefined;
    const node = await createNodeServer({
      db: opened.db,
      config,
      host: settings.host,
      port: settings.port,
      logger,
      shutdownTimeoutMs: settings.shutdownTimeoutMs,
      cleanupIntervalMs: settings.cleanupIntervalMs,
      readinessTimeoutMs: settings.readinessTimeoutMs,
      packetWorkerMaxMemoryMb: settings.packetWorkerMaxMemoryMb,
      // The providers, built from their own settings: the core only knows their interfaces.
      ...(settings.fax && { fax: telnyxFaxProvider(settings.fax) }),
      ...(settings.payments && { payments: stripePaymentProvider(settings.payments) }),
      clientMetadataDocuments: nodeClientMetadataDocuments(settings.clientMetadataDocuments),
      ...(companion && {
        companion: {
          userId: settings.localUserId,
          ...(settings.companionSignIn !== 'off' && { signIn: settings.companionSignIn }),
        },
      }),
      onClose: async () => {
        try {
          await credentialListener?.close();
          await opened.close();
        } finally {
          heldLock?.release();
          await telemetry?.shutdown();
        }
      },
    });
    if (settings.revocationListenUrl !== undefined) {
      credentialListener = startCredentialListener({
        connectionString: settings.revocationListenUrl,
        onEnded: (credentialHash) => node.forgetCredentials([credentialHash]),
        onGap: () => node.forgetAllCredentials(),
        logger,
      });
      await credentialListener.ready;
    }
    return {
      ...node,
      database: opened.kind,
      settings,
      ...(session.developmentSecret && { developmentSecret: session.developmentSecret }),
    };
  } catch (error) {
    await database?.close().catch(() => {});
    lock?.release();
    await telemetry?.shutdown();
    throw error;
  }
}
