import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { migrateToLatest } from '@filing-mcp/filing-domain';
import { nodeClientMetadataDocuments } from '@filing-mcp/oauth-core/node';
import { type TestDatabase, testDatabases } from '@filing-mcp/test-db';
import type { FilingDatabase } from '@filing-mcp/filing-domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../src/logger.js';
import { createNodeServer, type NodeServer } from '../src/node-server.js';

/**
 * The consent page of a client that is a Client ID Metadata Document: it names the host
 * that publishes the document, and warns when every redirect URI is on this machine. The document
 * comes from a real HTTP server on loopback, reached through the development switch.
 */
describe.each(testDatabases())('consent page of a Client ID Metadata Document client on $name', (variant) => {
  let database: TestDatabase<FilingDatabase>;
  let node: NodeServer;
  let documents: Server;
  let documentOrigin: string;
  const published = new Map<string, unknown>();

  beforeAll(async () => {
    documents = createServer((request, response) => {
      const body = published.get(request.url ?? '');
      if (body === undefined) return void response.writeHead(404).end();
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    });
    await new Promise<void>((resolve) => documents.listen(0, '127.0.0.1', resolve));
    documentOrigin = `http://127.0.0.1:${(documents.address() as AddressInfo).port}`;
    database = await variant.create();
    await migrateToLatest(database.db);
    node = await createNodeServer({
      db: database.db,
      host: '127.0.0.1',
      port: 0,
      config: ({ origin }) => ({
        baseUrl: `${origin}/mcp-server`,
        appUrl: `${origin}/app`,
        session: { secret: randomBytes(48).toString('base64url') },
      }),
      companion: { userId: 'local-user' },
      logger: createLogger({ level: 'silent' }),
      cleanupIntervalMs: 0,
      clientMetadataDocuments: nodeClientMetadataDocuments({ allowLoopback: true }),
    });
  });
  afterAll(async () => {
    await node?.close();
    await database?.close();
    await new Promise<void>((resolve) => documents?.close(() => resolve()));
  });

  function publish(path: string, redirectUris: string[]): string {
    const clientId = `${documentOrigin}${path}`;
    published.set(path, { client_id: clientId, client_name: 'Doc Agent', redirect_uris: redirectUris });
    return clientId;
  }

  async function consent(clientId: string, redirectUri: string): Promise<{ status: number; text: string }> {
    const query = new URLSearchParams({
      response_type: 'code',
      client_id: clientId,
      redirect_uri: redirectUri,
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
    });
    const response = await fetch(`${node.appUrl}/oauth/authorize?${query}`, { redirect: 'manual' });
    return { status: response.status, text: await response.text() };
  }

  it('names the document host and warns when every redirect URI is on localhost', async () => {
    const clientId = publish('/agents/local.json', ['http://127.0.0.1:7000/cb', 'http://localhost:7001/cb']);
    const page = await consent(clientId, 'http://127.0.0.1:7000/cb');
    expect(page.status).toBe(200);
    expect(page.text).toContain('Allow Doc Agent to use your filings?');
    expect(page.text).toContain(`<dt>Described by</dt><dd><strong>${new URL(documentOrigin).host}</strong>`);
    expect(page.text).toContain('this application sends you back only to this computer (localhost)');
  });

  it('does not warn when a redirect URI leaves this machine', async () => {
    const clientId = publish('/agents/web.json', ['https://agent.example/cb', 'http://127.0.0.1:7000/cb']);
    const page = await consent(clientId, 'https://agent.example/cb');
    expect(page.status).toBe(200);
    expect(page.text).toContain(`<dt>Described by</dt><dd><strong>${new URL(documentOrigin).host}</strong>`);
    expect(page.text).not.toContain('sends you back only to this computer');
  });

  it('a document that breaks a rule: an error page with the generic reason (the detail is logged), no consent form', async () => {
    const path = '/agents/mismatch.json';
    published.set(path, {
      client_id: 'https://other.example/x',
      client_name: 'X',
      redirect_uris: ['http://127.0.0.1:7/cb'],
    });
    const page = await consent(`${documentOrigin}${path}`, 'http://127.0.0.1:7/cb');
    expect(page.status).toBe(400);
    // The detail would tell anyone what the fetch met; it goes to the server log only.
    expect(page.text).toContain('the client metadata document could not be retrieved or is not valid');
    expect(page.text).not.toContain('its client_id must equal the URL');
    expect(page.text).not.toContain('name="decision"');
  });

  it('a registered client shows no document host', async () => {
    const registered = await fetch(`${node.url}/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ client_name: 'Registered', redirect_uris: ['http://127.0.0.1:7000/cb'] }),
    });
    const { client_id: clientId } = (await registered.json()) as { client_id: string };
    const page = await consent(clientId, 'http://127.0.0.1:7000/cb');
    expect(page.status).toBe(200);
    expect(page.text).not.toContain('Described by');
    expect(page.text).not.toContain('sends you back only to this computer');
  });
});
