import { packageBuild } from '../../tsup.shared';

export default packageBuild({ entry: { index: 'src/index.ts', node: 'src/node.ts' }, platform: 'node' });
