import { startPostgresServer } from './postgres-server.js';

/**
 * Vitest global setup: starts one throwaway PostgreSQL server for the whole test run (unless
 * TEST_DATABASE_URL names one) and exposes it to test workers as TEST_DATABASE_URL.
 * Skipped when TEST_DB=pglite.
 */
export default async function setup(): Promise<(() => Promise<void>) | undefined> {
  if (process.env.TEST_DATABASE_URL || process.env.TEST_DB === 'pglite') return undefined;
  const server = await startPostgresServer();
  process.env.TEST_DATABASE_URL = server.url;
  return async () => {
    delete process.env.TEST_DATABASE_URL;
    await server.stop();
  };
}
