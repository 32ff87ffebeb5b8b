import type { FilingDatabase } from '@filing-mcp/filing-domain';
import { randomBytes, randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { dirname } from 'node:path';
import {
  createFilingServer,
  FilingRepository,
  type FilingServer,
  migrateToLatest,
} from '@filing-mcp/filing-domain';
import { PacketBuilder } from '@filing-mcp/irs-forms/pdf';
import { createNodeListener } from '@filing-mcp/node-http';
import { loopbackAllowList } from '@filing-mcp/protocol';
import { createPGliteDb, type DatabaseVariant } from '@filing-mcp/test-db';
import type { Kysely } from 'kysely';
import { type MountedCompanion, mountCompanion } from '../src/index.js';

const templateDir = `${dirname(createRequire(import.meta.url).resolve('@filing-mcp/irs-forms/templates/f5472.pdf'))}/`;

/** irs-forms' in-process builder on the vendored templates: the packet port as serverless fills it. */
export function inProcessPackets(): PacketBuilder {
  return new PacketBuilder({ loadTemplate: (name) => readFile(templateDir + name) });
}

/**
 * The companion in front of a filing server, both built as a deployment builds them
 * (`createFilingServer` on an in-process packet builder, `mountCompanion`), served by
 * `@filing-mcp/node-http` on a real socket on port 0 and a test database (in-memory PGlite unless told).
 */
export interface CompanionHarness {
  db: Kysely<FilingDatabase>;
  /** `http://127.0.0.1:<port>` */
  origin: string;
  baseUrl: string;
  appUrl: string;
  userId: string;
  sessionSecret: string;
  /** The companion app the socket serves, for calls that bypass the socket. */
  companion: MountedCompanion;
  /** The filing server behind it, to mount other companions on (another user, a sign-in). */
  core: FilingServer;
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

/**
 * Starts a {@link CompanionHarness}; one per test file (PGlite takes seconds to start).
 *
 * @param create - the database to run on: a variant of `testDatabases()`; PGlite by default
 */
export async function startCompanionHarness(
  create: DatabaseVariant['create'] = createPGliteDb,
): Promise<CompanionHarness> {
  const database = await create();
  const { db } = database;
  await migrateToLatest(db);
  const sessionSecret = randomBytes(48).toString('base64url');
  const userId = `local-${randomUUID()}`;

  let app: MountedCompanion | undefined;
  const server = createServer(
    createNodeListener((request) => app!.fetch(request), { mcpPath: '/mcp-server' }),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  const baseUrl = `${origin}/mcp-server`;
  const appUrl = `${origin}/app`;
  const allowList = loopbackAllowList('127.0.0.1', port)!;

  const core = createFilingServer({
    db,
    packets: inProcessPackets(),
    // No credential cache: a revoked key must fail on the very next call, without waiting.
    config: { baseUrl, appUrl, session: { secret: sessionSecret }, authCacheTtlMs: 0, ...allowList },
  });
  app = mountCompanion(core, {
    db,
    appUrl,
    baseUrl,
    userId,
    session: { secret: sessionSecret },
    allowedHosts: allowList.allowedHosts,
  });

  return {
    db,
    origin,
    baseUrl,
    appUrl,
    userId,
    sessionSecret,
    companion: app,
    core,
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
