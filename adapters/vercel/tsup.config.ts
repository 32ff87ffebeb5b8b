import { copyIrsTemplates } from '@filing-mcp/serverless/irs-templates';
import { packageBuild } from '../../tsup.shared';

export default packageBuild({
  entry: {
    index: 'src/index.ts',
    'mcp-server': 'src/mcp-server.ts',
    'oauth-cleanup': 'src/oauth-cleanup.ts',
  },
  platform: 'node',
  // The IRS form templates, as files beside the code (vercel.json ships them with `includeFiles`):
  // the function reads them from dist/templates/ when it builds its first packet.
  onSuccess: async () => {
    await copyIrsTemplates('dist/templates');
  },
});
