import {
  createPostgresFilingServerFromEnv,
  migrateToLatest,
  type PostgresFilingServer,
} from '@filing-mcp/filing-domain';
import { clientMetadataDocumentsFromEnv } from '@filing-mcp/oauth-core/node';
import { VERCEL_POOL_DEFAULTS } from './pool-defaults.js';

/** The deployed server and the resources it owns. */
export type VercelFilingServer = PostgresFilingServer;

/**
 * Builds the filing server from environment variables: `DATABASE_URL` (or `POSTGRES_URL`, as the
 * Vercel Postgres / Neon integrations name it; required), the database settings (`DATABASE_POOL_MAX` default 3, time limits),
 * `MIGRATE_ON_START=true` to run migrations first, and everything `configFromEnv` reads
 * (`MCP_BASE_URL`, `APP_URL`, `SESSION_JWT_SECRET` or `SESSION_JWKS_URL`, ...). Throws an error naming
 * the setting when one is missing or invalid. Log events go to stdout as JSON lines.
 */
export function createFilingServerFromEnv(
  env: Record<string, string | undefined>,
): Promise<VercelFilingServer> {
  return createPostgresFilingServerFromEnv(env, {
    connectionStringVariables: ['DATABASE_URL', 'POSTGRES_URL'],
    // pg and Kysely load with the first request that needs the database: `initialize`,
    // `tools/list` and the probes answer without them.
    createPool: async (settings) => (await import('./postgres-pool.js')).createServerlessPool(settings),
    platformDefaults: VERCEL_POOL_DEFAULTS,
    lazyDatabase: true,
    migrate: migrateToLatest,
    clientMetadataDocuments: clientMetadataDocumentsFromEnv,
  });
}
