import { defineConfig, type TestUserConfig } from 'vitest/config';

/**
 * The test settings every workspace package shares: tests under `test/` and beside the source,
 * 30-second tests and 60-second hooks. A package's `vitest.config.ts` adds what is particular to it.
 */
export function packageTests(test: TestUserConfig = {}) {
  return defineConfig({
    test: {
      include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
      testTimeout: 30_000,
      hookTimeout: 60_000,
      passWithNoTests: true,
      ...test,
    },
  });
}

/**
 * {@link packageTests} for a package whose tests open PostgreSQL or PGlite: hooks get 120 seconds
 * (a database is created and migrated in them), and a run with no test file fails. The package's
 * config still names its database setup itself (`globalSetup`, and `setupFiles` with test-db's
 * database-coverage check, which test-db's own test looks for in each config).
 */
export function databasePackageTests(test: TestUserConfig) {
  return packageTests({ hookTimeout: 120_000, passWithNoTests: false, ...test });
}
