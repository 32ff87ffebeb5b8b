import type { FilingDatabase } from '../../src/storage/database.js';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { testDatabases } from '@filing-mcp/test-db';
import { CompiledQuery, Kysely, PostgresDialect } from 'kysely';
import { describe, expect, it } from 'vitest';
import { API_KEY_BY_HASH, TOUCH_API_KEY } from '../../src/auth/api-keys.js';
import { createApiKey, createFilingServer, listApiKeys, revokeApiKey } from '../../src/index.js';
import { CredentialCache } from '../../src/auth/credential-cache.js';
import {
  APP_URL,
  BASE_URL,
  callTool,
  type Harness,
  newUser,
  oauthGrant,
  ok,
  QueryLog,
  rpc,
  SESSION_SECRET,
  useHarness,
} from '../support/helpers.js';

const CHALLENGE = `Bearer realm="mcp", resource_metadata="${BASE_URL}/.well-known/oauth-protected-resource"`;

function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

async function expectUnauthorized(harness: Harness, credential: string | undefined): Promise<void> {
  const response = await rpc(
    harness.server,
    'tools/call',
    { name: 'list_filings', arguments: {} },
    { credential },
  );
  expect(response.status).toBe(401);
  const challenge = response.headers.get('www-authenticate') ?? '';
  expect(challenge.startsWith(CHALLENGE)).toBe(true);
  if (credential !== undefined) expect(challenge).toContain('error="invalid_token"');
  expect(response.headers.get('access-control-allow-origin')).toBe('*');
  const body: any = await response.json();
  expect(body).toMatchObject({ jsonrpc: '2.0', error: { code: -32001, message: 'Unauthorized' } });
  expect(body.id).toEqual(expect.any(Number));
}

/** register -> approve -> token through the composed server's fetch: a real mcp_at_ token. */
async function oauthAccessToken(harness: Harness, userId: string): Promise<string> {
  return (await oauthGrant(harness.server, userId)).accessToken;
}

