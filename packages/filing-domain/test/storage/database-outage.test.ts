import type { FilingDatabase } from '../../src/storage/database.js';
import { type PostgresServer, startPostgresServer } from '@filing-mcp/test-db';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Kysely, PostgresDialect } from 'kysely';
import {
  filingPool,
  createApiKey,
  createFilingServerWithConfig,
  type FilingServer,
  migrateToLatest,
  pgPoolOptions,
  resolveConfigFromEnv,
} from '../../src/index.js';

// With PostgreSQL frozen (not down), every database-backed request once waited for the whole
// outage. This test starts its own throwaway cluster, freezes it with SIGSTOP (postmaster and
// backends) and stops it, and shows bounded errors during the outage and service right after.
const BASE_URL = 'https://api.example.test/mcp-server';

describe.skipIf(process.env.TEST_DB === 'pglite')(
  'a database that freezes or stops (PostgreSQL only: PGlite runs in process and cannot freeze)',
  () => {
    let postgres: PostgresServer;
    let deployed: { server: FilingServer; db: Kysely<FilingDatabase>; close(): Promise<void> };
    let apiKey: string;

    beforeAll(async () => {
      postgres = await startPostgresServer();
      // What a serverless adapter does with its settings: the pool of the shared settings, bounded.
      const { config, database } = await resolveConfigFromEnv(
        {
          MCP_BASE_URL: BASE_URL,
          APP_URL: 'https://app.example.test',
          SESSION_JWT_SECRET: 'test-session-secret-that-is-long-enough-0123456789',
          // Every request checks its credential in the database, so each one meets the outage.
          AUTH_CACHE_TTL_MS: '0',
          DATABASE_CONNECT_TIMEOUT_MS: '1000',
          DATABASE_ACQUIRE_TIMEOUT_MS: '1500',
          DATABASE_STATEMENT_TIMEOUT_MS: '1000',
        },
        { poolMax: 4 },
      );
      const pool = new pg.Pool({ connectionString: postgres.url, ...pgPoolOptions(database) });
      pool.on('error', () => {});
      const db = new Kysely<FilingDatabase>({
        dialect: new PostgresDialect({ pool: filingPool(pool, database) }),
      });
      await migrateToLatest(db);
      const server = createFilingServerWithConfig({ db }, config);
      deployed = {
        server,
        db,
        close: async () => {
          await server.close();
          await db.destroy();
        },
      };
      apiKey = (await createApiKey(deployed.db, { userId: 'outage-user' })).key;
    }, 120_000);

    afterAll(async () => {
      postgres?.thaw();
      await deployed?.close();
      await postgres?.stop();
    });

    const listFilings = () =>
      deployed.server.fetch(
        new Request(BASE_URL, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${apiKey}` },
          body: JSON.stringify({
            jsonrpc: '2.0',
            id: 1,
            method: 'tools/call',
            params: { name: 'list_filings', arguments: {} },
          }),
        }),
      );
    const registerClient = () =>
      deployed.server.fetch(
        new Request(`${BASE_URL}/register`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ redirect_uris: ['http://127.0.0.1:9/cb'] }),
        }),
      );
    const token = () =>
      deployed.server.fetch(
        new Request(`${BASE_URL}/token`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: 'grant_type=authorization_code&code=x&client_id=y&redirect_uri=http://127.0.0.1:9/cb',
        }),
      );

    async function expectUnavailable(): Promise<void> {
      // Several at once: more than the pool holds, so waiting for a connection is bounded too.
      const [mcp, ...others] = await Promise.all([listFilings(), registerClient(), token(), listFilings()]);
      expect(mcp!.status).toBe(503);
      expect(mcp!.headers.get('retry-after')).toBe('5');
      expect(await mcp!.json()).toEqual({
        jsonrpc: '2.0',
        id: 1,
        error: {
          code: -32005,
          message: 'Service unavailable: the database did not answer in time; retry later',
        },
      });
      const [register, tokenResponse, secondMcp] = others;
      for (const response of [register!, tokenResponse!]) {
        expect(response.status).toBe(503);
        expect(response.headers.get('retry-after')).toBe('5');
        expect(await response.json()).toEqual({
          error: 'temporarily_unavailable',
          error_description: 'the service is temporarily unavailable; retry later',
        });
      }
      expect(secondMcp!.status).toBe(503);
    }

    /** Polls until the MCP endpoint serves again; fails after `attempts` tries 250 ms apart. */
    async function expectServiceWithin(attempts: number): Promise<void> {
      for (let attempt = 1; ; attempt++) {
        const response = await listFilings();
        if (response.status === 200) {
          expect(((await response.json()) as any).result.structuredContent).toEqual({ filings: [] });
          expect((await registerClient()).status).toBe(201);
          return;
        }
        if (attempt >= attempts) throw new Error(`still ${response.status} after ${attempts} attempts`);
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }

    it('serves before the outage', async () => {
      expect((await listFilings()).status).toBe(200);
      expect((await registerClient()).status).toBe(201);
    });

    it('frozen (SIGSTOP): bounded 503s with Retry-After, then service within seconds of SIGCONT', async () => {
      postgres.freeze();
      try {
        await expectUnavailable();
        // Still frozen: the second round meets connections that are being dropped and new ones.
        await expectUnavailable();
      } finally {
        postgres.thaw();
      }
      await expectServiceWithin(20);
    });

    it('stopped: bounded 503s with Retry-After, then service within seconds of the restart', async () => {
      await postgres.halt();
      await expectUnavailable();
      await postgres.start();
      await expectServiceWithin(20);
    });
  },
);
