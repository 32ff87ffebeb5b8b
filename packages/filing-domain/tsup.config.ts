import { packageBuild } from '../../tsup.shared';

export default packageBuild({
  entry: { index: 'src/index.ts', settings: 'src/settings.ts' },
  platform: 'node',
});
