import { createPostgresDb } from '@filing-mcp/test-db';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateOAuth, type OAuthDatabase } from '../src/kysely/index.js';
import { postForm, type RunningServer, startServer, tokenRows } from './helpers.js';

// Real PostgreSQL, where parallel statements actually race (PGlite runs one at a time).
let database: { db: Kysely<OAuthDatabase>; close(): Promise<void> };
let server: RunningServer;

beforeAll(async () => {
  database = await createPostgresDb<OAuthDatabase>();
  // Concurrent migrations are serialised by the migration lock table.
  await Promise.all([migrateOAuth(database.db), migrateOAuth(database.db)]);
  server = await startServer(database.db);
});
afterAll(async () => {
  await server?.close();
  await database?.close();
});

// Races need a real server: PGlite is one session. TEST_DB=pglite runs without one.
const ONLY = '(PostgreSQL only: PGlite is one session, so statements never race)';
describe.skipIf(process.env.TEST_DB === 'pglite')(`atomic single use on real PostgreSQL ${ONLY}`, () => {
  it('the same code exchanged 20 times in parallel: exactly one 200', async () => {
    const grant = await server.codeFor();
    const responses = await Promise.all(Array.from({ length: 20 }, () => server.exchange(grant)));
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 400)).toHaveLength(19);
    const bodies = await Promise.all(
      responses.map((response) => response.json() as Promise<Record<string, unknown>>),
    );
    expect(bodies.filter((body) => body.error === 'invalid_grant')).toHaveLength(19);
    const rows = await tokenRows(database.db, 'user_id', grant.userId);
    expect(rows).toHaveLength(1);
  });

  it('the same refresh token used 20 times in parallel: exactly one 200, one new pair stored', async () => {
    const grant = await server.codeFor();
    const first = (await (await server.exchange(grant)).json()) as { refresh_token: string };
    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        postForm(`${server.baseUrl}/token`, {
          grant_type: 'refresh_token',
          refresh_token: first.refresh_token,
        }),
      ),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 400)).toHaveLength(19);
    const rows = await tokenRows(database.db, 'user_id', grant.userId);
    expect(rows).toHaveLength(2);
  });
});
