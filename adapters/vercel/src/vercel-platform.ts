import type { ServerlessPlatform } from '@filing-mcp/serverless';

/**
 * What the shared serverless bootstrap needs to know of Vercel: the Vercel Postgres / Neon
 * integrations' `POSTGRES_URL` beside `DATABASE_URL`; 3 connections per instance (Fluid compute
 * serves several requests at once in one instance, but instances multiply under load) that close
 * after 5 s idle; the pool registered with `attachDatabasePool`, so that an instance is not
 * suspended while idle connections are still being closed; and the IRS templates the build copies
 * to `dist/templates/` (shipped by `includeFiles` in vercel.json).
 */
export const VERCEL_PLATFORM: ServerlessPlatform = {
  name: 'vercel',
  poolDefaults: { poolMax: 3, idleTimeoutMs: 5_000 },
  connectionStringVariables: ['DATABASE_URL', 'POSTGRES_URL'],
  // Loaded with the pool, i.e. with the first request that needs the database.
  onPool: async (pool) => (await import('@vercel/functions/db-connections')).attachDatabasePool(pool),
  // This module is bundled into dist/, next to dist/templates/.
  templates: new URL('./templates/', import.meta.url),
};
