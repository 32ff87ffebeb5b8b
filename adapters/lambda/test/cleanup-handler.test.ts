import type { FilingDatabase } from '@filing-mcp/filing-domain';
import { randomBytes } from 'node:crypto';
import { createFilingServer, type FilingServer, migrateToLatest } from '@filing-mcp/filing-domain';
import { testDatabases } from '@filing-mcp/test-db';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCleanupHandler } from '../src/index.js';
import { scheduledEvent } from './lambda-events.js';
import { remainingOAuthRows, seedOAuthRows } from '@filing-mcp/conformance';

describe.each(testDatabases())('createCleanupHandler ($name)', ({ create }) => {
  let database: { db: Kysely<FilingDatabase>; close(): Promise<void> };
  let server: FilingServer;

  beforeAll(async () => {
    database = await create();
    await migrateToLatest(database.db);
    server = createFilingServer({
      db: database.db,
      config: {
        baseUrl: 'https://filing-mcp.example/mcp-server',
        appUrl: 'https://app.filing-mcp.example',
        session: { secret: randomBytes(32).toString('base64url') },
      },
    });
  });

  afterAll(async () => {
    await server?.close();
    await database?.close();
  });

  it('deletes only expired rows, answers and logs the counts, with the schedule time', async () => {
    const seeded = await seedOAuthRows(database.db);
    const lines: string[] = [];
    const handler = createCleanupHandler(server, { log: (line) => lines.push(line) });
    const event = scheduledEvent(new Date('2026-03-01T12:15:00Z'));
    // Other tests of this database may have left expired rows too, so count at least ours.
    const counts = await handler(event);
    expect(counts.codes).toBeGreaterThanOrEqual(1);
    expect(counts.tokens).toBeGreaterThanOrEqual(1);
    expect(await remainingOAuthRows(database.db, seeded.userId)).toEqual(seeded.live);
    expect(lines.map((line) => JSON.parse(line))).toEqual([
      { source: 'filing-mcp', event: 'oauth_cleanup', ...counts, scheduledAt: '2026-03-01T12:15:00Z' },
    ]);
    expect(await handler(event)).toEqual({ codes: 0, tokens: 0 });
  });

  it('asks a target function on every run, so a failed start is retried, and rethrows after logging', async () => {
    const lines: string[] = [];
    let attempts = 0;
    const handler = createCleanupHandler(
      () => {
        attempts += 1;
        if (attempts === 1) throw new Error('DATABASE_URL is not set');
        return server;
      },
      { log: (line) => lines.push(line) },
    );
    await expect(handler(scheduledEvent())).rejects.toThrow('DATABASE_URL is not set');
    const seeded = await seedOAuthRows(database.db);
    await expect(handler(scheduledEvent())).resolves.toMatchObject({ codes: 1, tokens: 1 });
    expect(attempts).toBe(2);
    expect(await remainingOAuthRows(database.db, seeded.userId)).toEqual(seeded.live);
    expect(JSON.parse(lines[0]!)).toMatchObject({
      event: 'oauth_cleanup_failed',
      errorName: 'Error',
      errorMessage: 'DATABASE_URL is not set',
    });
  });
});
