// The rate limiter's count as SQL text on the driver's pool (ADD_RATE_LIMIT_HITS): the statement
// the query builder compiles, and the same shared counts as the builder's path on each database.
import { testDatabases } from '@filing-mcp/test-db';
import { CompiledQuery, Kysely, PostgresDialect } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../src/index.js';
import { DEFAULT_RATE_LIMITS } from '../../src/rate-limits/rate-limit-scopes.js';
import { ADD_RATE_LIMIT_HITS, RateLimiter } from '../../src/rate-limits/rate-limiter.js';
import type { DatabaseQuery } from '../../src/storage/database-query.js';
import type { FilingDatabase } from '../../src/storage/database.js';

describe('the rate limit count, as text', () => {
  it('is what the query builder compiles', () => {
    const db = new Kysely<FilingDatabase>({ dialect: new PostgresDialect({ pool: {} as never }) });
    const upsert = db
      .insertInto('rate_limit_counters')
      .values({ bucket: 'toolsCall:key', window_start: 7, hits: 3 })
      .onConflict((conflict) =>
        conflict.columns(['bucket', 'window_start']).doUpdateSet({
          hits: (eb) => eb('rate_limit_counters.hits', '+', eb.ref('excluded.hits')),
        }),
      )
      .returning('hits')
      .compile();
    expect(upsert.sql).toBe(ADD_RATE_LIMIT_HITS);
    expect(upsert.parameters).toEqual(['toolsCall:key', 7, 3]);
  });
});

describe.each(testDatabases())('the rate limit counted through a plain query on $name', (variant) => {
  let db: Kysely<FilingDatabase>;
  let close: () => Promise<void>;
  const statements: string[] = [];
  // What the serverless entries hand in: the statement as text, straight to the database.
  const query: DatabaseQuery = async (text, values) => {
    statements.push(text);
    return db.executeQuery(CompiledQuery.raw(text, [...values]));
  };
  beforeAll(async () => {
    const database = await variant.create();
    db = database.db;
    close = () => database.close();
    await migrateToLatest(db);
  });
  afterAll(async () => close?.());

  it('admits up to the limit, then refuses with Retry-After, sharing the count with the builder', async () => {
    const now = 60_000 * 1000 + 30_000;
    const limits = { ...DEFAULT_RATE_LIMITS, toolsCall: 3 };
    const viaText = new RateLimiter({
      db,
      query: async () => query,
      limits,
      now: () => now,
      onError: () => {},
    });
    const viaBuilder = new RateLimiter({ db, limits, now: () => now, onError: () => {} });
    expect(await viaText.hit('toolsCall', 'key-a')).toBeUndefined();
    expect(await viaBuilder.hit('toolsCall', 'key-a')).toBeUndefined();
    expect(await viaText.hit('toolsCall', 'key-a')).toBeUndefined();
    // The fourth hit of the window is over the limit of 3 (the third answered the shared count 3,
    // so without a query): 30 s left.
    expect(await viaText.hit('toolsCall', 'key-a')).toBe(30);
    expect(statements).toEqual([ADD_RATE_LIMIT_HITS, ADD_RATE_LIMIT_HITS]);
    const rows = await db
      .selectFrom('rate_limit_counters')
      .selectAll()
      .where('bucket', '=', 'toolsCall:key-a')
      .execute();
    expect(rows.map((row) => [Number(row.window_start), Number(row.hits)])).toEqual([[1000, 3]]);
  });
});
