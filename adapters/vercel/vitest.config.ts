import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['@filing-mcp/test-db/global-setup'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
