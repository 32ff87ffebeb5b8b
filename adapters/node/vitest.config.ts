import { databasePackageTests } from '../../vitest.shared';

export default databasePackageTests({
  // The throwaway PostgreSQL server of the postgres variants, and a fresh dist/cli.js for the
  // tests that run the CLI as a child process.
  globalSetup: ['@filing-mcp/test-db/global-setup', './test/support/build-cli.ts'],
  // Fails a test file that opens one kind of database without saying why in a name.
  setupFiles: ['@filing-mcp/test-db/database-coverage'],
  passWithNoTests: true,
});
