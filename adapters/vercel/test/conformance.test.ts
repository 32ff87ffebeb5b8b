import { resolve } from 'node:path';
import { defineDeployedSuite } from '@filing-mcp/conformance';
import { startVercelDevFunction } from './vercel-dev-runtime.js';
import { functionRoutes } from './vercel-runtime.js';

const packageDir = resolve(import.meta.dirname, '..');

// The real api/mcp-server.js, configured from its environment as deployed, served by @vercel/node's
// own runtime code (startDevServer, what `vercel dev` runs) in a child process. The vercel.json
// rewrites are applied here, from the same vercel.json (the runtime does not route).
defineDeployedSuite('vercel', {
  baseUrl: 'https://filing-mcp.vercel.test/api/mcp-server',
  runtime: 'the Vercel runtime',
  start: async ({ env, preload }) => {
    const routes = await functionRoutes(resolve(packageDir, 'vercel.json'), '/api/mcp-server');
    const served = await startVercelDevFunction({
      workPath: packageDir,
      entrypoint: 'api/mcp-server.js',
      preload,
      env,
    });
    return {
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
      close: () => served.close(),
    };
  },
});
