import { packageBuild } from '../../tsup.shared';

export default packageBuild({
  entry: {
    index: 'src/index.ts',
    internal: 'src/internal.ts',
    transport: 'src/transport.ts',
    otel: 'src/otel/index.ts',
  },
  platform: 'neutral',
});
