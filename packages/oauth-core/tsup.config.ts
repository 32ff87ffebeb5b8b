import { packageBuild } from '../../tsup.shared';

export default packageBuild({
  entry: { index: 'src/index.ts', kysely: 'src/kysely/index.ts' },
  platform: 'neutral',
});
