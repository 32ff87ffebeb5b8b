import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createFilingServer, FilingRepository, migrateToLatest } from '@filing-mcp/filing-domain';
import { EXAMPLE_SINGLE_MEMBER_FILING } from '@filing-mcp/irs-forms';
import { PacketBuilder } from '@filing-mcp/irs-forms/pdf';
import { createPGliteDb, type TestDatabase } from '@filing-mcp/test-db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CompanionApp, createCompanionApp } from '../src/index.js';

// What a serverless function does: no socket, no worker thread; the companion is a plain fetch
// handler and builds packets in process with irs-forms' PacketBuilder.
const templateDir = dirname(
  createRequire(import.meta.url).resolve('@filing-mcp/irs-forms/templates/f5472.pdf'),
);
const baseUrl = 'https://filing.example/mcp-server';
const appUrl = 'https://filing.example/app';
const userId = 'local-user';

let database: TestDatabase;
let companion: CompanionApp;
let close: () => Promise<void>;

beforeAll(async () => {
  database = await createPGliteDb();
  await migrateToLatest(database.db);
  const sessionSecret = randomBytes(48).toString('base64url');
  const packets = new PacketBuilder({ loadTemplate: (name) => readFile(join(templateDir, name)) });
  const core = createFilingServer({
    db: database.db,
    packets,
    config: { baseUrl, appUrl, session: { secret: sessionSecret } },
  });
  companion = createCompanionApp({ db: database.db, appUrl, baseUrl, userId, sessionSecret, core });
  close = () => core.close();
});

afterAll(async () => {
  await close?.();
  await database?.close();
});

describe('the companion as a plain fetch handler with in-process packets (PGlite only: no socket, the serverless shape)', () => {
  it('answers the owner’s PDF link with the packet built in process', async () => {
    const id = await new FilingRepository(database.db).createFiling('filings', {
      userId,
      llcName: 'Acme Holdings LLC',
      ein: '12-3456789',
      taxYearBegin: '2024-01-01',
      taxYearEnd: '2024-12-31',
      formData: EXAMPLE_SINGLE_MEMBER_FILING,
    });
    const response = await companion.fetch(new Request(`${appUrl}/filings/${id}/pdf`));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    const pdf = new Uint8Array(await response.arrayBuffer());
    expect(new TextDecoder().decode(pdf.subarray(0, 5))).toBe('%PDF-');
  });

  it('refuses a page under another Host than {app_url}’s with the 403 page, even without an allow-list', async () => {
    const response = await companion.fetch(
      new Request(`${appUrl}/api-keys`, { headers: { host: 'attacker.example' } }),
    );
    expect(response.status).toBe(403);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await response.text()).toContain('Unknown host');
  });

  it('hands a request outside the pages to the filing server', async () => {
    const response = await companion.fetch(
      new Request(baseUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
      }),
    );
    expect(await response.json()).toEqual({ jsonrpc: '2.0', id: 1, result: {} });
  });
});
