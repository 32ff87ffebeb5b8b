export { createKyselyOAuthStore } from './kysely-oauth-store.js';
export { CREDENTIAL_ENDED_CHANNEL, migrateOAuth } from './migrations.js';
export type { OAuthClientsTable, OAuthCodesTable, OAuthDatabase, OAuthTokensTable } from './schema.js';
