import { packageBuild } from '../../tsup.shared';

export default packageBuild({ entry: { index: 'src/index.ts', rules: 'src/rules.ts' }, platform: 'node' });
