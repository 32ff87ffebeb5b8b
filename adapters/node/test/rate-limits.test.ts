import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPostgresDb, type PostgresTestDatabase } from '@filing-mcp/test-db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, type ServeProcess, startServe } from './support/cli-process.js';
import { earlyInRateWindow } from './support/rate-window.js';
import { toolCallInit } from './support/http.js';

// Without limits, /register accepted about 1,000 registrations a second. The limits live in PostgreSQL,
// so two server processes on one database share them.
describe.skipIf(process.env.TEST_DB === 'pglite')(
  'rate limits shared by two server processes (PostgreSQL only: the counters are shared through a database server)',
  () => {
    let database: PostgresTestDatabase;
    let workDir: string;
    const servers: ServeProcess[] = [];
    /** The limits count per wall-clock minute: start a test early in one, so it never straddles two. */
    const env = () => ({
      DATABASE_URL: database.url,
      SESSION_JWT_SECRET: 'production-session-secret-with-at-least-32-chars',
      APP_URL: 'https://app.example.com',
      RATE_LIMIT_REGISTER_PER_MINUTE: '5',
      RATE_LIMIT_TOOLS_CALL_PER_MINUTE: '6',
    });

    beforeAll(async () => {
      database = await createPostgresDb();
      workDir = mkdtempSync(join(tmpdir(), 'filing-mcp-limits-'));
      // One after the other: both migrate at start.
      servers.push(await startServe({ cwd: workDir, env: env() }));
      servers.push(await startServe({ cwd: workDir, env: env() }));
    }, 300_000);

    afterAll(async () => {
      for (const serve of servers) {
        if (serve.child.exitCode === null) {
          serve.child.kill('SIGKILL');
          await serve.exited;
        }
      }
      await database?.close();
      rmSync(workDir, { recursive: true, force: true });
    });

    it('/register: 5 a minute per address across both processes, then 429 with Retry-After', async () => {
      await earlyInRateWindow();
      const statuses: number[] = [];
      let limited: Response | undefined;
      for (let i = 0; i < 10; i++) {
        const serve = servers[i % 2]!;
        const response = await fetch(`${serve.mcpUrl}/register`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ redirect_uris: ['http://127.0.0.1:9/cb'] }),
        });
        statuses.push(response.status);
        if (response.status === 429) limited = response;
        else await response.body?.cancel();
      }
      expect(statuses.filter((status) => status === 201)).toHaveLength(5);
      expect(statuses.filter((status) => status === 429)).toHaveLength(5);
      expect(Number(limited!.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await limited!.json()).toEqual({
        error: 'too_many_requests',
        error_description: 'rate limit reached; retry later',
      });
      const { rows } = await import('kysely').then(({ sql }) =>
        sql<{ n: number }>`select count(*)::int as n from oauth_clients`.execute(database.db),
      );
      expect(rows[0]!.n).toBe(5);
    });

    it('tools/call: the per-credential limit is shared, answered 429 with JSON-RPC -32004', async () => {
      const created = await runCli(['api-key', 'create', '--user', 'limited-user'], {
        cwd: workDir,
        env: { DATABASE_URL: database.url },
      });
      const key = created.stdout.trim();
      await earlyInRateWindow();
      const answers: Response[] = [];
      for (let i = 0; i < 20; i++) {
        const serve = servers[i % 2]!;
        answers.push(await fetch(serve.mcpUrl, toolCallInit(key, i, 'list_filings')));
      }
      const admitted = answers.filter((response) => response.status === 200).length;
      // Alone, each process would admit 6 (12 in all); shared, the two admit the limit, plus at
      // most half a limit that one process counted in memory and had not written yet.
      expect(admitted).toBeGreaterThanOrEqual(6);
      expect(admitted).toBeLessThanOrEqual(9);
      const limited = answers.find((response) => response.status === 429)!;
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await limited.json()).toMatchObject({
        jsonrpc: '2.0',
        error: {
          code: -32004,
          message: 'Too many requests: the tools/call limit of this credential is reached; retry later',
        },
      });
    });
  },
);
