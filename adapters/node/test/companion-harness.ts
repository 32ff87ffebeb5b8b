import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createFilingServer, FilingRepository, migrateToLatest } from '@filing-mcp/filing-domain';
import { createPGliteDb } from '@filing-mcp/test-db';
import { getRequestListener } from '@hono/node-server';
import type { Kysely } from 'kysely';
import { type CompanionApp, createCompanionApp } from '../src/companion/index.js';

/**
 * The filing server and the companion pages behind one node:http listener on port 0, on an
 * in-memory PGlite database: what `filing-mcp serve` mounts, composed here so the pages can be
 * tested on a real socket.
 */
export interface CompanionHarness {
  db: Kysely<any>;
  /** `http://127.0.0.1:<port>` */
  origin: string;
  baseUrl: string;
  appUrl: string;
  userId: string;
  sessionSecret: string;
  companion: CompanionApp;
  /** Stores a filing for a user directly (as create_filing would); answers its id. */
  createFiling(options: {
    kind?: 'filing' | 'partnership';
    userId?: string;
    llcName: string;
    formData: Record<string, unknown>;
  }): Promise<string>;
  /** Registers an OAuth client at `/register`; answers its client_id. */
  registerClient(redirectUris: string[], clientName?: string): Promise<string>;
  close(): Promise<void>;
}

/** Starts a {@link CompanionHarness}; one per test file (PGlite takes seconds to start). */
export async function startCompanionHarness(): Promise<CompanionHarness> {
  const database = await createPGliteDb();
  const { db } = database;
  await migrateToLatest(db);

  let handle: (request: Request) => Promise<Response> = async () => new Response('starting', { status: 503 });
  const server: Server = createServer(
    getRequestListener((request) => handle(request), { overrideGlobalObjects: false }),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  const baseUrl = `${origin}/mcp-server`;
  const appUrl = `${origin}/app`;
  const sessionSecret = randomBytes(48).toString('base64url');
  const userId = `local-${randomUUID()}`;

  // No credential cache: a revoked key must fail on the very next call, without waiting.
  const core = createFilingServer({
    db,
    config: { baseUrl, appUrl, session: { secret: sessionSecret }, authCacheTtlMs: 0 },
  });
  const companion = createCompanionApp({ db, appUrl, baseUrl, userId, sessionSecret, core });
  handle = async (request) => (await companion.fetch(request)) ?? core.fetch(request);

  return {
    db,
    origin,
    baseUrl,
    appUrl,
    userId,
    sessionSecret,
    companion,
    async createFiling(options) {
      const repository = new FilingRepository(db);
      return repository.createFiling(options.kind === 'partnership' ? 'partnership_filings' : 'filings', {
        userId: options.userId ?? userId,
        llcName: options.llcName,
        ein: '12-3456789',
        taxYearBegin: '2024-01-01',
        taxYearEnd: '2024-12-31',
        formData: options.formData,
      });
    },
    async registerClient(redirectUris, clientName) {
      const response = await fetch(`${baseUrl}/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ redirect_uris: redirectUris, client_name: clientName }),
      });
      if (response.status !== 201)
        throw new Error(`registration failed: ${response.status} ${await response.text()}`);
      return ((await response.json()) as { client_id: string }).client_id;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await core.close();
      await database.close();
    },
  };
}
