import { type PostgresServer, startPostgresServer } from '@filing-mcp/test-db';
import { CompiledQuery, Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boundedPool } from '../../src/storage/bounded-pool.js';
import { withNamedStatements } from '../../src/storage/with-named-statements.js';
import type { FilingDatabase } from '../../src/storage/database.js';
import { withPgBouncerRetry } from '../../src/storage/with-pgbouncer-retry.js';

// The statements to name are the catalogue handed to the decorator, and only those: nothing is
// registered elsewhere, so a pool built with another catalogue names other statements.
describe.skipIf(process.env.TEST_DB === 'pglite')(
  'withNamedStatements names the statements of its catalogue (PostgreSQL only)',
  () => {
    let postgres: PostgresServer;
    let db: Kysely<FilingDatabase>;
    const named = 'select $1::int + 1 as n';

    beforeAll(async () => {
      postgres = await startPostgresServer();
      // One connection: every statement runs on the session the check reads.
      const pool = new pg.Pool({ connectionString: postgres.url, max: 1 });
      const catalogue = new Map([[named, 'test_plus_one']]);
      db = new Kysely<FilingDatabase>({
        dialect: new PostgresDialect({
          pool: withNamedStatements(
            withPgBouncerRetry(boundedPool(pool, { acquireTimeoutMs: 5_000 })),
            catalogue,
          ),
        }),
      });
    }, 120_000);

    afterAll(async () => {
      await db?.destroy();
      await postgres?.stop();
    });

    it('prepares a catalogued text under its name, once, and leaves every other text unnamed', async () => {
      for (const value of [1, 2]) {
        const { rows } = await db.executeQuery<{ n: number }>(CompiledQuery.raw(named, [value]));
        expect(rows).toEqual([{ n: value + 1 }]);
      }
      const { rows } = await sql<{ n: number }>`select ${5}::int + 2 as n`.execute(db);
      expect(rows).toEqual([{ n: 7 }]);
      const prepared = await sql<{ name: string }>`select name from pg_prepared_statements`.execute(db);
      expect(prepared.rows.map((row) => row.name)).toEqual(['test_plus_one']);
    });
  },
);
