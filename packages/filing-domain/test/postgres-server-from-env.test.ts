import { createPostgresDb } from '@filing-mcp/test-db';
import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createPostgresFilingServerFromEnv, migrateToLatest } from '../src/index.js';

const SETTINGS = {
  MCP_BASE_URL: 'https://api.example.test/mcp-server',
  APP_URL: 'https://app.example.test',
  SESSION_JWT_SECRET: 'test-session-secret-that-is-long-enough-0123456789',
};

const ONLY = '(PostgreSQL only: it connects to DATABASE_URL with pg)';
describe.skipIf(process.env.TEST_DB === 'pglite')(`createPostgresFilingServerFromEnv ${ONLY}`, () => {
  it('refuses without a connection string, naming the first variable, and opens no pool', async () => {
    const pools: unknown[] = [];
    const attempt = createPostgresFilingServerFromEnv(SETTINGS, {
      connectionStringVariables: ['DATABASE_URL', 'POSTGRES_URL'],
      createPool: (settings) => {
        pools.push(settings);
        return new pg.Pool({ connectionString: settings.connectionString, ...settings.options });
      },
      platformDefaults: { poolMax: 2 },
      migrate: migrateToLatest,
    });
    await expect(attempt).rejects.toThrow('DATABASE_URL is not set');
    expect(pools).toEqual([]);
  });

  it('refuses a DATABASE_POOL_MAX that is not a positive integer, and bad time limits', async () => {
    const pools: unknown[] = [];
    const cases: Array<[string, string]> = [
      ['DATABASE_POOL_MAX', '0'],
      ['DATABASE_POOL_MAX', '-1'],
      ['DATABASE_POOL_MAX', '2.5'],
      ['DATABASE_POOL_MAX', 'ten'],
      ['DATABASE_STATEMENT_TIMEOUT_MS', '0'],
      ['DATABASE_ACQUIRE_TIMEOUT_MS', 'soon'],
    ];
    for (const [name, value] of cases) {
      const attempt = createPostgresFilingServerFromEnv(
        { ...SETTINGS, DATABASE_URL: 'postgres://127.0.0.1:9/none', [name]: value },
        {
          createPool: (settings) => {
            pools.push(settings);
            return new pg.Pool({ connectionString: settings.connectionString });
          },
          platformDefaults: { poolMax: 2 },
          migrate: migrateToLatest,
        },
      );
      await expect(attempt).rejects.toThrow(`Invalid environment: ${name}`);
    }
    expect(pools).toEqual([]);
  });

  it('hands every adapter the same pool options: platform defaults, then the shared variables', async () => {
    const seen: unknown[] = [];
    const build = (env: Record<string, string>) =>
      createPostgresFilingServerFromEnv(
        { ...SETTINGS, DATABASE_URL: 'postgres://127.0.0.1:9/none', ...env },
        {
          createPool: (settings) => {
            seen.push(settings.options);
            return new pg.Pool({ connectionString: settings.connectionString, ...settings.options });
          },
          platformDefaults: { poolMax: 3, idleTimeoutMs: 5000 },
          migrate: migrateToLatest,
        },
      ).then((deployed) => deployed.close());
    await build({});
    await build({
      PG_POOL_MAX: '7',
      DATABASE_CONNECT_TIMEOUT_MS: '1000',
      DATABASE_ACQUIRE_TIMEOUT_MS: '1500',
      DATABASE_STATEMENT_TIMEOUT_MS: '2000',
      DATABASE_IDLE_TIMEOUT_MS: '3000',
    });
    await build({ DATABASE_POOL_MAX: '4', PG_POOL_MAX: '7' });
    expect(seen).toEqual([
      { max: 3, connectionTimeoutMillis: 5000, idleTimeoutMillis: 5000, query_timeout: 10000 },
      { max: 7, connectionTimeoutMillis: 1000, idleTimeoutMillis: 3000, query_timeout: 2000 },
      { max: 4, connectionTimeoutMillis: 5000, idleTimeoutMillis: 5000, query_timeout: 10000 },
    ]);
  });

  it('falls back to POSTGRES_URL, passes the pool size, migrates on MIGRATE_ON_START and serves', async () => {
    const database = await createPostgresDb();
    const sizes: Array<number | undefined> = [];
    try {
      const deployed = await createPostgresFilingServerFromEnv(
        { ...SETTINGS, POSTGRES_URL: database.url, DATABASE_POOL_MAX: '2', MIGRATE_ON_START: 'true' },
        {
          connectionStringVariables: ['DATABASE_URL', 'POSTGRES_URL'],
          createPool: (settings) => {
            sizes.push(settings.options.max);
            const pool = new pg.Pool({ connectionString: settings.connectionString, ...settings.options });
            pool.on('error', settings.onError);
            return pool;
          },
          platformDefaults: { poolMax: 5 },
          migrate: migrateToLatest,
        },
      );
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
        expect(body.result.tools).toHaveLength(18);
        const { rows } = await sql<{ n: number }>`select count(*)::int as n from filings`.execute(
          deployed.db,
        );
        expect(rows[0]!.n).toBe(0);
      } finally {
        await deployed.close();
      }
    } finally {
      await database.close();
    }
  });
});
