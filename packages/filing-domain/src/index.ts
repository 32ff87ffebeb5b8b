export {
  type ApiKeySummary,
  type CreatedApiKey,
  createApiKey,
  listApiKeys,
  revokeApiKey,
} from './auth/api-keys.js';
export {
  configFromEnv,
  FilingConfigError,
  type FilingServerConfig,
} from './config/config.js';
export { boundedPool } from './storage/bounded-pool.js';
export { pgPoolOptions } from './config/database-settings.js';
export {
  type DatabaseSettings,
  resolveDatabaseSettings,
} from './config/database-settings-schema.js';
export {
  FilingRepository,
  type FilingTableName,
} from './storage/filing-repository.js';
export { createFilingServer } from './server/create-filing-server.js';
export {
  FILING_SERVER_INFO,
  FILING_SERVER_INSTRUCTIONS,
} from './server/server-info.js';
export type { FilingLogEvent } from './logging/filing-logger.js';
export type { FilingServer, FilingServerOptions } from './server/filing-server-options.js';
export { createEagerFilingTools } from './tools/filing-tool-definitions.js';
export { formSchemaDescriptor } from './forms/form-schema-descriptor.js';
export type { HashFunction } from './auth/hash.js';
export { FILING_MIGRATION_NAMES, migrateToLatest } from './storage/migrations.js';
export { isClientDisconnect } from './logging/log-safety.js';
export type {
  Filing,
  FilingSummary,
} from './storage/records.js';
export {
  partnershipFormDataSchema,
  singleMemberFormDataSchema,
} from './forms/schemas.js';
export {
  filingPdfUrl,
  filingViewUrl,
  partnershipFilingPdfUrl,
  partnershipFilingViewUrl,
} from './tools/view-urls.js';
export {
  createPostgresFilingServerFromEnv,
  type PostgresFilingServer,
  type PostgresServerFromEnvOptions,
} from './server/postgres-server-from-env.js';
export { createFilingTelemetry } from './logging/telemetry.js';
export {
  FILING_SCOPES,
  filingScopeSet,
  parseFilingScope,
} from './auth/scopes.js';
export type { FilingPacketBuilder } from './resources/packet-resources.js';
export {
  createFilingPackets,
  type FilingPackets,
} from './resources/filing-packets.js';
export {
  DEFAULT_PACKET_BUILD_LIMITS,
  PacketsBusyError,
} from './resources/packet-builds.js';
export { SIGNED_COPY_MAX_BYTES, SignedCopyRefusedError, storeSignedCopy } from './submission/signed-copy.js';
export { readBoundedBody } from './submission/bounded-body.js';
export { submissionsOf } from './submission/submissions-of.js';
