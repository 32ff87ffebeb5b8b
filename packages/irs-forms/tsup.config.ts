import { packageBuild } from '../../tsup.shared';

export default packageBuild({
  // The data (editions, plans, readiness rules) loads without pdf-lib; `./pdf` is the packet
  // builder, imported only when a packet is built; `./kinds` the enumerations tool schemas need.
  entry: { index: 'src/index.ts', pdf: 'src/pdf.ts', kinds: 'src/kinds.ts' },
  platform: 'neutral',
  external: ['@cantoo/pdf-lib'],
});
