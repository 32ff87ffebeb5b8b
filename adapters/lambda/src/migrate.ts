/**
 * The migrator, on its own: `createFilingServerFromEnv` loads this module only when
 * `MIGRATE_ON_START=true`, and the deployable bundle builds it as a separate file
 * (dist/lambda/migrate.mjs), so Kysely's migrator and schema builder are not compiled on every cold
 * start.
 */
export { migrateToLatest } from '@filing-mcp/filing-domain';
