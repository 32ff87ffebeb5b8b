import { pgPoolOptions } from '@filing-mcp/filing-domain';
import {
  createServerlessFilingServer,
  type ServerlessPlatform,
  serverlessSettingsFromEnv,
} from '@filing-mcp/serverless';
import { createPostgresDb } from '@filing-mcp/test-db';
import { describe, expect, it } from 'vitest';

// The serverless settings (read once per start from the environment) and the server built from
// them, as both serverless adapters use them; Vercel's platform reads POSTGRES_URL too.
const SETTINGS = {
  MCP_BASE_URL: 'https://api.example.test/mcp-server',
  APP_URL: 'https://app.example.test',
  SESSION_JWT_SECRET: 'test-session-secret-that-is-long-enough-0123456789',
};
const PLATFORM = { name: 'test', poolDefaults: { poolMax: 3, idleTimeoutMs: 5000 } };

describe('serverlessSettingsFromEnv', () => {
  it('refuses without a connection string, naming the first variable', async () => {
    await expect(
      serverlessSettingsFromEnv(SETTINGS, {
        ...PLATFORM,
        connectionStringVariables: ['DATABASE_URL', 'POSTGRES_URL'],
      }),
    ).rejects.toThrow('DATABASE_URL is not set: give the PostgreSQL connection string (postgres://...).');
  });

  it('refuses a DATABASE_POOL_MAX that is not a positive integer, and bad time limits, naming them', async () => {
    const cases: Array<[string, string]> = [
      ['DATABASE_POOL_MAX', '0'],
      ['DATABASE_POOL_MAX', '-1'],
      ['DATABASE_POOL_MAX', '2.5'],
      ['DATABASE_POOL_MAX', 'ten'],
      ['DATABASE_STATEMENT_TIMEOUT_MS', '0'],
      ['DATABASE_ACQUIRE_TIMEOUT_MS', 'soon'],
    ];
    for (const [name, value] of cases) {
      await expect(
        serverlessSettingsFromEnv(
          { ...SETTINGS, DATABASE_URL: 'postgres://127.0.0.1:9/none', [name]: value },
          PLATFORM,
        ),
      ).rejects.toThrow(`Invalid environment: ${name}`);
    }
  });

  it('gives every adapter the same pool options: platform defaults, then the shared variables', async () => {
    const options = async (env: Record<string, string>) =>
      pgPoolOptions(
        (
          await serverlessSettingsFromEnv(
            { ...SETTINGS, DATABASE_URL: 'postgres://127.0.0.1:9/none', ...env },
            PLATFORM,
          )
        ).database,
      );
    expect(await options({})).toEqual({
      max: 3,
      connectionTimeoutMillis: 5000,
      idleTimeoutMillis: 5000,
      query_timeout: 10000,
    });
    expect(
      await options({
        PG_POOL_MAX: '7',
        DATABASE_CONNECT_TIMEOUT_MS: '1000',
        DATABASE_ACQUIRE_TIMEOUT_MS: '1500',
        DATABASE_STATEMENT_TIMEOUT_MS: '2000',
        DATABASE_IDLE_TIMEOUT_MS: '3000',
      }),
    ).toEqual({ max: 7, connectionTimeoutMillis: 1000, idleTimeoutMillis: 3000, query_timeout: 2000 });
    expect(await options({ DATABASE_POOL_MAX: '4', PG_POOL_MAX: '7' })).toEqual({
      max: 4,
      connectionTimeoutMillis: 5000,
      idleTimeoutMillis: 5000,
      query_timeout: 10000,
    });
  });

  it('holds the addresses in one form: trailing slashes removed once, by the schema', async () => {
    const settings = await serverlessSettingsFromEnv(
      {
        ...SETTINGS,
        DATABASE_URL: 'postgres://127.0.0.1:9/none',
        MCP_BASE_URL: 'https://api.example.test/mcp-server/',
        APP_URL: 'https://app.example.test//',
        ALLOWED_ORIGINS: 'https://app.example.test/, http://localhost:*',
      },
      PLATFORM,
    );
    expect(settings.config.baseUrl).toBe('https://api.example.test/mcp-server');
    expect(settings.config.appUrl).toBe('https://app.example.test');
    expect(settings.config.allowedOrigins).toEqual(['https://app.example.test', 'http://localhost:*']);
  });
});

const ONLY = '(PostgreSQL only: it connects to DATABASE_URL with pg)';
describe.skipIf(process.env.TEST_DB === 'pglite')(`createServerlessFilingServer ${ONLY}`, () => {
  it('falls back to POSTGRES_URL, passes the pool size, migrates on MIGRATE_ON_START and serves', async () => {
    const database = await createPostgresDb();
    const sizes: Array<number | undefined> = [];
    const platform = {
      ...PLATFORM,
      poolDefaults: { poolMax: 5, idleTimeoutMs: 10_000 },
      connectionStringVariables: ['DATABASE_URL', 'POSTGRES_URL'],
      onPool: (pool: Parameters<NonNullable<ServerlessPlatform['onPool']>>[0]) => {
        sizes.push(pool.options.max);
      },
    };
    try {
      const settings = await serverlessSettingsFromEnv(
        { ...SETTINGS, POSTGRES_URL: database.url, DATABASE_POOL_MAX: '2', MIGRATE_ON_START: 'true' },
        platform,
      );
      const deployed = await createServerlessFilingServer(settings, platform);
      try {
        expect(sizes).toEqual([2]);
        const response = await deployed.server.fetch(
          new Request(SETTINGS.MCP_BASE_URL, {
            method: 'POST',
            headers: { 'content-type': 'application/json', accept: 'application/json' },
            body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
          }),
        );
        expect(response.status).toBe(200);
        const body = (await response.json()) as { result: { tools: unknown[] } };
        expect(body.result.tools).toHaveLength(20);
        const filings = await deployed.db.selectFrom('filings').selectAll().execute();
        expect(filings).toEqual([]);
      } finally {
        await deployed.close();
      }
    } finally {
      await database.close();
    }
  });
});
