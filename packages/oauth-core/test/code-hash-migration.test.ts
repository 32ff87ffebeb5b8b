import { createHash } from 'node:crypto';
import { testDatabases } from '@filing-mcp/test-db';
import type { Kysely } from 'kysely';
import { Migrator } from 'kysely/migration';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateOAuth, OAUTH_MIGRATION_NAMES } from '../src/kysely/index.js';
import { oauthMigrations } from '../src/kysely/migrations.js';
import { expectOAuthError, type RunningServer, s256, startServer, VERIFIER } from './helpers.js';

// Authorization codes were once stored in plaintext. Migration 0004 keeps only their SHA-256;
// codes already in the table are hashed in place, so one in flight still redeems once.

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe.each(testDatabases())('migration 0004_oauth_codes_hashed on $name', ({ create }) => {
  // Kysely<any>, as in a migration: the test writes the schema before 0004, which OAuthDatabase is not.
  let database: { db: Kysely<any>; close(): Promise<void> };
  let server: RunningServer;
  const redirectUri = 'http://127.0.0.1:9/callback';
  const clientId = `mcp_client_${crypto.randomUUID().replaceAll('-', '')}`;
  const inFlight = `mcp_code_${crypto.randomUUID()}`;
  const used = `mcp_code_${crypto.randomUUID()}`;

  beforeAll(async () => {
    database = await create();
    const migrator = new Migrator({
      db: database.db,
      provider: { getMigrations: async () => ({ ...oauthMigrations }) },
      migrationTableName: 'oauth_migration',
      migrationLockTableName: 'oauth_migration_lock',
    });
    const { error } = await migrator.migrateTo('0003_oauth_clients_application_type');
    if (error) throw error;
    const now = Date.now();
    await database.db
      .insertInto('oauth_clients')
      .values({
        client_id: clientId,
        client_secret_hash: null,
        client_name: null,
        redirect_uris: JSON.stringify([redirectUri]),
        grant_types: JSON.stringify(['authorization_code', 'refresh_token']),
        response_types: JSON.stringify(['code']),
        token_endpoint_auth_method: 'none',
        created_at: new Date(now),
      })
      .execute();
    const row = (code: string, usedAt: Date | null) => ({
      id: crypto.randomUUID(),
      code,
      grant_id: crypto.randomUUID(),
      client_id: clientId,
      user_id: 'user_migrated',
      redirect_uri: redirectUri,
      scope: 'mcp',
      resource: 'pending',
      code_challenge: null,
      code_challenge_method: null,
      created_at: new Date(now),
      expires_at: new Date(now + 240_000),
      used_at: usedAt,
    });
    await database.db
      .insertInto('oauth_codes')
      .values([row(inFlight, null), row(used, new Date(now))])
      .execute();
    await migrateOAuth(database.db);
    server = await startServer(database.db);
    // The resource is the test server's address, known only now.
    await database.db.updateTable('oauth_codes').set({ resource: server.baseUrl }).execute();
    await database.db
      .updateTable('oauth_codes')
      .set({ code_challenge: await s256(VERIFIER), code_challenge_method: 'S256' })
      .execute();
  });
  afterAll(async () => {
    await server?.close();
    await database?.close();
  });

  it('is the last OAuth migration, so readiness waits for it', () => {
    expect(OAUTH_MIGRATION_NAMES.at(-1)).toBe('0004_oauth_codes_hashed');
  });

  it('leaves no plaintext code; the column holds each code as its SHA-256', async () => {
    const rows = await database.db.selectFrom('oauth_codes').selectAll().execute();
    expect(JSON.stringify(rows)).not.toMatch(/mcp_code_/);
    expect(rows.map((row) => row.code_hash).sort()).toEqual([sha256(inFlight), sha256(used)].sort());
  });

  it('a code in flight at the migration still redeems once; a replay and the used code are invalid_grant', async () => {
    const client = { client_id: clientId, redirect_uris: [redirectUri] };
    const first = await server.exchange({ client, code: inFlight, redirectUri });
    expect(first.status, await first.clone().text()).toBe(200);
    await expectOAuthError(
      await server.exchange({ client, code: inFlight, redirectUri }),
      400,
      'invalid_grant',
    );
    await expectOAuthError(await server.exchange({ client, code: used, redirectUri }), 400, 'invalid_grant');
  });
});
