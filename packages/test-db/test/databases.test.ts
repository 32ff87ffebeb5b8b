import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createPostgresDb, testDatabases } from '../src/index.js';

describe.each(testDatabases())('test database on $name', ({ name, create }) => {
  it('runs SQL and reports which engine it is', async () => {
    const { db, close } = await create();
    try {
      const { rows } = await sql<{ version: string }>`select version()`.execute(db);
      expect(rows[0]!.version).toMatch(/PostgreSQL/);
      if (name === 'pglite') expect(rows[0]!.version).toMatch(/wasm|emscripten/i);
    } finally {
      await close();
    }
  });
});

describe('createPostgresDb', () => {
  it('gives each caller its own database and drops it on close', async () => {
    const a = await createPostgresDb();
    const b = await createPostgresDb();
    try {
      await sql`create table only_in_a (id int)`.execute(a.db);
      const { rows } = await sql<{
        n: number;
      }>`select count(*)::int as n from pg_tables where tablename = 'only_in_a'`.execute(b.db);
      expect(rows[0]!.n).toBe(0);
    } finally {
      await b.close();
    }
    const name = new URL(a.url).pathname.slice(1);
    await a.close();
    const check = await createPostgresDb();
    try {
      const { rows } = await sql<{
        n: number;
      }>`select count(*)::int as n from pg_database where datname = ${name}`.execute(check.db);
      expect(rows[0]!.n).toBe(0);
    } finally {
      await check.close();
    }
  });
});
