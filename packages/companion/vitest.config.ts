import { databasePackageTests } from '../../vitest.shared';

export default databasePackageTests({
  // The throwaway PostgreSQL server of the postgres variants.
  globalSetup: ['@filing-mcp/test-db/global-setup'],
  // Fails a test file that opens one kind of database without saying why in a name.
  setupFiles: ['@filing-mcp/test-db/database-coverage'],
  passWithNoTests: true,
});
