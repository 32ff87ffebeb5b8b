import { createTargetParts, defineConformanceSuite } from '@filing-mcp/conformance';
import { createFilingServer } from '@filing-mcp/filing-domain';
import { resolve } from 'node:path';
// The built factory that api/mcp-server.js uses, given the conformance database instead of env.
import { createVercelFunction } from '../dist/index.js';
import { serveVercelFunction } from './vercel-runtime.js';

const packageDir = resolve(import.meta.dirname, '..');
const baseUrl = 'https://filing-mcp.vercel.test/api/mcp-server';

defineConformanceSuite('vercel', async ({ database }) => {
  const parts = await createTargetParts({ database, baseUrl });
  const server = createFilingServer(parts.serverOptions);
  const served = await serveVercelFunction({
    functionPath: resolve(packageDir, 'api/mcp-server.js'),
    moduleExports: { default: createVercelFunction(() => server) },
    route: '/api/mcp-server',
    vercelJsonPath: resolve(packageDir, 'vercel.json'),
  });
  return {
    name: 'vercel',
    baseUrl: parts.config.baseUrl,
    appUrl: parts.config.appUrl,
    // The client addresses the public URL; the edge forwards to the function with x-forwarded-*.
    fetch: async (input, init) => {
      const request = new Request(input, init);
      const url = new URL(request.url);
      const headers = new Headers(request.headers);
      headers.set('x-forwarded-proto', url.protocol.slice(0, -1));
      headers.set('x-forwarded-host', url.host);
      const body = request.body ? await request.arrayBuffer() : undefined;
      return fetch(`${served.url}${url.pathname}${url.search}`, {
        method: request.method,
        headers,
        redirect: init?.redirect ?? 'follow',
        ...(body && { body }),
      });
    },
    sessionSecret: parts.sessionSecret,
    db: parts.db,
    createApiKey: parts.createApiKey,
    clock: parts.clock,
    async close() {
      await served.close();
      await server.close();
      await parts.close();
    },
  };
});
