import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// The built package, as deployed: `pnpm test` builds dist/ first.
import { createVercelFunction, type FetchContext } from '../dist/index.js';
import { detectHandler, serveVercelFunction } from './vercel-runtime.js';

const packageDir = resolve(import.meta.dirname, '..');
const forwarded = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'filing.example.com' };

interface Seen {
  method: string;
  url: string;
  host: string | null;
  body: string;
  requestId?: string;
  hasWaitUntil: boolean;
}

let backgroundDone = false;
const probeErrors: unknown[] = [];
const probe = createVercelFunction(
  () => ({
    async fetch(request: Request, context?: FetchContext) {
      if (new URL(request.url).searchParams.has('explode')) throw new Error('secret detail');
      if (new URL(request.url).searchParams.has('background')) {
        context?.waitUntil?.(
          new Promise<void>((resolve) => setTimeout(resolve, 10)).then(() => {
            backgroundDone = true;
          }),
        );
      }
      const seen: Seen = {
        method: request.method,
        url: request.url,
        host: request.headers.get('host'),
        body: await request.text(),
        ...(context?.requestId && { requestId: context.requestId }),
        hasWaitUntil: typeof context?.waitUntil === 'function',
      };
      return Response.json(seen, {
        headers: [
          ['set-cookie', 'a=1'],
          ['set-cookie', 'b=2'],
        ],
      });
    },
  }),
  { onError: (error) => probeErrors.push(error) },
);

let served: Awaited<ReturnType<typeof serveVercelFunction>>;
beforeAll(async () => {
  served = await serveVercelFunction({
    functionPath: resolve(packageDir, 'api/probe.js'),
    moduleExports: { default: probe },
    route: '/api/mcp-server',
    vercelJsonPath: resolve(packageDir, 'vercel.json'),
  });
});
afterAll(() => served?.close());

async function seen(path: string, init: RequestInit = {}): Promise<Seen> {
  const response = await fetch(`${served.url}${path}`, {
    ...init,
    headers: { ...forwarded, ...(init.headers as Record<string, string>) },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as Seen;
}

describe('createVercelFunction behind the Vercel runtime', () => {
  it('is detected as a web handler (default export with fetch), not as a (req, res) function', () => {
    expect(served.detected.kind).toBe('fetch');
    // The shape the runtime would misread: a bare default function is called as (req, res) and hangs.
    expect(detectHandler({ default: async (_request: Request) => new Response('x') }).kind).toBe('node');
    expect(detectHandler({ GET: () => new Response('x') }).kind).toBe('methods');
  });

  it('gets the public URL rebuilt from x-forwarded-proto and x-forwarded-host, and Host set to it', async () => {
    const result = await seen('/api/mcp-server/authorize?client_id=mcp_client_x&state=a%20b');
    expect(result.url).toBe(
      'https://filing.example.com/api/mcp-server/authorize?client_id=mcp_client_x&state=a%20b',
    );
    expect(result.host).toBe('filing.example.com');
  });

  it('passes method, body and the x-vercel-id request id through', async () => {
    const result = await seen('/api/mcp-server', {
      method: 'POST',
      body: '{"jsonrpc":"2.0","id":1,"method":"ping"}',
      headers: { 'content-type': 'application/json', 'x-vercel-id': 'fra1::abc-123' },
    });
    expect(result).toMatchObject({
      method: 'POST',
      url: 'https://filing.example.com/api/mcp-server',
      body: '{"jsonrpc":"2.0","id":1,"method":"ping"}',
      requestId: 'fra1::abc-123',
      hasWaitUntil: true,
    });
  });

  it('keeps each Set-Cookie separate', async () => {
    const response = await fetch(`${served.url}/api/mcp-server`, { headers: forwarded });
    expect(response.headers.getSetCookie()).toEqual(['a=1', 'b=2']);
  });

  it('hands background work to Vercel through waitUntil from @vercel/functions', async () => {
    backgroundDone = false;
    const before = served.waitUntil.promises.length;
    await seen('/api/mcp-server?background=1');
    expect(served.waitUntil.promises.length).toBe(before + 1);
    await served.waitUntil.settle();
    expect(backgroundDone).toBe(true);
  });

  it('is reached, through the vercel.json rewrites, at every address the core serves', async () => {
    for (const path of [
      '/api/mcp-server',
      '/api/mcp-server/token',
      '/api/mcp-server/.well-known/oauth-protected-resource',
      '/.well-known/oauth-protected-resource/api/mcp-server',
      '/.well-known/oauth-authorization-server/api/mcp-server',
      '/.well-known/openid-configuration/api/mcp-server',
      '/healthz',
      '/readyz',
      // The 404s that name the MCP endpoint where SDK users look first.
      '/mcp',
      '/api/mcp',
    ]) {
      const result = await seen(path);
      expect(new URL(result.url).pathname, path).toBe(path);
    }
  });

  it('answers 500 JSON with the CORS headers when the application throws', async () => {
    const response = await fetch(`${served.url}/api/mcp-server/token?explode`, {
      method: 'POST',
      headers: { ...forwarded, origin: 'https://app.example' },
    });
    expect(response.status).toBe(500);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-headers')).toContain('mcp-protocol-version');
    expect(response.headers.get('access-control-expose-headers')).toBe('mcp-session-id, www-authenticate');
    const body = await response.text();
    expect(JSON.parse(body)).toEqual({ code: 500, message: 'Internal server error' });
    expect(body).not.toContain('secret detail');
    expect(probeErrors).toHaveLength(1);
  });

  it('is not reached at addresses outside its routes', async () => {
    for (const path of ['/', '/api/other', '/api/mcp-serverx', '/.well-known/security.txt']) {
      const response = await fetch(`${served.url}${path}`, { headers: forwarded });
      expect(response.status, path).toBe(404);
      expect(response.headers.get('x-vercel-error'), path).toBe('NOT_FOUND');
    }
  });
});

describe('createVercelFunction creation', () => {
  it('answers 500 when the application cannot be created, and retries on the next request', async () => {
    let attempts = 0;
    const errors: unknown[] = [];
    const fn = createVercelFunction(
      () => {
        attempts += 1;
        if (attempts === 1) throw new Error('DATABASE_URL is not set');
        return { fetch: () => new Response('ready') };
      },
      { onError: (error) => errors.push(error) },
    );
    const failed = await fn.fetch(new Request('https://filing.example.com/api/mcp-server'));
    expect(failed.status).toBe(500);
    expect(failed.headers.get('access-control-allow-origin')).toBe('*');
    expect(await failed.json()).toEqual({ code: 500, message: 'Internal server error' });
    expect(errors).toHaveLength(1);
    const ok = await fn.fetch(new Request('https://filing.example.com/api/mcp-server'));
    expect(await ok.text()).toBe('ready');
    await fn.fetch(new Request('https://filing.example.com/api/mcp-server'));
    expect(attempts).toBe(2);
  });
});
