import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createServerlessBootstrap,
  errorReporter,
  runOAuthCleanup,
  type ServerlessPlatform,
  serverlessSettingsFromEnv,
} from '../src/index.js';

/** The bootstrap of `platform`, reading `env()` on each start as an adapter's settings module does. */
const bootstrapOf = (platform: ServerlessPlatform, env: () => Record<string, string | undefined>) =>
  createServerlessBootstrap(platform, () => serverlessSettingsFromEnv(env(), platform));

afterEach(() => {
  vi.restoreAllMocks();
});

describe('createServerlessBootstrap', () => {
  it('reads the environment on the first request, and again after a failed start', async () => {
    const env: Record<string, string | undefined> = {};
    const bootstrap = bootstrapOf(
      {
        name: 'test',
        poolDefaults: { poolMax: 1, idleTimeoutMs: 1_000 },
        connectionStringVariables: ['DATABASE_URL', 'POSTGRES_URL'],
      },
      () => env,
    );
    const request = () => bootstrap.app.fetch(new Request('https://filing.example/healthz'));
    await expect(request()).rejects.toThrow(
      'DATABASE_URL is not set: give the PostgreSQL connection string (postgres://...).',
    );
    // The failed start is not kept: the next request starts again with the environment as it is now.
    // The database opens with the first request that needs it, so this address is never dialled.
    Object.assign(env, {
      POSTGRES_URL: 'postgres://user:password@127.0.0.1:9/filing',
      MCP_BASE_URL: 'https://filing.example/mcp-server',
      APP_URL: 'https://app.filing.example',
      SESSION_JWT_SECRET: 'x'.repeat(32),
    });
    const healthy = await request();
    expect(healthy.status).toBe(200);
    // Built once: every later use gets the same server.
    expect(await bootstrap.server()).toBe(await bootstrap.server());
    expect(await bootstrap.cleanupTarget()).toBe((await bootstrap.server()).server);
    await (await bootstrap.server()).close();
  });
});

describe('the companion pages (COMPANION=on)', () => {
  // The database opens with the pages but is never queried by these requests: the address is not dialled.
  const environment = (extra: Record<string, string>) => ({
    DATABASE_URL: 'postgres://user:password@127.0.0.1:9/filing',
    MCP_BASE_URL: 'https://filing.example/mcp-server',
    APP_URL: 'https://filing.example/app',
    SESSION_JWT_SECRET: 'x'.repeat(32),
    ...extra,
  });
  const platform = { name: 'test', poolDefaults: { poolMax: 1, idleTimeoutMs: 1_000 } };
  const signInPage = (bootstrap: ReturnType<typeof createServerlessBootstrap>) =>
    bootstrap.app.fetch(new Request('https://filing.example/app/sign-in?token=x'));

  it('are not mounted unless asked for: the server answers their paths', async () => {
    const bootstrap = bootstrapOf(platform, () => environment({}));
    const response = await signInPage(bootstrap);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).not.toMatch(/html/);
    await (await bootstrap.server()).close();
  });

  it('answer under APP_URL’s path with COMPANION=on, signing in with a session token', async () => {
    const bootstrap = bootstrapOf(platform, () => environment({ COMPANION: 'on', LOCAL_USER_ID: 'owner-1' }));
    const response = await signInPage(bootstrap);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    const page = await response.text();
    // Every instance verifies a session JWT; a one-time link of one instance would reach nobody.
    expect(page).toContain('Paste a session token');
    expect(page).toContain('name="session" type="password"');
    expect(page).not.toContain('owner-1');
    await (await bootstrap.server()).close();
  });

  it('refuse to start without SESSION_JWT_SECRET, naming it', async () => {
    const env = environment({ COMPANION: 'on', SESSION_JWKS_URL: 'https://id.example/jwks.json' });
    delete (env as Record<string, string | undefined>).SESSION_JWT_SECRET;
    const bootstrap = bootstrapOf(platform, () => env);
    const refusal =
      'COMPANION=on needs SESSION_JWT_SECRET: the companion pages sign session JWTs, which SESSION_JWKS_URL cannot verify.';
    // Refused by the settings, before a server or a pool exists.
    await expect(signInPage(bootstrap)).rejects.toThrow(refusal);
    await expect(bootstrap.server()).rejects.toThrow(refusal);
  });
});

describe('runOAuthCleanup', () => {
  it('logs the counts with the extra fields and answers them', async () => {
    const lines: string[] = [];
    const counts = await runOAuthCleanup(
      () => ({ cleanup: async () => ({ codes: 2, tokens: 3 }) }),
      (line) => lines.push(line),
      { scheduledAt: '2026-03-01T12:15:00Z' },
    );
    expect(counts).toEqual({ codes: 2, tokens: 3 });
    expect(lines.map((line) => JSON.parse(line))).toEqual([
      {
        source: 'filing-mcp',
        event: 'oauth_cleanup',
        codes: 2,
        tokens: 3,
        scheduledAt: '2026-03-01T12:15:00Z',
      },
    ]);
  });

  it('logs a failure by name and message only and throws it again', async () => {
    const lines: string[] = [];
    const failure = Object.assign(new Error('connection refused'), { detail: 'row (secret-value)' });
    await expect(
      runOAuthCleanup(
        () => {
          throw failure;
        },
        (line) => lines.push(line),
      ),
    ).rejects.toBe(failure);
    expect(lines).toEqual([
      JSON.stringify({
        source: 'filing-mcp',
        event: 'oauth_cleanup_failed',
        errorName: 'Error',
        errorMessage: 'connection refused',
      }),
    ]);
  });
});

describe('errorReporter', () => {
  it('writes one stderr line naming the platform and the phase, with the error name and message only', () => {
    const written = vi.spyOn(console, 'error').mockImplementation(() => {});
    errorReporter('lambda')(Object.assign(new TypeError('bad'), { request: 'Bearer nf_secret' }), 'fetch');
    errorReporter('vercel')('a string', 'request');
    expect(written.mock.calls).toEqual([
      ['[filing-mcp/lambda] fetch failed: TypeError: bad'],
      ['[filing-mcp/vercel] request failed: string'],
    ]);
  });
});
