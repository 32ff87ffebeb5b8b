import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type PostgresServer, startPostgresServer } from '@filing-mcp/test-db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServeProcess, startServe } from './support/cli-process.js';

const READINESS_TIMEOUT_MS = 1000;

interface ProbeAnswer {
  status: number;
  body: Record<string, unknown>;
}

function logLines(stdout: string): Array<Record<string, unknown>> {
  return stdout
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

// The whole life of a database under a running server, in order: up, frozen (SIGSTOP of every
// PostgreSQL process: connections stay open, nothing answers), thawed, stopped, started again.
// The PostgreSQL server is this file's own, since freezing the shared one would stall other tests.
describe('GET /healthz and /readyz of filing-mcp serve on PostgreSQL (child process)', () => {
  let postgres: PostgresServer;
  let serve: ServeProcess;
  let workDir: string;

  const probe = async (path: '/healthz' | '/readyz'): Promise<ProbeAnswer> => {
    const response = await fetch(`${serve.origin}${path}`, { signal: AbortSignal.timeout(20_000) });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };

  /** Probes /readyz until it answers 200 (the database needs a moment after SIGCONT or a restart). */
  const readyAgain = async (): Promise<ProbeAnswer> => {
    let answer = await probe('/readyz');
    for (let attempt = 0; answer.status !== 200 && attempt < 100; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      answer = await probe('/readyz');
    }
    return answer;
  };

  beforeAll(async () => {
    postgres = await startPostgresServer();
    workDir = mkdtempSync(join(tmpdir(), 'filing-mcp-health-'));
    serve = await startServe({
      cwd: workDir,
      env: {
        DATABASE_URL: postgres.url,
        APP_URL: 'https://app.example.com',
        SESSION_JWT_SECRET: 'health-test-secret-health-test-secret',
        READINESS_TIMEOUT_MS: String(READINESS_TIMEOUT_MS),
        LOG_LEVEL: 'info',
      },
    });
  }, 180_000);

  afterAll(async () => {
    postgres?.thaw();
    if (serve && serve.child.exitCode === null) {
      serve.child.kill('SIGKILL');
      await serve.exited;
    }
    await postgres?.stop();
    if (workDir) rmSync(workDir, { recursive: true, force: true });
  });

  it('answers 200 to both while the database is up, with no credential and nothing about the build', async () => {
    expect(await probe('/healthz')).toEqual({ status: 200, body: { status: 'ok' } });
    expect(await probe('/readyz')).toEqual({ status: 200, body: { status: 'ready' } });
  });

  it('does not log a healthy probe at info level', async () => {
    await probe('/healthz');
    await probe('/readyz');
    // The line of the request below comes after the probes' lines would have: wait for it.
    await fetch(`${serve.origin}/mcp-server`, { method: 'GET' });
    const requestLines = () => logLines(serve.output().stdout).filter((line) => line.msg === 'request');
    for (
      let attempt = 0;
      attempt < 50 && !requestLines().some((line) => line.path === '/mcp-server');
      attempt++
    ) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const lines = requestLines();
    expect(lines.some((line) => line.path === '/mcp-server')).toBe(true);
    expect(lines.filter((line) => line.path === '/healthz' || line.path === '/readyz')).toEqual([]);
  });

  it('answers /readyz 503 database_timeout while the database is frozen, /healthz still 200, and 200 again once it is thawed', async () => {
    postgres.freeze();
    try {
      const frozen = await probe('/readyz');
      expect(frozen.status).toBe(503);
      expect(frozen.body).toEqual({
        status: 'unavailable',
        reason: 'database_timeout',
        message: `the database did not answer within ${READINESS_TIMEOUT_MS} ms`,
      });
      expect(await probe('/healthz')).toEqual({ status: 200, body: { status: 'ok' } });
      // A second probe while the first query is still stuck gets the same answer.
      expect((await probe('/readyz')).body.reason).toBe('database_timeout');
    } finally {
      postgres.thaw();
    }
    expect(await readyAgain()).toEqual({ status: 200, body: { status: 'ready' } });
    const failed = logLines(serve.output().stdout).filter(
      (line) => line.msg === 'request' && line.path === '/readyz' && line.status === 503,
    );
    expect(failed.length).toBeGreaterThan(0);
    expect(failed.every((line) => line.level === 'warn')).toBe(true);
  });

  it('answers /readyz 503 database_unavailable while the database is stopped, and 200 again once it is back', async () => {
    await postgres.halt();
    const stopped = await probe('/readyz');
    expect(stopped).toEqual({
      status: 503,
      body: { status: 'unavailable', reason: 'database_unavailable', message: 'the database is unavailable' },
    });
    expect(await probe('/healthz')).toEqual({ status: 200, body: { status: 'ok' } });
    await postgres.start();
    expect(await readyAgain()).toEqual({ status: 200, body: { status: 'ready' } });
  });
});
