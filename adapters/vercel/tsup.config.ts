import { packageBuild } from '../../tsup.shared';

export default packageBuild({
  entry: {
    index: 'src/index.ts',
    'mcp-server': 'src/mcp-server.ts',
    'oauth-cleanup': 'src/oauth-cleanup.ts',
  },
  platform: 'node',
});
