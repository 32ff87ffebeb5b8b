export { createKyselyOAuthStore } from './kysely-oauth-store.js';
export { CREDENTIAL_ENDED_CHANNEL, migrateOAuth, OAUTH_MIGRATION_NAMES } from './migrations.js';
export type { OAuthDatabase } from './schema.js';
