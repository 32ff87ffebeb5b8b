export { errorReporter } from './error-report.js';
export type { FetchApp, FetchContext } from './fetch-app.js';
export { type OAuthCleanupCounts, type OAuthCleanupTarget, runOAuthCleanup } from './oauth-cleanup.js';
export type { ServerlessPoolOptions } from './postgres-pool.js';
export { createServerlessBootstrap, type ServerlessBootstrap } from './serverless-bootstrap.js';
export { createServerlessFilingServer, type ServerlessFilingServer } from './serverless-filing-server.js';
export type { ServerlessPlatform } from './serverless-platform.js';
export { type ServerlessSettings, serverlessSettingsFromEnv } from './serverless-settings.js';
export { createShippedPacketBuilder } from './shipped-packet-builder.js';
