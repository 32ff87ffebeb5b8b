import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    // test-db's both-databases check, by path: test-db builds on this package, so it is no dependency here.
    setupFiles: ['../test-db/src/database-coverage.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    passWithNoTests: true,
  },
});
