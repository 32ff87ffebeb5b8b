import { databasePackageTests } from '../../vitest.shared';

export default databasePackageTests({
  include: ['test/**/*.test.ts'],
  globalSetup: ['./src/global-setup.ts'],
  setupFiles: ['./src/database-coverage.ts'],
  hookTimeout: 60_000,
});
