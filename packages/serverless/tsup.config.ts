import { packageBuild } from '../../tsup.shared';

export default packageBuild({
  entry: { index: 'src/index.ts', 'irs-templates': 'src/irs-templates.ts' },
  platform: 'node',
});
