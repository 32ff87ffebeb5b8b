import { createPostgresFilingServerFromEnv, type PostgresFilingServer } from '@filing-mcp/filing-domain';
import { clientMetadataDocumentsFromEnv } from '@filing-mcp/filing-domain/node';
import { createLambdaPool, LAMBDA_POOL_DEFAULTS } from './postgres-pool.js';

/** The deployed server and the resources it owns. */
export type LambdaFilingServer = PostgresFilingServer;

/**
 * Builds the filing server from environment variables: `DATABASE_URL` (required), the database settings
 * (`DATABASE_POOL_MAX` default 2, time limits), `MIGRATE_ON_START=true` to run migrations first, and everything `configFromEnv` reads
 * (`MCP_BASE_URL`, `APP_URL`, `SESSION_JWT_SECRET` or `SESSION_JWKS_URL`, ...). Throws an error naming
 * the setting when one is missing or invalid. Log events go to stdout as JSON lines (CloudWatch).
 */
export function createFilingServerFromEnv(
  env: Record<string, string | undefined>,
): Promise<LambdaFilingServer> {
  return createPostgresFilingServerFromEnv(env, {
    createPool: createLambdaPool,
    platformDefaults: LAMBDA_POOL_DEFAULTS,
    // Loaded only here: the migrator is a separate file of the bundle, not part of every cold start.
    migrate: async (db) => (await import('./migrate.js')).migrateToLatest(db),
    clientMetadataDocuments: clientMetadataDocumentsFromEnv,
  });
}
