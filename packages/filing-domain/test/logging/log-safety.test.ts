import { createPGliteDb } from '@filing-mcp/test-db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isClientDisconnect } from '../../src/index.js';
import { logSafeText, MAX_LOG_VALUE_LENGTH } from '../../src/logging/log-safety.js';
import { BASE_URL, type Harness, startHarness } from '../support/helpers.js';

describe('log safety', () => {
  it('strips control characters and lone surrogates, keeps pairs, and cuts long values', () => {
    expect(logSafeText('a\nb\r\u0000c\u009bd')).toBe('abcd');
    expect(logSafeText('x\ud800y\udc00z \ud83d\ude00')).toBe('xyz \ud83d\ude00');
    const long = logSafeText('c'.repeat(3000));
    expect(long).toBe(`${'c'.repeat(MAX_LOG_VALUE_LENGTH)}...`);
    expect(logSafeText('short')).toBe('short');
  });

  it('recognises a client going away, not a database failure', () => {
    expect(isClientDisconnect(Object.assign(new Error('x'), { name: 'AbortError' }))).toBe(true);
    expect(isClientDisconnect(new TypeError('terminated'))).toBe(true);
    expect(isClientDisconnect(new Error('relation does not exist'))).toBe(false);
  });

  // authorize_error warnings once copied the caller's raw client_id, seen at 3,000 characters.
  describe('through the server (PGlite only: log lines do not depend on the database)', () => {
    let harness: Harness;
    beforeAll(async () => {
      harness = await startHarness({ name: 'pglite', create: createPGliteDb });
    });
    afterAll(async () => {
      await harness?.close();
    });

    it('a 3,000-character client_id with a line break reaches the log cut and on one line', async () => {
      const clientId = `${'a'.repeat(10)}\r\nforged=1${'b'.repeat(3000)}`;
      const response = await harness.server.fetch(
        new Request(
          `${BASE_URL}/authorize?${new URLSearchParams({ client_id: clientId, redirect_uri: 'x', response_type: 'code' })}`,
        ),
      );
      expect(response.status).toBe(400);
      const event = harness.logs.find((logged) => logged.event === 'authorize_error');
      expect(event?.clientId).toBe(`${'a'.repeat(10)}forged=1${'b'.repeat(MAX_LOG_VALUE_LENGTH - 18)}...`);
    });
  });
});
