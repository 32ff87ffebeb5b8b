export {
  API_KEY_PATTERN,
  API_KEY_PREFIX,
  type ApiKeySummary,
  type CreateApiKeyOptions,
  type CreatedApiKey,
  createApiKey,
  listApiKeys,
  revokeApiKey,
  touchApiKey,
  type VerifiedApiKey,
  verifyApiKey,
} from './api-keys.js';
export {
  configFromEnv,
  FilingConfigError,
  type FilingServerConfig,
  filingServerConfigSchema,
  parseFilingServerConfig,
  type ResolvedFilingServerConfig,
} from './config.js';
export { DEFAULT_CLIENT_EXPIRY, deleteAbandonedClients } from './abandoned-clients.js';
export {
  ENVIRONMENT_SECTIONS,
  ENVIRONMENT_VARIABLES,
  type EnvironmentAdapter,
  type EnvironmentSection,
  type EnvironmentVariable,
  STANDARD_ENVIRONMENT_PREFIXES,
} from './environment-variables.js';
export { CredentialCache } from './credential-cache.js';
export {
  boundedPool,
  DatabaseUnavailableError,
  type DatabaseSettings,
  isDatabaseUnavailable,
  type PgPoolLike,
  pgPoolOptions,
  type ResolvedDatabaseSettings,
} from './database-settings.js';
export { databaseSettingsSchema, resolveDatabaseSettings } from './database-settings-schema.js';
export type { ApiKeyTable, FaxLogTable, FilingDatabase, FilingTable, PaymentTable } from './database.js';
export {
  FilingRepository,
  type FilingPatch,
  type FilingTableName,
  filingTable,
  type NewFiling,
} from './filing-repository.js';
export { createFilingServer } from './create-filing-server.js';
export {
  FILING_SERVER_INFO,
  FILING_SERVER_INSTRUCTIONS,
  filingServerInstructions,
  type FilingLogEvent,
  type FilingLogger,
  type FilingServer,
  type FilingServerOptions,
} from './filing-server.js';
export { createEagerFilingTools } from './filing-tool-definitions.js';
export {
  createFilingTools,
  DEFAULT_LIST_LIMIT,
  DEFAULT_LIST_LIMIT_MAX,
  FILING_NOT_FOUND,
  type FilingToolsOptions,
  RECORD_LIST_LIMIT,
} from './filing-tools.js';
export { calendarDate } from './form-fields.js';
export {
  type FilingKind,
  type FormSchemaDescriptor,
  filingKindAliases,
  formSchemaDescriptor,
  resolveFilingKind,
} from './form-schema-descriptor.js';
export { type HashFunction, sha256Hex } from './hash.js';
export { FILING_MIGRATION_NAMES, migrateFilingDomain, migrateToLatest } from './migrations.js';
export { isClientDisconnect, logSafeEvent, logSafeText, MAX_LOG_VALUE_LENGTH } from './log-safety.js';
export {
  DEFAULT_RATE_LIMITS,
  RateLimitedError,
  RateLimiter,
  type RateLimitScope,
  type RateLimitsPerMinute,
} from './rate-limiter.js';
export type { PartnershipFormData } from './partnership-form.js';
export {
  type FaxLog,
  type Filing,
  type FilingSummary,
  type Payment,
  toIsoTimestamp,
  toIsoTimestampOrNull,
} from './records.js';
export {
  faxLogSchema,
  filingSchema,
  filingSummarySchema,
  partnerSchema,
  partnershipFormDataSchema,
  paymentSchema,
  relatedPartySchema,
  singleMemberFormDataSchema,
} from './schemas.js';
export type { SingleMemberFormData } from './single-member-form.js';
export {
  filingPdfUrl,
  filingViewUrl,
  partnershipFilingPdfUrl,
  partnershipFilingViewUrl,
} from './view-urls.js';
export {
  createPostgresFilingServerFromEnv,
  type PostgresFilingServer,
  type PostgresServerFromEnvOptions,
} from './postgres-server-from-env.js';
export {
  createReadinessCheck,
  DEFAULT_READINESS_TIMEOUT_MS,
  healthResponse,
  type Readiness,
  type ReadinessCheckOptions,
  type ReadinessFailure,
  readinessResponse,
} from './readiness.js';
export {
  createFilingTelemetry,
  type FilingTelemetry,
  type FilingTelemetryOptions,
  MCP_SEMANTIC_CONVENTIONS,
} from './telemetry.js';
export {
  FILING_SCOPES,
  type FilingScope,
  filingScopeSet,
  parseFilingScope,
  RESOURCE_READ_SCOPE,
  resourceScopesToChallenge,
  scopesToChallenge,
  TOOL_SCOPES,
} from './scopes.js';
export {
  createPacketResourceTemplates,
  type FilingPacketBuilder,
  PACKET_URI_TEMPLATES,
  packetUri,
} from './packet-resources.js';
export {
  createPacketLinks,
  PACKET_LINK_MAX_TTL_SECONDS,
  type PacketLinkGrant,
  type PacketLinks,
  type PacketLinksOptions,
} from './packet-links.js';
export { PACKET_LINK_MESSAGES } from './packet-download.js';
export { filingPrompts } from './prompts.js';
export { FILING_ID_MALFORMED, FILING_ID_REQUIRED } from './filing-id.js';
export { wrongKindText } from './wrong-kind.js';