describe.each(testDatabases())('authentication on $name', (variant) => {
  const harness = useHarness(variant);

  describe('maintenance', () => {
    it('cleanup() deletes expired OAuth codes and tokens, and keeps live ones', async () => {
      const userId = `user-${randomUUID()}`;
      const accessToken = await oauthAccessToken(harness(), userId);
      const tokenRow = () =>
        harness()
          .db.selectFrom('oauth_tokens')
          .select('id')
          .where('access_token_hash', '=', sha256(accessToken))
          .executeTakeFirst();
      expect(await harness().server.cleanup()).toMatchObject({ tokens: 0 });
      expect(await tokenRow()).toBeDefined();

      const pastRefreshExpiry = 31 * 24 * 3600 * 1000;
      harness().advance(pastRefreshExpiry);
      try {
        const deleted = await harness().server.cleanup();
        expect(deleted.tokens).toBeGreaterThanOrEqual(1);
        expect(deleted.codes).toBeGreaterThanOrEqual(1);
        expect(await tokenRow()).toBeUndefined();
      } finally {
        harness().advance(-pastRefreshExpiry);
      }
    });
  });

  describe('API keys', () => {
    it('createApiKey answers nf_ + 64 hex once and stores only its SHA-256', async () => {
      const userId = `user-${randomUUID()}`;
      const created = await createApiKey(harness().db, { userId, name: 'laptop' });
      expect(created.key).toMatch(/^nf_[0-9a-f]{64}$/);
      expect(created.key).toHaveLength(67);
      expect(created.prefix).toBe(created.key.slice(0, 11));
      expect(created.expiresAt).toBeNull();
      const rows = await harness()
        .db.selectFrom('api_keys')
        .selectAll()
        .where('user_id', '=', userId)
        .execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]!.key_hash).toBe(sha256(created.key));
      expect(JSON.stringify(rows)).not.toContain(created.key.slice(3));
    });

    it('listApiKeys never answers a key or a hash; revokeApiKey deletes only the owner’s key', async () => {
      const userId = `user-${randomUUID()}`;
      const first = await createApiKey(harness().db, { userId, name: 'one' });
      const expiresAt = new Date(Date.now() + 86_400_000);
      const second = await createApiKey(harness().db, { userId, expiresAt });
      const listed = await listApiKeys(harness().db, userId);
      expect(listed.map((key) => key.id).sort()).toEqual([first.id, second.id].sort());
      for (const key of listed) {
        expect(Object.keys(key).sort()).toEqual([
          'createdAt',
          'expiresAt',
          'id',
          'lastUsedAt',
          'name',
          'prefix',
          'scope',
        ]);
      }
      expect(listed.find((key) => key.id === second.id)?.expiresAt).toBe(expiresAt.toISOString());
      expect(JSON.stringify(listed)).not.toContain(sha256(first.key));

      expect(await revokeApiKey(harness().db, first.id, 'someone-else')).toBe(false);
      expect(await revokeApiKey(harness().db, 'not-a-uuid')).toBe(false);
      expect(await revokeApiKey(harness().db, first.id, userId)).toBe(true);
      expect(await revokeApiKey(harness().db, first.id, userId)).toBe(false);
      expect((await listApiKeys(harness().db, userId)).map((key) => key.id)).toEqual([second.id]);
    });

    it('a valid key authenticates tools/call as its owner', async () => {
      const { key } = await newUser(harness().db);
      expect(await ok(harness().server, key, 'list_filings')).toEqual({ filings: [] });
    });

    it('missing, unknown, malformed and non-Bearer credentials answer the 401 challenge', async () => {
      await expectUnauthorized(harness(), undefined);
      await expectUnauthorized(harness(), `nf_${randomBytes(32).toString('hex')}`);
      await expectUnauthorized(harness(), 'nf_tooshort');
      await expectUnauthorized(harness(), `nf_${'G'.repeat(64)}`);
      await expectUnauthorized(harness(), 'mcp_at_unknown-token');
      await expectUnauthorized(harness(), 'some-other-token');
      await expectUnauthorized(harness(), `nf_${'a'.repeat(5000)}`);
    });

    it('an expired key answers 401; a key expiring later works', async () => {
      const userId = `user-${randomUUID()}`;
      const expired = await createApiKey(harness().db, { userId, expiresAt: new Date(Date.now() - 1000) });
      await expectUnauthorized(harness(), expired.key);
      const later = await createApiKey(harness().db, { userId, expiresAt: new Date(Date.now() + 3_600_000) });
      await ok(harness().server, later.key, 'list_filings');
    });

    it('a cached key stops working when it expires, even within the cache TTL', async () => {
      // The server's clock stands still while the key lives 2 s on it: no real time has to pass, and
      // a slow machine cannot let the key expire before its first use.
      const resume = harness().freeze();
      try {
        const userId = `user-${randomUUID()}`;
        const soon = await createApiKey(harness().db, {
          userId,
          expiresAt: new Date(harness().now() + 2000),
        });
        await ok(harness().server, soon.key, 'list_filings');
        harness().advance(2500);
        try {
          await expectUnauthorized(harness(), soon.key);
        } finally {
          harness().advance(-2500);
        }
      } finally {
        resume();
      }
    });

    it('a revoked key keeps working at most for the cache TTL, then answers 401', async () => {
      const { userId, key } = await newUser(harness().db);
      await ok(harness().server, key, 'list_filings');
      const [apiKey] = await listApiKeys(harness().db, userId);
      expect(await revokeApiKey(harness().db, apiKey!.id, userId)).toBe(true);
      harness().advance(5001);
      await expectUnauthorized(harness(), key);
    });

    it('a 401 on initialize only when the credential is present and invalid; none needed without one', async () => {
      const bare = await rpc(harness().server, 'initialize', {
        protocolVersion: '2025-06-18',
        capabilities: {},
        clientInfo: { name: 't', version: '1' },
      });
      expect(bare.status).toBe(200);
      const bad = await rpc(
        harness().server,
        'initialize',
        { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } },
        { credential: `nf_${'0'.repeat(64)}` },
      );
      expect(bad.status).toBe(401);
    });
  });

  describe('round trips and the last-used time', () => {
    it('a tools/call costs two statements, then one within the cache TTL; last_used_at is written in the background', async () => {
      const { userId, key } = await newUser(harness().db);
      const background: Promise<unknown>[] = [];
      await harness().settle();
      harness().queryLog.clear();
      const first = await callTool(harness().server, key, 'list_filings', {}, { background });
      expect(first.isError).toBe(false);
      // The last-used write was handed to waitUntil, not awaited on the response's path.
      expect(background).toHaveLength(1);
      await Promise.all(background);
      // The key's lookup and its last-used write go as SQL text (API_KEY_BY_HASH, TOUCH_API_KEY),
      // which the log records as `compiled query`: the lookup first, then the tool's read and the
      // background write in either order.
      const statements = harness().queryLog.statements;
      expect(statements[0]).toBe('compiled query');
      expect(statements.filter((s) => s !== 'compiled query')).toEqual(['select filings']);
      expect(statements.filter((s) => s === 'compiled query')).toHaveLength(2);
      const [touched] = await listApiKeys(harness().db, userId);
      expect(touched!.lastUsedAt).not.toBeNull();

      harness().queryLog.clear();
      background.length = 0;
      await callTool(harness().server, key, 'get_form_schema', { kind: '5472' }, { background });
      await callTool(harness().server, key, 'list_payments', {}, { background });
      expect(background).toHaveLength(0);
      expect(harness().queryLog.statements).toEqual(['select payments']);

      // Past the TTL the key is looked up again, but last_used_at is not rewritten within a minute.
      harness().advance(6000);
      harness().queryLog.clear();
      await callTool(harness().server, key, 'list_fax_logs', {}, { background });
      await Promise.all(background);
      expect(background).toHaveLength(0);
      // The rate limiter writes the calls it counted in memory in the background, at most once a
      // second per credential; that write is not on the request's path.
      expect(harness().queryLog.statements.filter((s) => s !== 'insert rate_limit_counters')).toEqual([
        'compiled query',
        'select fax_logs',
      ]);
      expect((await listApiKeys(harness().db, userId))[0]!.lastUsedAt).toBe(touched!.lastUsedAt);

      // After a minute it is written again.
      harness().advance(60_000);
      await callTool(harness().server, key, 'list_filings', {}, { background });
      expect(background).toHaveLength(1);
      await Promise.all(background);
      const later = (await listApiKeys(harness().db, userId))[0]!.lastUsedAt!;
      expect(new Date(later).getTime()).toBeGreaterThan(new Date(touched!.lastUsedAt!).getTime());
    });

    it('a malformed or foreign-prefixed credential costs no database statement', async () => {
      await harness().settle();
      harness().queryLog.clear();
      await expectUnauthorized(harness(), 'nf_short');
      await expectUnauthorized(harness(), 'Basic-ish');
      expect(harness().queryLog.statements).toEqual([]);
    });
  });

  describe('the lookup on the driver (databaseQuery, as the serverless entries give it)', () => {
    it('an API key is looked up and touched through databaseQuery, not through db', async () => {
      const { key } = await newUser(harness().db);
      const sent: [string, readonly unknown[]][] = [];
      const raw = harness().db;
      const queryLog = new QueryLog();
      const server = createFilingServer({
        db: raw.withPlugin(queryLog),
        databaseQuery: async () => async (text, values) => {
          sent.push([text, values]);
          return raw.executeQuery(CompiledQuery.raw(text, [...values]));
        },
        config: { baseUrl: BASE_URL, appUrl: APP_URL, session: { secret: SESSION_SECRET } },
      });
      try {
        const background: Promise<unknown>[] = [];
        const answer = await callTool(server, key, 'get_form_schema', { kind: '5472' }, { background });
        expect(answer.isError).toBe(false);
        await Promise.all(background);
        expect(sent.map(([text]) => text)).toEqual([API_KEY_BY_HASH, TOUCH_API_KEY]);
        expect(sent[0]![1]).toEqual([sha256(key)]);
        // Neither statement went through the Kysely instance.
        expect(queryLog.statements).not.toContain('compiled query');
        expect(await callTool(server, `nf_${'0'.repeat(64)}`, 'get_form_schema', {})).toMatchObject({
          status: 401,
        });
        expect(sent).toHaveLength(3);
      } finally {
        await server.close();
      }
    });
  });

  describe('OAuth access tokens', () => {
    it('an mcp_at_ token from the OAuth flow authenticates as the approving user', async () => {
      const userId = `user-${randomUUID()}`;
      const token = await oauthAccessToken(harness(), userId);
      const { id } = await ok(harness().server, token, 'create_filing', {
        form_data: { llcName: 'OAuth LLC' },
      });
      const row = await harness()
        .db.selectFrom('filings')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(row.user_id).toBe(userId);
      // Another user's API key does not see it.
      const other = await newUser(harness().db);
      const background: Promise<unknown>[] = [];
      expect((await callTool(harness().server, other.key, 'get_filing', { id }, { background })).text).toBe(
        'Filing not found',
      );
      // Let that key's last-used write land before counting this token's statements.
      await Promise.all(background);
      await harness().settle();
      harness().queryLog.clear();
      await ok(harness().server, token, 'list_filings');
      expect(harness().queryLog.statements).toEqual(['select filings']);
    });
  });
});

