import { packageBuild } from '../../tsup.shared';

export default packageBuild({
  entry: {
    index: 'src/index.ts',
    settings: 'src/settings.ts',
    'providers/telnyx': 'src/providers/telnyx.ts',
    'providers/stripe': 'src/providers/stripe.ts',
  },
  platform: 'node',
});
