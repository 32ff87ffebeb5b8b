/**
 * The migrator, on its own: the server from the environment loads this module only when
 * `MIGRATE_ON_START=true`, so a bundle keeps Kysely's migrator and schema builder in a chunk that a
 * cold start does not compile.
 */
export { migrateToLatest } from '@filing-mcp/filing-domain';
