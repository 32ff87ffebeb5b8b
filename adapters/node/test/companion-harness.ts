import type { FilingDatabase } from '@filing-mcp/filing-domain';
import { randomBytes, randomUUID } from 'node:crypto';
import {
  type FilingPackets,
  type FilingServerConfig,
  FilingRepository,
  migrateToLatest,
} from '@filing-mcp/filing-domain';
import { createPGliteDb, type DatabaseVariant } from '@filing-mcp/test-db';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { SignJWT } from 'jose';
import type { Kysely } from 'kysely';
import { createLogger } from '../src/logger.js';
import { createNodeServer, type NodeServerOptions } from '../src/node-server.js';

/**
 * The adapter's own server (`createNodeServer`, what `filing-mcp serve` runs) with the companion
 * pages of `@filing-mcp/companion` mounted, on a real socket on port 0 and a test database
 * (in-memory PGlite unless told). The pages themselves are tested in packages/companion; this
 * harness serves the browser test of the mount.
 */
export interface CompanionHarness {
  db: Kysely<FilingDatabase>;
  /** `http://127.0.0.1:<port>` */
  origin: string;
  baseUrl: string;
  appUrl: string;
  userId: string;
  sessionSecret: string;
  /** A session JWT of the local user, as an external consent app would hold one for `/approve`. */
  sessionJwt(): Promise<string>;
  /** The server's packets (cache and build queue), for their counters. */
  packets: FilingPackets | undefined;
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

/** Settings over the harness's own, and the providers to hand in (built from their settings). */
export type CompanionHarnessSettings = Partial<FilingServerConfig> &
  Pick<NodeServerOptions, 'fax' | 'payments'>;

/**
 * Starts a {@link CompanionHarness}; one per test file (PGlite takes seconds to start).
 *
 * @param create - the database to run on: a variant of `testDatabases()`; PGlite by default
 * @param config - settings over the harness's own (e.g. `rateLimits: false`)
 */
export async function startCompanionHarness(
  create: DatabaseVariant['create'] = createPGliteDb,
  { fax, payments, ...config }: CompanionHarnessSettings = {},
): Promise<CompanionHarness> {
  const database = await create();
  const { db } = database;
  await migrateToLatest(db);
  const sessionSecret = randomBytes(48).toString('base64url');
  const userId = `local-${randomUUID()}`;

  const server = await createNodeServer({
    db,
    host: '127.0.0.1',
    port: 0,
    // No credential cache: a revoked key must fail on the very next call, without waiting.
    config: ({ origin }) => ({
      baseUrl: `${origin}/mcp-server`,
      appUrl: `${origin}/app`,
      session: { secret: sessionSecret },
      authCacheTtlMs: 0,
      ...config,
    }),
    ...(fax && { fax }),
    ...(payments && { payments }),
    companion: { userId },
    logger: createLogger({ level: 'silent' }),
    cleanupIntervalMs: 0,
  });
  const { origin } = server;
  const baseUrl = server.url;
  const appUrl = server.appUrl;

  return {
    db,
    origin,
    baseUrl,
    appUrl,
    userId,
    sessionSecret,
    sessionJwt: () =>
      new SignJWT({})
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(userId)
        .setIssuedAt()
        .setExpirationTime('5m')
        .sign(new TextEncoder().encode(sessionSecret)),
    packets: server.packets,
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
      await server.close();
      await database.close();
    },
  };
}

/** An official MCP SDK client connected to the harness's `{base_url}` with a bearer credential. */
export async function connectMcpClient(
  harness: CompanionHarness,
  credential: string,
  name: string,
): Promise<Client> {
  const client = new Client({ name, version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(harness.baseUrl), {
      requestInit: { headers: { authorization: `Bearer ${credential}` } },
    }),
  );
  return client;
}
