export { runCli } from './cli/run-cli.js';
export type { CliIo } from './cli/cli-io.js';
export { DataDirLockedError, type DataDirLock, lockDataDir } from './data-dir-lock.js';
export {
  type DatabaseConnection,
  type DatabaseKind,
  type DatabaseOptions,
  embeddedDatabaseDir,
  openDatabase,
} from './database-connection.js';
export { DEVELOPMENT_SECRET_FILE, loadDevelopmentSecret } from './development-secret.js';
export { parseDuration } from './duration.js';
export {
  createLogger,
  LOG_FORMATS,
  LOG_LEVELS,
  type LogFields,
  type LogFormat,
  type Logger,
  type LoggerOptions,
  type LogLevel,
} from './logger.js';
export { nodeSha256Hex } from './node-hash.js';
export {
  type CompanionOptions,
  createNodeServer,
  type ListeningAddress,
  type NodeServer,
  type NodeServerConfig,
  type NodeServerOptions,
} from './node-server.js';
export { completeSession, type ResolvedSession, resolveSession } from './session-secret.js';
export { type ServeSettings, serveSettingsFromEnv } from './serve-settings.js';
export { type SessionTokenOptions, signSessionToken } from './session-token.js';
export {
  type CompanionMode,
  companionEnabled,
  currentEnvironment,
  describeDatabaseUrl,
  type Environment,
  type NodeSettings,
  nodeSettingsFromEnv,
  SettingError,
} from './settings.js';
export { type StartedServer, type StartServerOptions, startServer } from './start-server.js';
export {
  startTelemetry,
  type Telemetry,
  type TelemetrySettings,
  telemetryRequested,
  telemetrySettingsFromEnv,
} from './telemetry.js';
export { createPacketWorker, type PacketWorkerOptions } from './packet-worker.js';
export type { PacketBuilder } from '@filing-mcp/filing-domain';
/** @deprecated The packet port is filing-domain's `PacketBuilder`, exported here too. */
export type { PacketBuilder as PacketService } from '@filing-mcp/filing-domain';
