export {
  type ApiKeySummary,
  type CreatedApiKey,
  createApiKey,
  listApiKeys,
  revokeApiKey,
} from './auth/api-keys.js';
export {
  configDraftFromEnv,
  configFromEnv,
  type FilingServerConfig,
  type FilingServerConfigDraft,
} from './config/config.js';
export {
  CONFIG_DEFAULTS,
  DATABASE_DEFAULTS,
  PLATFORM_POOL_DEFAULTS,
} from './config/defaults.js';
export { SettingError } from './config/setting-error.js';
export {
  type ClientMetadataSettings,
  clientMetadataSettingsFromEnv,
  type ResolvedEnvironmentConfig,
  resolveConfigFromEnv,
} from './config/settings-from-env.js';
export { DEFAULT_READINESS_TIMEOUT_MS } from './probes/readiness-check.js';
export { DatabaseUnavailableError } from './storage/database-unavailable.js';
export { RateLimitedError } from './rate-limits/rate-limited-error.js';
export { filingPool } from './storage/filing-pool.js';
export type { DatabaseQuery } from './storage/database-query.js';
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
  resolveDatabaseSettings,
} from './config/database-settings-schema.js';
export {
  FilingRepository,
  type FilingTableName,
} from './storage/filing-repository.js';
export { createFilingServer } from './server/create-filing-server.js';
export { createFilingServerWithConfig } from './server/filing-server.js';
export {
  FILING_SERVER_INFO,
  FILING_SERVER_INSTRUCTIONS,
} from './server/server-info.js';
export type { FilingLogEvent } from './logging/filing-logger.js';
export type { FilingServer, FilingServerOptions } from './server/filing-server-options.js';
export type { FilingDatabase } from './storage/database.js';
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
  FILING_KIND_LIST,
  FILING_KINDS,
  type FilingKind,
  type FilingKindRecord,
  defineFilingKind,
  kindOfPage,
  kindRecord,
} from './kinds/filing-kinds.js';
export { formDataSchemaOf } from './forms/kind-forms.js';
export {
  partnershipFormDataSchema,
  singleMemberFormDataSchema,
} from './forms/schemas.js';
export {
  filingPdfUrl,
  filingViewUrl,
  kindPdfUrl,
  kindViewUrl,
  partnershipFilingPdfUrl,
  partnershipFilingViewUrl,
} from './tools/view-urls.js';
export { createFilingTelemetry } from './logging/telemetry.js';
export {
  FILING_SCOPES,
  filingScopeSet,
  parseFilingScope,
} from './auth/scopes.js';
export type { PacketBuilder } from './resources/packet-resources.js';
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
export {
  type CheckoutRequest,
  type CheckoutState,
  type PaymentEvent,
  type PaymentProvider,
  PaymentProviderError,
} from './payments/payment-provider.js';
export type { FaxEvent } from './submission/fax-events.js';
export {
  type FaxProvider,
  FaxProviderError,
  type OutgoingFax,
  type WebhookRefusal,
} from './submission/fax-provider.js';
// The providers (Telnyx's fax, Stripe's payments) have entries of their own:
// `@filing-mcp/filing-domain/providers/telnyx` and `/providers/stripe`.
export type { BillingTier, PaymentCatalog } from './payments/payment-provider.js';
export type {
  BillingDesk,
  BillingOverview,
  CheckoutOutcome,
  TierOffer,
} from './payments/billing-desk.js';
