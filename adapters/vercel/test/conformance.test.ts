import { resolve } from 'node:path';
import {
  createProcessClock,
  createTargetParts,
  defineConformanceSuite,
  deployedEnvironment,
} from '@filing-mcp/conformance';
import { startVercelDevFunction } from './vercel-dev-runtime.js';
import { functionRoutes } from './vercel-runtime.js';

const packageDir = resolve(import.meta.dirname, '..');
const baseUrl = 'https://filing-mcp.vercel.test/api/mcp-server';

// The real api/mcp-server.js, configured from its environment as deployed, served by @vercel/node's
// own runtime code (startDevServer, what `vercel dev` runs) in a child process. The vercel.json
// rewrites are applied here, from the same vercel.json (the runtime does not route).
defineConformanceSuite(
  'vercel',
  async ({ database }) => {
    const parts = await createTargetParts({ database, baseUrl });
    const processClock = createProcessClock(parts.clock);
    const routes = await functionRoutes(resolve(packageDir, 'vercel.json'), '/api/mcp-server');
    const served = await startVercelDevFunction({
      workPath: packageDir,
      entrypoint: 'api/mcp-server.js',
      preload: [processClock.preload],
      env: { ...deployedEnvironment(parts), ...processClock.env },
    });
    return {
      name: 'vercel',
      baseUrl: parts.config.baseUrl,
      appUrl: parts.config.appUrl,
      // The client addresses the public URL; the edge routes by vercel.json and forwards to the
      // function with x-forwarded-*.
      fetch: async (input, init) => {
        const request = new Request(input, init);
        const url = new URL(request.url);
        if (!routes.some((route) => route.test(url.pathname))) {
          return new Response('NOT_FOUND', { status: 404, headers: { 'x-vercel-error': 'NOT_FOUND' } });
        }
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
      // The function's process reads the same offset.
      clock: processClock.clock,
      // The IRS templates ship beside the deployed code, so packets are served (resources, download_url).
      packetResources: true,
      async close() {
        await served.close();
        await parts.close();
        processClock.close();
      },
    };
  },
  {
    only: {
      database: 'postgres',
      because:
        "the function runs in the Vercel runtime's own process and reaches its database through DATABASE_URL; the core and node targets run these scenarios on PGlite",
    },
  },
);
