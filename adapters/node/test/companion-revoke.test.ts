import { randomBytes } from 'node:crypto';
import { createApiKey, migrateToLatest } from '@filing-mcp/filing-domain';
import { type TestDatabase, testDatabases } from '@filing-mcp/test-db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger, createNodeServer, type NodeServer } from '../src/index.js';

const TOOLS_CALL = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'tools/call',
  params: { name: 'list_filings', arguments: {} },
});

describe.each(testDatabases())(
  'an API key revoked on the companion page stops working at once (cache TTL 60 s) on $name',
  ({ create }) => {
    let database: TestDatabase;
    let server: NodeServer;
    const userId = 'page-user';

    beforeAll(async () => {
      database = await create();
      await migrateToLatest(database.db);
      server = await createNodeServer({
        db: database.db,
        port: 0,
        config: ({ origin }) => ({
          baseUrl: `${origin}/mcp-server`,
          appUrl: `${origin}/app`,
          session: { secret: randomBytes(32).toString('base64url') },
          authCacheTtlMs: 60_000,
        }),
        companion: { userId },
        logger: createLogger({ level: 'silent' }),
        cleanupIntervalMs: 0,
      });
    });
    afterAll(async () => {
      await server?.close();
      await database?.close();
    });

    const call = async (key: string) =>
      (
        await fetch(server.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
          body: TOOLS_CALL,
        })
      ).status;

    it('Revoke, then the very next call answers 401', async () => {
      const { key, id } = await createApiKey(database.db, { userId });
      expect(await call(key)).toBe(200);
      const page = await fetch(`${server.appUrl}/api-keys`);
      const cookie = (page.headers.get('set-cookie') ?? '').split(';')[0]!;
      const token = /name="csrf_token" value="([^"]+)"/.exec(await page.text())![1]!;
      const revoked = await fetch(`${server.appUrl}/api-keys/${id}/revoke`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
        body: new URLSearchParams({ csrf_token: token }).toString(),
      });
      expect(revoked.status).toBe(303);
      expect(await call(key)).toBe(401);
    });
  },
);
