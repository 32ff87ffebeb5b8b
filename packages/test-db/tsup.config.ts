import { packageBuild } from '../../tsup.shared';

export default packageBuild({
  entry: {
    index: 'src/index.ts',
    'global-setup': 'src/global-setup.ts',
    'database-coverage': 'src/database-coverage.ts',
  },
  platform: 'node',
  external: ['vitest'],
});
