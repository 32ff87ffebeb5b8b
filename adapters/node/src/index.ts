export { runCli } from './cli/run-cli.js';
export type { CliIo } from './cli/cli-io.js';
export {
  createLogger,
  type Logger,
  type LoggerOptions,
} from './logger.js';
export {
  createNodeServer,
  type NodeServer,
  type NodeServerConfig,
  type NodeServerOptions,
} from './node-server.js';
export { type StartedServer, type StartServerOptions, startServer } from './start-server.js';
export { startTelemetry } from './telemetry.js';
export { createPacketWorker } from './packet-worker.js';
export { type ServeSettings, serveSettingsFromEnv } from './serve-settings.js';
export { SettingError } from './settings.js';
