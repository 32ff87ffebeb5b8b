import { createPostgresFilingServerFromEnv, type PostgresFilingServer } from '@filing-mcp/filing-domain';
import { clientMetadataDocumentsFromEnv } from '@filing-mcp/oauth-core/node';
import { createHash } from 'node:crypto';
import { LAMBDA_POOL_DEFAULTS } from './pool-defaults.js';

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
    // pg and Kysely load with the first request that needs the database, not on every cold start:
    // `initialize`, `tools/list` and the probes answer without them.
    createPool: async (settings) => (await import('./postgres-pool.js')).createLambdaPool(settings),
    platformDefaults: LAMBDA_POOL_DEFAULTS,
    lazyDatabase: true,
    // Loaded only here: the migrator is a separate file of the bundle, not part of every cold start.
    migrate: async (db) => (await import('./migrate.js')).migrateToLatest(db),
    clientMetadataDocuments: clientMetadataDocumentsFromEnv,
    // The same hex as the default WebCrypto digest, synchronously: the first credential of a cold
    // start then does not load WebCrypto (about 5 ms).
    hash: (input) => createHash('sha256').update(input, 'utf8').digest('hex'),
  });
}
