import { testDatabases } from '@filing-mcp/test-db';
import { beforeAll, describe, expect, it } from 'vitest';
import type { OAuthStore } from '../src/index.js';
import type { AuthorizationCodeRecord, TokenRecord } from '../src/store.js';
import { createKyselyOAuthStore } from '../src/kysely/index.js';
import { oauthSuite, tokenRows } from './helpers.js';

const T0 = Date.UTC(2030, 0, 1);

function code(overrides: Partial<AuthorizationCodeRecord> = {}): AuthorizationCodeRecord {
  return {
    id: crypto.randomUUID(),
    codeHash: crypto.randomUUID().replaceAll('-', '').padEnd(64, '0'),
    grantId: crypto.randomUUID(),
    clientId: 'mcp_client_store',
    userId: `user_${crypto.randomUUID()}`,
    redirectUri: 'https://a.example/cb',
    scope: 'mcp',
    resource: 'https://api.example/mcp',
    codeChallenge: null,
    codeChallengeMethod: null,
    createdAt: T0,
    expiresAt: T0 + 300_000,
    usedAt: null,
    ...overrides,
  };
}

function pair(from: AuthorizationCodeRecord, overrides: Partial<TokenRecord> = {}): TokenRecord {
  return {
    id: crypto.randomUUID(),
    grantId: from.grantId,
    codeId: from.id,
    clientId: from.clientId,
    userId: from.userId,
    scope: 'mcp',
    resource: from.resource,
    accessTokenHash: crypto.randomUUID(),
    refreshTokenHash: crypto.randomUUID(),
    createdAt: T0,
    accessExpiresAt: T0 + 3_600_000,
    refreshExpiresAt: T0 + 30 * 86_400_000,
    rotatedAt: null,
    revokedAt: null,
    ...overrides,
  };
}

