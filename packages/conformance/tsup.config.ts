import { packageBuild } from '../../tsup.shared';

export default packageBuild({
  entry: { index: 'src/index.ts' },
  platform: 'node',
  // Workspace packages, vitest and the real clients must stay shared module instances with the
  // adapter's test run, never bundled copies.
  skipNodeModulesBundle: true,
});
