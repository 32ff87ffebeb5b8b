import type { FilingDatabase } from '../../src/storage/database.js';
import { type PostgresServer, startPostgresServer } from '@filing-mcp/test-db';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  filingPool,
  createFilingServerWithConfig,
  type FilingServer,
  migrateToLatest,
  pgPoolOptions,
  resolveConfigFromEnv,
} from '../../src/index.js';
import { APP_URL, BASE_URL, newUser, ok, SESSION_SECRET } from '../support/helpers.js';

// A create goes to PostgreSQL as a named statement (parsed and planned once per
// connection). A pooler that loses them between connections must cost nothing but speed: the call
// that finds its statement gone is sent again unnamed, once, and so is every later call.
describe.skipIf(process.env.TEST_DB === 'pglite')(
  'named statements for the creates (PostgreSQL only: PGlite has no protocol-level statements)',
  () => {
    let postgres: PostgresServer;
    let pool: pg.Pool;
    let db: Kysely<FilingDatabase>;
    let server: FilingServer;
    let serverConfig: Parameters<typeof createFilingServerWithConfig>[1];

    beforeAll(async () => {
      postgres = await startPostgresServer();
      const { config, database } = await resolveConfigFromEnv(
        {
          MCP_BASE_URL: BASE_URL,
          APP_URL,
          SESSION_JWT_SECRET: SESSION_SECRET,
          DATABASE_NAMED_STATEMENTS: 'true',
        },
        // One connection: every statement below runs on the session the checks read.
        { poolMax: 1 },
      );
      expect(database.namedStatements).toBe(true);
      pool = new pg.Pool({ connectionString: postgres.url, ...pgPoolOptions(database) });
      db = new Kysely<FilingDatabase>({ dialect: new PostgresDialect({ pool: filingPool(pool, database) }) });
      await migrateToLatest(db);
      serverConfig = config;
      server = createFilingServerWithConfig({ db }, config);
    }, 120_000);

    afterAll(async () => {
      await server?.close();
      await db?.destroy();
      await postgres?.stop();
    });

    /** The named statements the one connection holds, by the session's own view. */
    async function preparedNames(): Promise<string[]> {
      const { rows } = await sql<{
        name: string;
      }>`select name from pg_prepared_statements order by name`.execute(db);
      return rows.map((row) => row.name);
    }

    const form = {
      llcName: 'Named LLC',
      ein: '98-7654321',
      taxYearBegin: '2024-01-01',
      taxYearEnd: '2024-12-31',
    };

    it('creates through named statements, each prepared once on the connection, and reads as before', async () => {
      const { key, userId } = await newUser(db);
      const first = await ok(server, key, 'create_filing', { form_data: form });
      const second = await ok(server, key, 'create_filing', { form_data: form });
      expect(second.possible_duplicates).toEqual([first.id]);
      const read = await ok(server, key, 'get_filing', { id: second.id });
      expect(read.llc_name).toBe('Named LLC');
      await ok(server, key, 'get_filing', { id: first.id });
      const partnership = await ok(server, key, 'create_partnership_filing', {
        form_data: { partnershipName: 'Named LP', ein: '98-7654321', taxYearBegin: '2024-01-01' },
      });
      expect(partnership.id).toMatch(/^[0-9a-f-]{36}$/);

      const names = await preparedNames();
      expect(names.filter((name) => name.startsWith('fm_create_filings_'))).toHaveLength(1);
      expect(names.filter((name) => name.startsWith('fm_create_partnership_filings_'))).toHaveLength(1);
      const { rows } = await sql<{
        n: number;
      }>`select count(*)::int as n from filings where user_id = ${userId}`.execute(db);
      expect(rows[0]!.n).toBe(2);
    });

    it('names nothing with DATABASE_NAMED_STATEMENTS=false, and nothing by default on a serverless platform', async () => {
      for (const [env, platform] of [
        [{ DATABASE_NAMED_STATEMENTS: 'false' }, { poolMax: 1, namedStatements: true }],
        [{}, { poolMax: 1, idleTimeoutMs: 5_000 }],
      ] as const) {
        const settings = (
          await resolveConfigFromEnv(
            { MCP_BASE_URL: BASE_URL, APP_URL, SESSION_JWT_SECRET: SESSION_SECRET, ...env },
            platform,
          )
        ).database;
        expect(settings.namedStatements).toBe(false);
        const plainPool = new pg.Pool({ connectionString: postgres.url, ...pgPoolOptions(settings) });
        const plainDb = new Kysely<FilingDatabase>({
          dialect: new PostgresDialect({ pool: filingPool(plainPool, settings) }),
        });
        const plainServer = createFilingServerWithConfig({ db: plainDb }, serverConfig);
        try {
          const { key } = await newUser(plainDb);
          await ok(plainServer, key, 'create_filing', { form_data: form });
          await ok(plainServer, key, 'create_filing', { form_data: form });
          const { rows } = await sql<{ name: string }>`select name from pg_prepared_statements`.execute(
            plainDb,
          );
          expect(rows).toEqual([]);
        } finally {
          await plainServer.close();
          await plainDb.destroy();
        }
      }
    });

    it('answers as before when the pooler has lost the statement, creating the filing once, then sends plain statements', async () => {
      const { key, userId } = await newUser(db);
      const before = await ok(server, key, 'create_filing', { form_data: form });
      // What a pooler in transaction mode (PgBouncer before 1.21) amounts to: the driver believes
      // the statement prepared on its connection, the server session no longer has it.
      await sql`deallocate all`.execute(db);
      expect(await preparedNames()).toEqual([]);

      const after = await ok(server, key, 'create_filing', { form_data: form });
      expect(after.possible_duplicates).toEqual([before.id]);
      const read = await ok(server, key, 'get_filing', { id: after.id });
      expect(read.id).toBe(after.id);
      const { rows } = await sql<{
        n: number;
      }>`select count(*)::int as n from filings where user_id = ${userId}`.execute(db);
      expect(rows[0]!.n).toBe(2);
      // From then on the pool prepares nothing by name.
      await ok(server, key, 'create_filing', { form_data: form });
      expect(await preparedNames()).toEqual([]);
    });
  },
);