describe('CredentialCache', () => {
  const auth = { userId: 'u' };

  it('evicts the oldest entry beyond its bound', () => {
    const cache = new CredentialCache({ ttlMs: 1000, maxEntries: 2 });
    cache.set('a', auth, 0);
    cache.set('b', auth, 0);
    cache.set('c', auth, 0);
    expect(cache.size).toBe(2);
    expect(cache.get('a', 1)).toBeUndefined();
    expect(cache.get('c', 1)).toBe(auth);
  });

  it('forgets entries after the TTL or the credential’s expiry, and holds nothing with TTL 0', () => {
    const cache = new CredentialCache({ ttlMs: 1000, maxEntries: 10 });
    cache.set('a', auth, 0);
    cache.set('b', auth, 0, 500);
    expect(cache.get('a', 999)).toBe(auth);
    expect(cache.get('a', 1000)).toBeUndefined();
    expect(cache.get('b', 499)).toBe(auth);
    expect(cache.get('b', 500)).toBeUndefined();
    const disabled = new CredentialCache({ ttlMs: 0, maxEntries: 10 });
    disabled.set('a', auth, 0);
    expect(disabled.get('a', 0)).toBeUndefined();
  });
});

describe('the credential statements, as text', () => {
  // What Kysely compiled for the lookup and the last-used write before they were sent as text:
  // the same statements, so the check reads and writes exactly what it did.
  it('are what the query builder compiles', () => {
    const db = new Kysely<FilingDatabase>({ dialect: new PostgresDialect({ pool: {} as never }) });
    const lookup = db
      .selectFrom('api_keys')
      .select(['id', 'user_id', 'prefix', 'expires_at', 'last_used_at', 'scope'])
      .where('key_hash', '=', 'hash')
      .compile();
    expect(lookup.sql).toBe(API_KEY_BY_HASH);
    expect(lookup.parameters).toEqual(['hash']);
    const now = new Date(1_000_000);
    const threshold = new Date(940_000);
    const touch = db
      .updateTable('api_keys')
      .set({ last_used_at: now })
      .where('id', '=', 'key-id')
      .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', threshold)]))
      .compile();
    expect(touch.sql).toBe(TOUCH_API_KEY);
    expect(touch.parameters).toEqual([now, 'key-id', threshold]);
  });
});
