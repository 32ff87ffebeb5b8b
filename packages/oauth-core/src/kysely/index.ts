export { createKyselyOAuthStore } from './kysely-oauth-store.js';
export { migrateOAuth } from './migrations.js';
export type { OAuthClientsTable, OAuthCodesTable, OAuthDatabase, OAuthTokensTable } from './schema.js';
