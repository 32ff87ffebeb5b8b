import { type TestDatabase, testDatabases } from '@filing-mcp/test-db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFilingServer, FILING_MIGRATION_NAMES, migrateToLatest } from '../../src/index.js';
import { createReadinessCheck } from '../../src/probes/readiness-check.js';

const config = {
  baseUrl: 'https://api.example.com/mcp-server',
  appUrl: 'https://app.example.com',
  session: { secret: 'readiness-test-secret-readiness-test' },
};

describe.each(testDatabases())('readiness (GET /readyz) on $name', ({ create }) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await create();
  });
  afterAll(async () => {
    await database.close();
  });

  it('answers 503 migrations_pending before the migrations ran, and 200 after', async () => {
    const server = createFilingServer({ db: database.db, config });
    const before = await server.fetch(new Request('https://api.example.com/readyz'));
    expect(before.status).toBe(503);
    expect(await before.json()).toEqual({
      status: 'unavailable',
      reason: 'migrations_pending',
      message: 'database migrations are not applied',
    });
    await migrateToLatest(database.db);
    const after = await server.fetch(new Request('https://api.example.com/readyz'));
    expect(after.status).toBe(200);
    expect(await after.json()).toEqual({ status: 'ready' });
  });

  it('reports migrations_pending when one known migration is missing from the bookkeeping', async () => {
    const check = createReadinessCheck(database.db);
    expect(await check()).toEqual({ ready: true });
    // The row goes back as it was: re-running the first of several migrations is out of order.
    const bookkeeping = database.db.selectFrom('filing_migration' as any).selectAll();
    const row = await bookkeeping.where('name', '=', FILING_MIGRATION_NAMES[0]!).executeTakeFirstOrThrow();
    await database.db.deleteFrom('filing_migration').where('name', '=', FILING_MIGRATION_NAMES[0]!).execute();
    expect(await check()).toMatchObject({ ready: false, reason: 'migrations_pending' });
    await database.db
      .insertInto('filing_migration' as any)
      .values(row)
      .execute();
    expect(await check()).toEqual({ ready: true });
  });

  it('answers /healthz 200 without touching the database, and no probe passes the Host allow-list by accident', async () => {
    const server = createFilingServer({
      db: {} as any, // any database call would throw
      config: { ...config, allowedHosts: ['api.example.com'] },
    });
    const health = await server.fetch(new Request('http://10.0.0.7:3000/healthz'));
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
    // The allow-list still guards every other route.
    const token = await server.fetch(
      new Request('http://10.0.0.7:3000/mcp-server/token', { method: 'POST' }),
    );
    expect(token.status).toBe(403);
  });

  it('rejects a readiness timeout that is not a positive integer', () => {
    expect(() => createReadinessCheck(database.db, { timeoutMs: 0 })).toThrow(/positive integer/);
  });
});
