import { copyIrsTemplates } from '@filing-mcp/serverless/irs-templates';
import { defineConfig } from 'tsup';

export default defineConfig({
  entry: {
    index: 'src/index.ts',
    'mcp-server': 'src/mcp-server.ts',
    'oauth-cleanup': 'src/oauth-cleanup.ts',
  },
  format: ['esm'],
  dts: true,
  sourcemap: true,
  clean: true,
  target: 'es2022',
  platform: 'node',
  // The IRS form templates, as files beside the code (vercel.json ships them with `includeFiles`):
  // the function reads them from dist/templates/ when it builds its first packet.
  onSuccess: async () => {
    await copyIrsTemplates('dist/templates');
  },
});
