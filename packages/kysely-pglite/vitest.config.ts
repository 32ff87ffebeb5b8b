import { packageTests } from '../../vitest.shared';

export default packageTests({
  // test-db's both-databases check, by path: test-db builds on this package, so it is no dependency here.
  setupFiles: ['../test-db/src/database-coverage.ts'],
});
