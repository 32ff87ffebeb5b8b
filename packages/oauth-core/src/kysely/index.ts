export { createKyselyOAuthStore } from './kysely-oauth-store.js';
export { migrateOAuth, OAUTH_MIGRATION_NAMES } from './migrations.js';
export type { OAuthClientsTable, OAuthCodesTable, OAuthDatabase, OAuthTokensTable } from './schema.js';
