import { configFromEnv, migrateToLatest } from '@filing-mcp/filing-domain';
import { clientMetadataDocumentsFromEnv } from '@filing-mcp/oauth-core/node';
import { type CredentialListener, startCredentialListener } from './credential-listener.js';
import { type DataDirLock, lockDataDir } from './data-dir-lock.js';
import { type DatabaseConnection, type DatabaseKind, openDatabase } from './database-connection.js';
import { loopbackAllowList } from '@filing-mcp/protocol';
import { createLogger, type Logger } from './logger.js';
import { createNodeServer, type NodeServer, type NodeServerConfig } from './node-server.js';
import { startTelemetry, type Telemetry } from './telemetry.js';
import { missingSessionSetting, type ResolvedSession, resolveSession } from './session-secret.js';
import {
  companionEnabled,
  type Environment,
  type NodeSettings,
  nodeSettingsFromEnv,
  SettingError,
} from './settings.js';

/** Options of {@link startServer}. */
export interface StartServerOptions {
  /** Configuration; default `process.env`. */
  env?: Environment;
  /** Default: from `LOG_LEVEL` and `LOG_FORMAT`, on stdout. */
  logger?: Logger;
}

/** A server started by {@link startServer}; `close()` also closes the database. */
export interface StartedServer extends NodeServer {
  database: DatabaseKind;
  settings: NodeSettings;
  /** Set when the session secret is the generated development secret. */
  developmentSecret?: ResolvedSession['developmentSecret'];
}

// Stand-ins that let the core's configuration be validated before the port is known; the real
// addresses are filled in by createNodeServer once the socket listens.
const PENDING_BASE_URL = 'http://localhost/mcp-server';
const PENDING_APP_URL = 'http://localhost/app';
const PLACEHOLDER_SECRET = 'x'.repeat(32);

function isSet(env: Environment, name: string): boolean {
  return (env[name] ?? '').trim() !== '';
}

/**
 * Reads the whole configuration, validating it before anything is opened (a bad setting throws an
 * error naming the variable); opens the database (PGlite in `DATA_DIR`, or PostgreSQL at
 * `DATABASE_URL`), runs the migrations, and starts {@link createNodeServer}. This is `filing-mcp
 * serve` without the signal handling.
 *
 * @example
 * ```ts
 * const server = await startServer({ env: { ...process.env, PORT: '0' } });
 * console.log(server.url);
 * await server.close();
 * ```
 */
export async function startServer(options: StartServerOptions = {}): Promise<StartedServer> {
  const env = options.env ?? process.env;
  const settings = nodeSettingsFromEnv(env);
  const logger = options.logger ?? createLogger({ level: settings.logLevel, format: settings.logFormat });
  const companion = companionEnabled(settings, env);

  // Every missing setting at once, so that a new deployment is not fixed one restart at a time.
  const missing = [missingSessionSetting(settings, env)];
  if (!companion && !isSet(env, 'APP_URL')) {
    missing.push(
      'APP_URL must be set when the companion pages are off (DATABASE_URL set, or COMPANION=off): ' +
        'the address of the companion app that shows the consent page and filing pages',
    );
  }
  const problems = missing.filter((problem) => problem !== undefined);
  if (problems.length > 0) throw new SettingError(problems.join('\n'));
  if (companion && isSet(env, 'SESSION_JWKS_URL') && !isSet(env, 'SESSION_JWT_SECRET')) {
    throw new SettingError(
      'COMPANION=on needs SESSION_JWT_SECRET: the companion pages sign session JWTs, which SESSION_JWKS_URL cannot verify',
    );
  }

  if (companion && settings.companionSignIn === 'off' && loopbackAllowList(settings.host, 0) === undefined) {
    throw new SettingError(
      `the companion pages act for the local user without a password, so they serve only loopback HOST (got HOST=${settings.host}): ` +
        'set COMPANION_SIGN_IN=link for a one-time sign-in link printed at start, ' +
        'COMPANION_SIGN_IN=session for a sign-in with a session JWT, ' +
        'or COMPANION=off with APP_URL set to the product app, which signs its users in with the session JWT',
    );
  }
  if (companion && settings.databaseUrl !== undefined) {
    logger.warn('companion_with_database_url', {
      message:
        'COMPANION=on with DATABASE_URL: the built-in companion pages act for one local user (LOCAL_USER_ID) on a shared database; production serves its pages from the product app (COMPANION=off, APP_URL)',
      local_user_id: settings.localUserId,
    });
  }

  const withAddresses = (sessionEnv: Environment) =>
    configFromEnv({
      ...sessionEnv,
      MCP_BASE_URL: isSet(env, 'MCP_BASE_URL') ? env.MCP_BASE_URL : PENDING_BASE_URL,
      APP_URL: isSet(env, 'APP_URL') ? env.APP_URL : PENDING_APP_URL,
    });
  // Every other setting is checked before the data directory is touched, so that a typo changes
  // nothing; the development secret, when it will be used, stands in as a valid placeholder.
  const needsDevelopmentSecret =
    settings.databaseUrl === undefined &&
    !isSet(env, 'SESSION_JWT_SECRET') &&
    !isSet(env, 'SESSION_JWKS_URL');
  let clientMetadataDocuments: ReturnType<typeof clientMetadataDocumentsFromEnv>;
  try {
    clientMetadataDocuments = clientMetadataDocumentsFromEnv(env);
  } catch (error) {
    throw new SettingError((error as Error).message);
  }
  if (needsDevelopmentSecret) withAddresses({ ...env, SESSION_JWT_SECRET: PLACEHOLDER_SECRET });
  else withAddresses(resolveSession(settings, env).env);

  let lock: DataDirLock | undefined;
  let database: DatabaseConnection | undefined;
  let telemetry: Telemetry | undefined;
  try {
    // Before the database opens, so that the PostgreSQL driver loads instrumented.
    telemetry = await startTelemetry(env);
    if (settings.databaseUrl === undefined) lock = lockDataDir(settings.dataDir, { command: 'serve' });
    const session = resolveSession(settings, env);
    const config: NodeServerConfig = { ...withAddresses(session.env) };
    if (!isSet(env, 'MCP_BASE_URL')) delete config.baseUrl;
    if (!isSet(env, 'APP_URL')) delete config.appUrl;

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
      clientMetadataDocuments,
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
