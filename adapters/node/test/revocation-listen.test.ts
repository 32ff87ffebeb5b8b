import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPostgresDb } from '@filing-mcp/test-db';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CREDENTIAL_LISTENER_APPLICATION_NAME } from '../src/credential-listener.js';
import { runCli, type ServeProcess, startServe } from './support/cli-process.js';

const TOOLS_CALL = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'tools/call',
  params: { name: 'list_filings', arguments: {} },
});
/** The bound for a credential ended in another process (the cache TTL here is 60 s). */
const CROSS_PROCESS_BOUND_MS = 1000;
const CACHE_TTL_MS = 60_000;

async function status(serve: ServeProcess, key: string): Promise<number> {
  const response = await fetch(serve.mcpUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
    body: TOOLS_CALL,
  });
  await response.arrayBuffer();
  return response.status;
}

/** Polls until the server answers 401 to the key; answers whether it did before `boundMs`. */
async function refusedWithin(serve: ServeProcess, key: string, boundMs: number): Promise<boolean> {
  const deadline = Date.now() + boundMs;
  do {
    if ((await status(serve, key)) === 401) return true;
    await new Promise((resolve) => setTimeout(resolve, 25));
  } while (Date.now() < deadline);
  return (await status(serve, key)) === 401;
}

describe.skipIf(process.env.TEST_DB === 'pglite')(
  'revocation across processes (PostgreSQL only: LISTEN/NOTIFY between processes needs a shared server; PGlite is one process)',
  () => {
    let database: Awaited<ReturnType<typeof createPostgresDb>>;
    let workDir: string;
    const serves: ServeProcess[] = [];
    let env: Record<string, string>;

    beforeAll(async () => {
      database = await createPostgresDb();
      workDir = mkdtempSync(join(tmpdir(), 'filing-mcp-revocation-'));
      env = {
        DATABASE_URL: database.url,
        SESSION_JWT_SECRET: 'production-session-secret-with-at-least-32-chars',
        APP_URL: 'https://app.example.com',
        AUTH_CACHE_TTL_MS: String(CACHE_TTL_MS),
      };
      // One after the other: each migrates at start.
      serves.push(await startServe({ cwd: workDir, env }));
      serves.push(await startServe({ cwd: workDir, env }));
    }, 300_000);

    afterAll(async () => {
      for (const serve of serves) {
        if (serve.child.exitCode === null) {
          serve.child.kill('SIGKILL');
          await serve.exited;
        }
      }
      await database?.close();
      rmSync(workDir, { recursive: true, force: true });
    });

    async function createKey(): Promise<{ key: string; id: string }> {
      const created = await runCli(['api-key', 'create', '--user', 'listen-user'], {
        cwd: workDir,
        env: { DATABASE_URL: database.url },
      });
      expect(created.code).toBe(0);
      return { key: created.stdout.trim(), id: /\(id ([0-9a-f-]{36})\)/.exec(created.stderr)![1]! };
    }

    async function listenerPids(): Promise<number[]> {
      const { rows } = await sql<{ pid: number }>`
        select pid from pg_stat_activity where application_name = ${CREDENTIAL_LISTENER_APPLICATION_NAME}
        and datname = current_database() order by pid`.execute(database.db);
      return rows.map((row) => row.pid);
    }

    it('`filing-mcp api-key revoke` in a third process: both servers refuse the cached key within 1 s', async () => {
      expect(await listenerPids()).toHaveLength(2);
      const { key, id } = await createKey();
      for (const serve of serves) expect(await status(serve, key)).toBe(200);

      const revoked = await runCli(['api-key', 'revoke', id], {
        cwd: workDir,
        env: { DATABASE_URL: database.url },
      });
      expect(revoked.code).toBe(0);
      const refused = await Promise.all(
        serves.map((serve) => refusedWithin(serve, key, CROSS_PROCESS_BOUND_MS)),
      );
      expect(refused).toEqual([true, true]);
    }, 120_000);

    it('a dropped notification connection: a revoke during the gap is refused within the TTL; the listener reconnects', async () => {
      const { key, id } = await createKey();
      for (const serve of serves) expect(await status(serve, key)).toBe(200);
      const before = await listenerPids();
      expect(before).toHaveLength(2);

      // Cut both listeners and delete the key in the same round trip, before any can reconnect.
      await sql`select pg_terminate_backend(pid) from pg_stat_activity
        where application_name = ${CREDENTIAL_LISTENER_APPLICATION_NAME} and datname = current_database()`.execute(
        database.db,
      );
      await sql`delete from api_keys where id = ${id}`.execute(database.db);
      const refused = await Promise.all(serves.map((serve) => refusedWithin(serve, key, CACHE_TTL_MS)));
      expect(refused).toEqual([true, true]);

      // Both listeners are back, on new connections, and announcements work again.
      let after: number[] = [];
      for (let i = 0; i < 200 && after.length < 2; i++) {
        after = (await listenerPids()).filter((pid) => !before.includes(pid));
        if (after.length < 2) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(after).toHaveLength(2);
      // The log line follows the new connection by up to the logger's 10 ms batch, and the pipe.
      for (let i = 0; i < 50; i++) {
        if (serves.every((serve) => serve.output().stdout.includes('credential_listener_reconnected'))) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      for (const serve of serves) {
        expect(serve.output().stdout).toContain('credential_listener_lost');
        expect(serve.output().stdout).toContain('credential_listener_reconnected');
      }
      const next = await createKey();
      for (const serve of serves) expect(await status(serve, next.key)).toBe(200);
      const revoked = await runCli(['api-key', 'revoke', next.id], {
        cwd: workDir,
        env: { DATABASE_URL: database.url },
      });
      expect(revoked.code).toBe(0);
      const refusedAgain = await Promise.all(
        serves.map((serve) => refusedWithin(serve, next.key, CROSS_PROCESS_BOUND_MS)),
      );
      expect(refusedAgain).toEqual([true, true]);
    }, 180_000);
  },
);
