import {
  createServerlessFilingServer,
  type ServerlessFilingServer,
  serverlessSettingsFromEnv,
} from '@filing-mcp/serverless';
import { VERCEL_PLATFORM } from './vercel-platform.js';

/** The deployed server and the resources it owns. */
export type VercelFilingServer = ServerlessFilingServer;

/**
 * Builds the filing server from environment variables with the shared serverless bootstrap
 * (`@filing-mcp/serverless`) and Vercel's settings: `DATABASE_URL` (or `POSTGRES_URL`, as the
 * Vercel Postgres / Neon integrations name it; required), the database settings
 * (`DATABASE_POOL_MAX` default 3, time limits), `MIGRATE_ON_START=true` to run migrations first,
 * `PACKET_LINK_SECRET`, and everything `configFromEnv` reads (`MCP_BASE_URL`, `APP_URL`,
 * `SESSION_JWT_SECRET` or `SESSION_JWKS_URL`, ...). Throws an error naming the setting when one is
 * missing or invalid. Log events go to stdout as JSON lines.
 */
export function createFilingServerFromEnv(
  env: Record<string, string | undefined>,
): Promise<VercelFilingServer> {
  return serverlessSettingsFromEnv(env, VERCEL_PLATFORM).then((settings) =>
    createServerlessFilingServer(settings, VERCEL_PLATFORM),
  );
}
