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
} from './auth/api-keys.js';
export {
  configDraftFromEnv,
  configFromEnv,
  FilingConfigError,
  type FilingServerConfig,
  type FilingServerConfigDraft,
  filingServerConfigSchema,
  parseFilingServerConfig,
  type ResolvedFilingServerConfig,
} from './config/config.js';
export {
  CONFIG_DEFAULTS,
  DATABASE_DEFAULTS,
  NODE_DEFAULTS,
  PLATFORM_POOL_DEFAULTS,
} from './config/defaults.js';
export {
  type ClientMetadataSettings,
  clientMetadataSettingsFromEnv,
  type ResolvedEnvironmentConfig,
  resolveConfigFromEnv,
} from './config/settings-from-env.js';
export { DEFAULT_CLIENT_EXPIRY, deleteAbandonedClients } from './auth/abandoned-clients.js';
export {
  ENVIRONMENT_SECTIONS,
  ENVIRONMENT_VARIABLES,
  type EnvironmentAdapter,
  type EnvironmentSection,
  type EnvironmentVariable,
  STANDARD_ENVIRONMENT_PREFIXES,
} from './config/environment-variables.js';
export { CredentialCache } from './auth/credential-cache.js';
export { boundedPool, type PgPoolLike } from './storage/bounded-pool.js';
export { DatabaseUnavailableError, isDatabaseUnavailable } from './storage/database-unavailable.js';
export { HttpError, type HttpErrorBody } from '@filing-mcp/oauth-core';
export {
  errorResponse,
  forbiddenResponse,
  httpErrorOf,
  internalErrorResponse,
} from './errors/http-errors.js';
export { pgPoolOptions } from './config/database-settings.js';
export {
  type DatabaseSettings,
  databaseSettingsSchema,
  type ResolvedDatabaseSettings,
  resolveDatabaseSettings,
} from './config/database-settings-schema.js';
export type {
  ApiKeyTable,
  FaxLogTable,
  FilingDatabase,
  FilingTable,
  PaymentTable,
} from './storage/database.js';
export {
  FilingRepository,
  type FilingPatch,
  type FilingTableName,
  filingTable,
  type NewFiling,
} from './storage/filing-repository.js';
export { createFilingServer } from './server/create-filing-server.js';
export { createFilingServerWithConfig } from './server/filing-server.js';
export {
  FILING_SERVER_INFO,
  FILING_SERVER_INSTRUCTIONS,
  filingServerInstructions,
} from './server/server-info.js';
export type { FilingLogEvent, FilingLogger } from './logging/filing-logger.js';
export type { FilingServer, FilingServerOptions } from './server/filing-server-options.js';
export { createEagerFilingTools } from './tools/filing-tool-definitions.js';
export { createFilingTools } from './tools/filing-tools.js';
export {
  DEFAULT_LIST_LIMIT,
  DEFAULT_LIST_LIMIT_MAX,
  FILING_NOT_FOUND,
  type FilingToolsOptions,
  RECORD_LIST_LIMIT,
} from './tools/tool-options.js';
export { calendarDate } from './forms/form-fields.js';
export {
  type FilingKind,
  type FormSchemaDescriptor,
  filingKindAliases,
  formSchemaDescriptor,
  resolveFilingKind,
} from './forms/form-schema-descriptor.js';
export { FILING_KIND_LIST, FILING_KINDS, type FilingKindRecord, kindOfPage } from './kinds/filing-kinds.js';
export { formDataSchemaOf } from './forms/kind-forms.js';
export { type HashFunction, sha256Hex } from './auth/hash.js';
export { FILING_MIGRATION_NAMES, migrateFilingDomain, migrateToLatest } from './storage/migrations.js';
export { isClientDisconnect, logSafeEvent, logSafeText, MAX_LOG_VALUE_LENGTH } from './logging/log-safety.js';
export {
  DEFAULT_RATE_LIMITS,
  type RateLimitScope,
  type RateLimitsPerMinute,
} from './rate-limits/rate-limit-scopes.js';
export { RateLimitedError } from './rate-limits/rate-limited-error.js';
export { RateLimiter } from './rate-limits/rate-limiter.js';
export type { PartnershipFormData } from './forms/partnership-form.js';
export {
  type FaxLog,
  type Filing,
  type FilingSummary,
  type Payment,
  toIsoTimestamp,
  toIsoTimestampOrNull,
} from './storage/records.js';
export {
  faxLogSchema,
  filingSchema,
  filingSummarySchema,
  partnerSchema,
  partnershipFormDataSchema,
  paymentSchema,
  relatedPartySchema,
  singleMemberFormDataSchema,
} from './forms/schemas.js';
export type { SingleMemberFormData } from './forms/single-member-form.js';
export {
  filingPdfUrl,
  filingViewUrl,
  kindPdfUrl,
  kindViewUrl,
  partnershipFilingPdfUrl,
  partnershipFilingViewUrl,
} from './tools/view-urls.js';
export {
  createReadinessCheck,
  DEFAULT_READINESS_TIMEOUT_MS,
  healthResponse,
  type Readiness,
  type ReadinessCheckOptions,
  type ReadinessFailure,
  readinessResponse,
} from './probes/readiness-check.js';
export {
  createFilingTelemetry,
  type FilingTelemetry,
  type FilingTelemetryOptions,
  MCP_SEMANTIC_CONVENTIONS,
} from './logging/telemetry.js';
export {
  FILING_SCOPES,
  type FilingScope,
  filingScopeSet,
  parseFilingScope,
  RESOURCE_READ_SCOPE,
  resourceScopesToChallenge,
  scopesToChallenge,
  TOOL_SCOPES,
} from './auth/scopes.js';
export {
  createPacketResourceTemplates,
  type PacketBuilder,
  PACKET_URI_TEMPLATES,
  packetUri,
} from './resources/packet-resources.js';
export {
  createPacketLinks,
  PACKET_LINK_MAX_TTL_SECONDS,
  type PacketLinkGrant,
  type PacketLinks,
  type PacketLinksOptions,
  SIGNED_COPY_PATH_PREFIX,
  type SignedLinkPurpose,
} from './resources/packet-links.js';
export { PACKET_LINK_MESSAGES } from './resources/packet-download.js';
export {
  type BuiltPacket,
  type BuiltPacketFile,
  createFilingPackets,
  type FilingPackets,
  isFilingPackets,
  type PacketBuildOptions,
  type PacketSource,
} from './resources/filing-packets.js';
export {
  DEFAULT_PACKET_BUILD_LIMITS,
  type PacketBuildLimits,
  type PacketBuildRequest,
  PacketBuilds,
  type PacketBuildStats,
  PacketsBusyError,
} from './resources/packet-builds.js';
export { filingPrompts } from './prompts/filing-prompts.js';
export { FILING_ID_MALFORMED, FILING_ID_REQUIRED } from './tools/filing-id.js';
export { wrongKindText } from './tools/wrong-kind.js';
export {
  FAX_WEBHOOK_PATH,
  type FaxProvider,
  FaxProviderError,
  type OutgoingFax,
} from './submission/fax-provider.js';
export type { FaxEvent, FaxEventOutcome } from './submission/fax-events.js';
export { telnyxFaxProvider, TELNYX_WEBHOOK_TOLERANCE_SECONDS } from './submission/providers/telnyx.js';
export { SIGNED_COPY_MAX_BYTES, SignedCopyRefusedError, storeSignedCopy } from './submission/signed-copy.js';
export { readBoundedBody } from './submission/bounded-body.js';
export { SIGNED_COPY_LINK_MESSAGES } from './submission/signed-copy-routes.js';
export {
  FAX_STATUS_RANK,
  FAXES_PER_FILING_PER_DAY,
  type FaxStatus,
  type FiledReturn,
  type FilingFax,
  type SignedCopySummary,
  SubmissionStore,
} from './submission/submission-store.js';
export { submissionsOf } from './submission/submissions-of.js';
