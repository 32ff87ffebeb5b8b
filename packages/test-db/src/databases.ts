import { PGlite } from '@electric-sql/pglite';
import { Kysely, PGliteDialect, PostgresDialect } from 'kysely';
import pg from 'pg';
import { recordOpenedDatabase } from './opened-databases.js';

/** A test database with its Kysely instance. */
export interface TestDatabase<DB = any> {
  db: Kysely<DB>;
  close(): Promise<void>;
}

/** A real PostgreSQL test database. */
export interface PostgresTestDatabase<DB = any> extends TestDatabase<DB> {
  /** Connection URL of this database. */
  url: string;
}

/** A fresh in-memory PGlite database (starting one takes 1.5-5 s: share it per test file). */
export async function createPGliteDb<DB = any>(): Promise<TestDatabase<DB>> {
  recordOpenedDatabase('pglite');
  const pglite = await PGlite.create();
  const db = new Kysely<DB>({ dialect: new PGliteDialect({ pglite }) });
  return { db, close: () => db.destroy() };
}

function serverUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    throw new Error(
      "No PostgreSQL for tests: add globalSetup: ['@filing-mcp/test-db/global-setup'] to vitest.config.ts, or set TEST_DATABASE_URL.",
    );
  }
  return url;
}

let counter = 0;

/**
 * A fresh, empty database on the test run's PostgreSQL server (see the global setup), dropped on
 * `close()`. Each call gets its own database, so test files never see each other's rows.
 */
export async function createPostgresDb<DB = any>(
  options: { max?: number } = {},
): Promise<PostgresTestDatabase<DB>> {
  recordOpenedDatabase('postgres');
  const admin = new URL(serverUrl());
  const name = `test_${process.pid}_${Date.now().toString(36)}_${counter++}`;
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    await client.query(`create database "${name}"`);
  } finally {
    await client.end();
  }
  const url = new URL(admin);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: options.max ?? 10 });
  // `drop database ... with (force)` below terminates backends whose sockets may still be closing
  // after pool.end(); pg reports that (57P01) as an error on the idle client, which would otherwise
  // surface as an unhandled error in the test run.
  pool.on('error', () => {});
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    url: url.toString(),
    async close() {
      await db.destroy();
      const cleanup = new pg.Client({ connectionString: admin.toString() });
      await cleanup.connect();
      try {
        await cleanup.query(`drop database if exists "${name}" with (force)`);
      } finally {
        await cleanup.end();
      }
    },
  };
}

/** A database variant for `describe.each`. */
export interface DatabaseVariant {
  name: 'pglite' | 'postgres';
  create: <DB = any>() => Promise<TestDatabase<DB>>;
}

/**
 * Both database variants, for running the same tests on PGlite and on real PostgreSQL.
 * `TEST_DB=pglite` or `TEST_DB=postgres` keeps one.
 *
 * @example
 * ```ts
 * describe.each(testDatabases())('api keys on $name', ({ create }) => { ... });
 * ```
 */
export function testDatabases(): DatabaseVariant[] {
  const all: DatabaseVariant[] = [
    { name: 'pglite', create: createPGliteDb },
    { name: 'postgres', create: createPostgresDb },
  ];
  const only = process.env.TEST_DB;
  return only ? all.filter((variant) => variant.name === only) : all;
}
