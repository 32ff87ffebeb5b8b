import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    // The throwaway PostgreSQL server of the postgres variants.
    globalSetup: ['@filing-mcp/test-db/global-setup'],
    // Fails a test file that opens one kind of database without saying why in a name.
    setupFiles: ['@filing-mcp/test-db/database-coverage'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    passWithNoTests: true,
  },
});
