import { packageBuild } from '../../tsup.shared';

export default packageBuild({
  entry: { index: 'src/index.ts', kysely: 'src/kysely/index.ts', node: 'node/index.ts' },
  // The ./node entry uses Node's types; the others compile without them (tsconfig.json, typecheck).
  dts: { compilerOptions: { types: ['node'] } },
  platform: 'neutral',
});
