import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { migrateToLatest } from '@filing-mcp/filing-domain';
import { createPostgresDb, testDatabases } from '@filing-mcp/test-db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { remainingOAuthRows, type SeededOAuthRows, seedOAuthRows } from '@filing-mcp/conformance';
import { serveVercelFunction } from './vercel-runtime.js';

// api/oauth-cleanup.js (re-exporting the built dist/oauth-cleanup.js) exactly as Vercel loads it,
// called the way Vercel Cron calls it, on a real PostgreSQL database.
const packageDir = resolve(import.meta.dirname, '..');
const forwarded = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'filing-mcp.example.com' };
const savedEnv = { ...process.env };
const cronSecret = randomBytes(24).toString('base64url');

let database: Awaited<ReturnType<typeof createPostgresDb<any>>>;
let served: Awaited<ReturnType<typeof serveVercelFunction>>;
let seeded: SeededOAuthRows;
let allSeeded: { codes: string[]; tokens: string[] };

// The deployed entry speaks to PostgreSQL through pg only, so it is skipped when TEST_DB=pglite.
const withPostgres = testDatabases().some((database) => database.name === 'postgres');

beforeAll(async () => {
  if (!withPostgres) return;
  database = await createPostgresDb<any>();
  await migrateToLatest(database.db);
  seeded = await seedOAuthRows(database.db);
  allSeeded = {
    codes: [...seeded.expired.codes, ...seeded.live.codes].sort(),
    tokens: [...seeded.expired.tokens, ...seeded.live.tokens].sort(),
  };
  delete process.env.CRON_SECRET;
  Object.assign(process.env, {
    DATABASE_URL: database.url,
    MCP_BASE_URL: 'https://filing-mcp.example.com/api/mcp-server',
    APP_URL: 'https://app.filing-mcp.test',
    SESSION_JWT_SECRET: randomBytes(32).toString('base64url'),
  });
  served = await serveVercelFunction({
    functionPath: resolve(packageDir, 'api/oauth-cleanup.js'),
    route: '/api/oauth-cleanup',
    vercelJsonPath: resolve(packageDir, 'vercel.json'),
  });
});

afterAll(async () => {
  await served?.close();
  process.env = savedEnv;
  await database?.close();
});

/** A request as Vercel Cron sends it: GET, its user agent, and the Authorization header given. */
const cronCall = (authorization?: string, method = 'GET') =>
  fetch(`${served.url}/api/oauth-cleanup`, {
    method,
    headers: {
      ...forwarded,
      'user-agent': 'vercel-cron/1.0',
      ...(authorization !== undefined && { authorization }),
    },
  });

describe('vercel.json crons', () => {
  it('runs /api/oauth-cleanup, a function file of this project, on a schedule Vercel Hobby accepts (daily)', async () => {
    const vercelJson = JSON.parse(await readFile(resolve(packageDir, 'vercel.json'), 'utf8'));
    expect(vercelJson.crons).toEqual([{ path: '/api/oauth-cleanup', schedule: expect.any(String) }]);
    expect(vercelJson.functions).toHaveProperty(['api/oauth-cleanup.js']);
    // Hobby refuses at deploy time a cron expression that runs more than once a day.
    const [minute, hour, ...days] = vercelJson.crons[0].schedule.split(' ');
    expect(minute).toMatch(/^\d{1,2}$/);
    expect(hour).toMatch(/^\d{1,2}$/);
    expect(days).toEqual(['*', '*', '*']);
  });
});

const ONLY = '(PostgreSQL only: the deployed entry speaks to DATABASE_URL with pg)';
describe.runIf(withPostgres)(`api/oauth-cleanup.js on the Vercel runtime ${ONLY}`, () => {
  it('exports default { fetch }, which the runtime serves as a web handler', () => {
    expect(served.detected.kind).toBe('fetch');
  });

  it('answers 500 naming CRON_SECRET while it is unset, and deletes nothing', async () => {
    const response = await cronCall(`Bearer ${cronSecret}`);
    expect(response.status).toBe(500);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const body = (await response.json()) as { code: number; message: string };
    expect(body.code).toBe(500);
    expect(body.message).toMatch(/^CRON_SECRET is not set/);
    expect(await remainingOAuthRows(database.db, seeded.userId)).toEqual(allSeeded);
  });

  it('answers 401 without the secret, with a wrong one and with another scheme, and deletes nothing', async () => {
    process.env.CRON_SECRET = cronSecret;
    for (const authorization of [
      undefined,
      '',
      'Bearer',
      `Bearer ${cronSecret.slice(0, -1)}`,
      `Bearer ${cronSecret}x`,
      `Bearer ${randomBytes(24).toString('base64url')}`,
      `Basic ${Buffer.from(`user:${cronSecret}`).toString('base64')}`,
      cronSecret,
    ]) {
      const response = await cronCall(authorization);
      expect(response.status, String(authorization)).toBe(401);
      expect(response.headers.get('www-authenticate')).toBe('Bearer');
      expect(await response.json()).toEqual({
        code: 401,
        message: 'Unauthorized: send Authorization: Bearer <CRON_SECRET>.',
      });
    }
    expect(await remainingOAuthRows(database.db, seeded.userId)).toEqual(allSeeded);
  });

  it('answers 405 to another method even with the secret, and deletes nothing', async () => {
    const response = await cronCall(`Bearer ${cronSecret}`, 'POST');
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET');
    expect(await remainingOAuthRows(database.db, seeded.userId)).toEqual(allSeeded);
  });

  it('answers a plain 500 when the server cannot start (no DATABASE_URL), deletes nothing, and retries later', async () => {
    const databaseUrl = process.env.DATABASE_URL;
    delete process.env.DATABASE_URL;
    try {
      const response = await cronCall(`Bearer ${cronSecret}`);
      expect(response.status).toBe(500);
      expect(await response.json()).toEqual({ code: 500, message: 'Internal server error' });
    } finally {
      process.env.DATABASE_URL = databaseUrl;
    }
    expect(await remainingOAuthRows(database.db, seeded.userId)).toEqual(allSeeded);
  });

  it('with the secret: 200 with the counts; expired codes and tokens are gone, live ones kept', async () => {
    const response = await cronCall(`Bearer ${cronSecret}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    // This file's database holds no other codes or tokens, so the counts are exactly the seeded ones.
    expect(await response.json()).toEqual({ codes: 1, tokens: 1 });
    expect(await remainingOAuthRows(database.db, seeded.userId)).toEqual(seeded.live);
  });

  it('finds nothing more to delete on the next run', async () => {
    const response = await cronCall(`Bearer ${cronSecret}`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ codes: 0, tokens: 0 });
    expect(await remainingOAuthRows(database.db, seeded.userId)).toEqual(seeded.live);
  });
});