describe.each(testDatabases())('Kysely OAuth store on $name', ({ create }) => {
  const suite = oauthSuite(create);
  let store: OAuthStore;

  beforeAll(() => {
    store = createKyselyOAuthStore(suite.db);
  });

  it('creates its tables and its own migration bookkeeping tables', async () => {
    const tables = (await suite.db.introspection.getTables({ withInternalKyselyTables: true })).map(
      (t) => t.name,
    );
    for (const name of [
      'oauth_clients',
      'oauth_codes',
      'oauth_tokens',
      'oauth_migration',
      'oauth_migration_lock',
    ]) {
      expect(tables).toContain(name);
    }
  });

  it('round-trips a client, with null fields and lists intact', async () => {
    const client = {
      clientId: `mcp_client_${crypto.randomUUID()}`,
      clientSecretHash: null,
      clientName: null,
      redirectUris: ['https://a.example/cb', 'cursor://x/cb'],
      grantTypes: ['authorization_code', 'refresh_token'],
      responseTypes: ['code'],
      tokenEndpointAuthMethod: 'none' as const,
      applicationType: 'native' as const,
      createdAt: T0,
    };
    await store.createClient(client);
    expect(await store.getClient(client.clientId)).toEqual(client);
    expect(await store.getClient('mcp_client_missing')).toBeUndefined();
  });

  it('exchanges a code once, only before it expires, storing the pair in the same step', async () => {
    const record = code();
    await store.createAuthorizationCode(record);
    expect(await store.getAuthorizationCode(record.codeHash)).toEqual(record);
    expect(await store.exchangeAuthorizationCode(record.codeHash, record.expiresAt, pair(record))).toBe(
      false,
    );
    const first = pair(record);
    expect(await store.exchangeAuthorizationCode(record.codeHash, T0 + 1000, first)).toBe(true);
    expect(await store.exchangeAuthorizationCode(record.codeHash, T0 + 2000, pair(record))).toBe(false);
    expect((await store.getAuthorizationCode(record.codeHash))!.usedAt).toBe(T0 + 1000);
    expect(await store.getTokenByAccessTokenHash(first.accessTokenHash)).toEqual(first);
    const rows = await tokenRows(suite.db, 'grant_id', record.grantId);
    expect(rows).toHaveLength(1);
  });

  it('rotates a refresh token once; within a grace window again while the family lives', async () => {
    const record = code();
    await store.createAuthorizationCode(record);
    const first = pair(record);
    await store.exchangeAuthorizationCode(record.codeHash, T0, first);
    const second = pair(record);
    expect(await store.rotateRefreshToken(first.id, T0 + 10_000, second)).toBe(true);
    expect(await store.rotateRefreshToken(first.id, T0 + 11_000, pair(record))).toBe(false);
    expect(await store.getTokenByRefreshTokenHash(first.refreshTokenHash)).toMatchObject({
      rotatedAt: T0 + 10_000,
      revokedAt: T0 + 10_000,
    });
    const withinGrace = pair(record);
    expect(await store.rotateRefreshToken(first.id, T0 + 12_000, withinGrace, T0 + 5_000)).toBe(true);
    expect(await store.rotateRefreshToken(first.id, T0 + 12_000, pair(record), T0 + 10_001)).toBe(false);
    // The access-token hashes of the pairs it ended, so that caches can drop them at once.
    expect((await store.revokeGrant(record.grantId, T0 + 13_000)).sort()).toEqual(
      [second.accessTokenHash, withinGrace.accessTokenHash].sort(),
    );
    expect(await store.rotateRefreshToken(first.id, T0 + 14_000, pair(record), T0 + 5_000)).toBe(false);
    expect(await store.revokeGrant(record.grantId, T0 + 15_000)).toEqual([]);
  });

  it('does not rotate an expired refresh token', async () => {
    const record = code();
    await store.createAuthorizationCode(record);
    const first = pair(record);
    await store.exchangeAuthorizationCode(record.codeHash, T0, first);
    expect(await store.rotateRefreshToken(first.id, first.refreshExpiresAt, pair(record))).toBe(false);
  });

  it('deletes only what has expired', async () => {
    const old = code({ createdAt: T0 - 10 * 86_400_000, expiresAt: T0 - 9 * 86_400_000 });
    await store.createAuthorizationCode(old);
    const stale = pair(old, { accessExpiresAt: T0 - 86_400_000, refreshExpiresAt: T0 - 1 });
    await store.exchangeAuthorizationCode(old.codeHash, old.createdAt, stale);
    const fresh = code();
    await store.createAuthorizationCode(fresh);
    const removed = await store.deleteExpired(T0);
    expect(removed).toEqual({ codes: 1, tokens: 1 });
    expect(await store.getAuthorizationCode(old.codeHash)).toBeUndefined();
    expect(await store.getAuthorizationCode(fresh.codeHash)).toBeDefined();
  });

  it('keeps a used code past its expiry while a pair of its grant remains, for replay detection', async () => {
    const used = code();
    await store.createAuthorizationCode(used);
    const issued = pair(used);
    await store.exchangeAuthorizationCode(used.codeHash, T0, issued);
    const unused = code();
    await store.createAuthorizationCode(unused);
    const rotated = pair(used, {
      createdAt: T0 + 60_000,
      accessExpiresAt: T0 + 60_000 + 3_600_000,
      refreshExpiresAt: T0 + 60_000 + 30 * 86_400_000,
    });
    expect(await store.rotateRefreshToken(issued.id, T0 + 60_000, rotated)).toBe(true);

    await store.deleteExpired(used.expiresAt + 1);
    expect(await store.getAuthorizationCode(unused.codeHash)).toBeUndefined();
    expect(await store.getAuthorizationCode(used.codeHash)).toMatchObject({ usedAt: T0 });

    // The first pair's lifetimes end, the rotated one's do not: the code still has a live pair.
    await store.deleteExpired(issued.refreshExpiresAt);
    expect(await store.getTokenByRefreshTokenHash(issued.refreshTokenHash)).toBeUndefined();
    expect(await store.getAuthorizationCode(used.codeHash)).toBeDefined();

    await store.deleteExpired(rotated.refreshExpiresAt);
    expect(await store.getTokenByRefreshTokenHash(rotated.refreshTokenHash)).toBeUndefined();
    expect(await store.getAuthorizationCode(used.codeHash)).toBeUndefined();
  });
});
