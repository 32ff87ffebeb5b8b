import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { type AddressInfo, createServer as createNetServer, type Socket } from 'node:net';
import { CLIENT_METADATA_DOCUMENT_FAILURE } from '@filing-mcp/oauth-core';
import { testDatabases } from '@filing-mcp/test-db';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createNodeClientMetadataFetcher, nodeClientMetadataDocuments } from '@filing-mcp/oauth-core/node';
import { clientMetadataSettingsFromEnv } from '../../src/index.js';
import { type DocumentServer, startDocumentServer } from '../../../oauth-core/test/document-server.js';
import {
  APP_URL,
  approve,
  BASE_URL,
  callTool,
  type Harness,
  ok,
  postForm,
  startHarness,
} from '../support/helpers.js';

const REDIRECT_URI = 'http://127.0.0.1:8976/callback';

/** The reasons logged for refusing a client_id's metadata document, oldest first. */
function refusalsLogged(harness: Harness, clientId: string): unknown[] {
  return harness.logs
    .filter((event) => event.event === 'client_metadata_document_refused' && event.clientId === clientId)
    .map((event) => event.detail);
}

/**
 * Client ID Metadata Documents end to end: a real HTTP document server on loopback,
 * reached through the development switch (`CIMD_ALLOW_LOOPBACK=1`), and the composed server's
 * /authorize, /approve, /token, /revoke and a tools/call with the token, on both databases.
 */
describe.each(testDatabases())('Client ID Metadata Documents on $name', (variant) => {
  let harness: Harness;
  let documents: DocumentServer;

  beforeAll(async () => {
    documents = await startDocumentServer();
    harness = await startHarness(
      variant,
      {},
      {
        // What CIMD_ALLOW_LOOPBACK=1 configures, with a shorter time limit for the slow-server case.
        clientMetadataDocuments: {
          ...nodeClientMetadataDocuments(clientMetadataSettingsFromEnv({ CIMD_ALLOW_LOOPBACK: '1' })),
          fetcher: createNodeClientMetadataFetcher({ allowLoopback: true, timeoutMs: 1000 }),
        },
      },
    );
  });
  afterAll(async () => {
    await harness?.close();
    await documents?.close();
  });

  /** A fresh document path on the server, answering `document(clientId)`. */
  function publish(
    document: (clientId: string) => Record<string, unknown>,
    headers: Record<string, string> = { 'cache-control': 'max-age=60' },
  ): { clientId: string; path: string } {
    const path = `/clients/${randomUUID()}.json`;
    const clientId = `${documents.origin}${path}`;
    documents.route(path, { body: document(clientId), headers });
    return { clientId, path };
  }

  const valid = (clientId: string) => ({
    client_id: clientId,
    client_name: 'Document Client',
    redirect_uris: [REDIRECT_URI],
    token_endpoint_auth_method: 'none',
  });

  function authorize(clientId: string, redirectUri = REDIRECT_URI): Promise<Response> {
    const query = new URLSearchParams({
      response_type: 'code',
      client_id: clientId,
      redirect_uri: redirectUri,
      code_challenge: createHash('sha256').update('v'.repeat(43)).digest('base64url'),
      code_challenge_method: 'S256',
      state: 'st',
    });
    return harness.server.fetch(new Request(`${BASE_URL}/authorize?${query}`));
  }

  async function refusedAt(response: Response, status: number, error: string, description: string) {
    expect(response.status).toBe(status);
    expect(response.headers.get('location')).toBeNull();
    expect(await response.json()).toEqual({ error, error_description: description });
  }

  /**
   * A fetch or document failure: the caller gets the one generic description, never
   * what went wrong; the server log has the reason for that client_id.
   */
  async function refusedGenerically(response: Response, clientId: string, detail: string | RegExp) {
    await refusedAt(response, 400, 'invalid_client', CLIENT_METADATA_DOCUMENT_FAILURE);
    const logged = refusalsLogged(harness, clientId).at(-1);
    if (typeof detail === 'string') expect(logged).toBe(detail);
    else expect(logged).toMatch(detail);
  }

  it('advertises client_id_metadata_document_supported', async () => {
    const response = await harness.server.fetch(
      new Request(`${BASE_URL}/.well-known/oauth-authorization-server`),
    );
    expect(await response.json()).toMatchObject({
      client_id_metadata_document_supported: true,
      token_endpoint_auth_methods_supported: expect.arrayContaining(['none']),
    });
  });

  it('authorize, approve, token, a tool call and revoke with a document client; fetched once within max-age', async () => {
    const { clientId, path } = publish(valid);
    const authorized = await authorize(clientId);
    expect(authorized.status).toBe(302);
    expect(authorized.headers.get('location')).toMatch(new RegExp(`^${APP_URL}/oauth/authorize\\?`));

    const userId = `user-${randomUUID()}`;
    const verifier = randomBytes(32).toString('base64url');
    const approved = await approve(harness.server, userId, {
      clientId,
      redirectUri: REDIRECT_URI,
      scope: 'mcp',
      codeVerifier: verifier,
    });
    expect(approved.status).toBe(200);
    const { code } = (await approved.json()) as { code: string };
    const token = await postForm(harness.server, '/token', {
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT_URI,
      client_id: clientId,
      code_verifier: verifier,
    });
    expect(token.status).toBe(200);
    const tokens = (await token.json()) as { access_token: string; refresh_token: string };
    expect(await ok(harness.server, tokens.access_token, 'list_filings')).toMatchObject({ filings: [] });
    const stored = await harness.db
      .selectFrom('oauth_tokens')
      .select(['client_id', 'user_id'])
      .where('user_id', '=', userId)
      .execute();
    expect(stored).toEqual([{ client_id: clientId, user_id: userId }]);
    // No registration row: the document is the registration.
    expect(
      await harness.db
        .selectFrom('oauth_clients')
        .select('client_id')
        .where('client_id', '=', clientId)
        .execute(),
    ).toEqual([]);

    const revoked = await postForm(harness.server, '/revoke', {
      token: tokens.refresh_token,
      client_id: clientId,
    });
    expect(revoked.status).toBe(200);
    expect((await callTool(harness.server, tokens.access_token, 'list_filings')).status).toBe(401);
    // authorize, approve, token and revoke all used the one cached document (max-age=60).
    expect(documents.hits(path)).toBe(1);
  });

  it('refetches after max-age has passed', async () => {
    const { clientId, path } = publish(valid, { 'cache-control': 'public, max-age=30' });
    expect((await authorize(clientId)).status).toBe(302);
    harness.advance(31_000);
    expect((await authorize(clientId)).status).toBe(302);
    expect(documents.hits(path)).toBe(2);
  });

  it('refetches a no-store document every time', async () => {
    const { clientId, path } = publish(valid, { 'cache-control': 'no-store' });
    expect((await authorize(clientId)).status).toBe(302);
    expect((await authorize(clientId)).status).toBe(302);
    expect(documents.hits(path)).toBe(2);
  });

  it.each([
    'http://127.0.0.1:8976/elsewhere',
    // Exactly as listed: no other loopback port, unlike registered clients (RFC 8252).
    'http://127.0.0.1:8977/callback',
  ])(
    'a redirect_uri the document does not list (%s): 400 invalid_redirect_uri, never a redirect',
    async (redirectUri) => {
      const { clientId } = publish(valid);
      await refusedAt(
        await authorize(clientId, redirectUri),
        400,
        'invalid_redirect_uri',
        'redirect_uri is not registered for this client',
      );
    },
  );

  it.each([
    [
      'a client_id other than its URL',
      (clientId: string) => ({ ...valid(clientId), client_id: `${clientId}?x=1` }),
      'client metadata document: its client_id must equal the URL it was fetched from, exactly',
    ],
    [
      'a client_secret',
      (clientId: string) => ({ ...valid(clientId), client_secret: 'shh' }),
      'client metadata document: it must not contain client_secret (it describes a public client)',
    ],
    [
      'a confidential auth method',
      (clientId: string) => ({ ...valid(clientId), token_endpoint_auth_method: 'client_secret_basic' }),
      'client metadata document: token_endpoint_auth_method must be none (it describes a public client)',
    ],
    [
      'no client_name',
      (clientId: string) => {
        const { client_name: _, ...rest } = valid(clientId);
        return rest;
      },
      'client metadata document: client_name is required',
    ],
    [
      'a javascript: redirect URI',
      (clientId: string) => ({ ...valid(clientId), redirect_uris: [REDIRECT_URI, 'javascript:alert(1)'] }),
      /^client metadata document: redirect_uris: the scheme javascript: is not allowed/,
    ],
  ])(
    'a document with %s: 400 invalid_client, the rule in the log only, never a redirect',
    async (_, document, description) => {
      const { clientId } = publish(document);
      await refusedGenerically(await authorize(clientId), clientId, description);
    },
  );

  it('a document URL that redirects: 400 invalid_client, the target is not fetched', async () => {
    const { path: target } = publish(valid);
    const path = `/clients/${randomUUID()}.json`;
    documents.route(path, { status: 301, headers: { location: target } });
    await refusedGenerically(
      await authorize(`${documents.origin}${path}`),
      `${documents.origin}${path}`,
      'the URL answered a redirect (301); redirects are not followed',
    );
    expect(documents.hits(target)).toBe(0);
  });

  it('an oversize document: 400 invalid_client', async () => {
    const { clientId } = publish((id) => ({ ...valid(id), padding: 'x'.repeat(6000) }));
    await refusedGenerically(await authorize(clientId), clientId, 'the document is larger than 5120 bytes');
  });

  it('a document server that does not answer in time: 400 invalid_client', async () => {
    const path = `/clients/${randomUUID()}.json`;
    documents.route(path, { hang: true });
    await refusedGenerically(
      await authorize(`${documents.origin}${path}`),
      `${documents.origin}${path}`,
      'the document did not arrive within 1000 ms',
    );
  });

  it('a private address, even with the development switch: 400 invalid_client, the range in the log only', async () => {
    await refusedGenerically(
      await authorize('http://10.20.30.40/client.json'),
      'http://10.20.30.40/client.json',
      'the host 10.20.30.40 resolves to 10.20.30.40, a private 10.0.0.0/8 address, which is never fetched',
    );
  });

  it('every kind of fetch failure answers the same body: no DNS, port, protocol or status oracle', async () => {
    // A port that refuses connections: bound, then closed.
    const closed = createNetServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    // A port that speaks something other than HTTP.
    const sockets = new Set<Socket>();
    const ssh = createNetServer((socket) => {
      sockets.add(socket);
      socket.end('SSH-2.0-OpenSSH_9.6\r\n');
    });
    await new Promise<void>((resolve) => ssh.listen(0, '127.0.0.1', resolve));
    const sshPort = (ssh.address() as AddressInfo).port;
    const notFound = `/clients/${randomUUID()}.json`;
    const failing = `/clients/${randomUUID()}.json`;
    documents.route(failing, { status: 500, body: 'boom' });
    const cases: Array<[string, RegExp]> = [
      ['http://no-such-host.invalid/client.json', /could not be resolved/],
      ['http://10.1.2.3/client.json', /resolves to 10\.1\.2\.3, a private 10\.0\.0\.0\/8 address/],
      [`http://127.0.0.1:${closedPort}/client.json`, /ECONNREFUSED/],
      [`http://127.0.0.1:${sshPort}/client.json`, /could not be fetched/],
      [`${documents.origin}${notFound}`, /answered HTTP 404/],
      [`${documents.origin}${failing}`, /answered HTTP 500/],
    ];
    try {
      const bodies = new Set<string>();
      for (const [clientId, detail] of cases) {
        const response = await authorize(clientId);
        expect(response.status, clientId).toBe(400);
        expect(response.headers.get('location')).toBeNull();
        bodies.add(await response.text());
        expect(refusalsLogged(harness, clientId).at(-1), clientId).toMatch(detail);
      }
      expect([...bodies]).toEqual([
        JSON.stringify({ error: 'invalid_client', error_description: CLIENT_METADATA_DOCUMENT_FAILURE }),
      ]);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => ssh.close(resolve));
    }
  });

  it('a client_id URL without a path: 400 invalid_client', async () => {
    await refusedAt(
      await authorize(`${documents.origin}/`),
      400,
      'invalid_client',
      'client metadata document: the client_id URL must have a path',
    );
  });

  it('/token with a document client whose document is now refused: 401 invalid_client, no token', async () => {
    const { clientId, path } = publish(valid, { 'cache-control': 'no-store' });
    expect((await authorize(clientId)).status).toBe(302);
    documents.route(path, { status: 302, headers: { location: '/' } });
    const token = await postForm(harness.server, '/token', {
      grant_type: 'authorization_code',
      code: 'mcp_code_unknown',
      redirect_uri: REDIRECT_URI,
      client_id: clientId,
      code_verifier: 'v'.repeat(43),
    });
    expect(token.status).toBe(401);
    expect(await token.json()).toEqual({
      error: 'invalid_client',
      error_description: CLIENT_METADATA_DOCUMENT_FAILURE,
    });
    expect(refusalsLogged(harness, clientId).at(-1)).toBe(
      'the URL answered a redirect (302); redirects are not followed',
    );
  });
});

describe.each(testDatabases())(
  'Client ID Metadata Documents with the development switch off on $name',
  (variant) => {
    let harness: Harness;
    let documents: DocumentServer;

    beforeAll(async () => {
      documents = await startDocumentServer();
      harness = await startHarness(
        variant,
        {},
        {
          clientMetadataDocuments: { fetcher: createNodeClientMetadataFetcher() },
        },
      );
    });
    afterAll(async () => {
      await harness?.close();
      await documents?.close();
    });
    beforeEach(() => {
      documents.route('/client.json', { body: {} });
    });

    async function authorizeError(
      clientId: string,
    ): Promise<{ status: number; location: string | null; body: any }> {
      const query = new URLSearchParams({
        response_type: 'code',
        client_id: clientId,
        redirect_uri: REDIRECT_URI,
      });
      const response = await harness.server.fetch(new Request(`${BASE_URL}/authorize?${query}`));
      return {
        status: response.status,
        location: response.headers.get('location'),
        body: await response.json(),
      };
    }

    it('an http client_id: 400 invalid_client, nothing fetched', async () => {
      expect(await authorizeError(`${documents.origin}/client.json`)).toEqual({
        status: 400,
        location: null,
        body: {
          error: 'invalid_client',
          error_description: 'client metadata document: the client_id URL must use https',
        },
      });
      expect(documents.hits('/client.json')).toBe(0);
    });

    it('https://localhost: refused after resolution (loopback), nothing fetched; the address only in the log', async () => {
      const clientId = `https://localhost:${documents.port}/client.json`;
      const outcome = await authorizeError(clientId);
      expect(outcome.status).toBe(400);
      expect(outcome.location).toBeNull();
      expect(outcome.body).toEqual({
        error: 'invalid_client',
        error_description: CLIENT_METADATA_DOCUMENT_FAILURE,
      });
      expect(refusalsLogged(harness, clientId).at(-1)).toMatch(
        /^the host localhost resolves to (127\.0\.0\.1|::1), a loopback .* address, which is never fetched$/,
      );
      expect(documents.hits('/client.json')).toBe(0);
    });

    it('a private address: 400 invalid_client, the range only in the log', async () => {
      const clientId = 'https://192.168.1.20/client.json';
      expect((await authorizeError(clientId)).body).toEqual({
        error: 'invalid_client',
        error_description: CLIENT_METADATA_DOCUMENT_FAILURE,
      });
      expect(refusalsLogged(harness, clientId).at(-1)).toBe(
        'the host 192.168.1.20 resolves to 192.168.1.20, a private 192.168.0.0/16 address, which is never fetched',
      );
    });

    it('a registered client keeps working as before', async () => {
      const registered = await harness.server.fetch(
        new Request(`${BASE_URL}/register`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ redirect_uris: [REDIRECT_URI], token_endpoint_auth_method: 'none' }),
        }),
      );
      const { client_id: clientId } = (await registered.json()) as { client_id: string };
      const query = new URLSearchParams({
        response_type: 'code',
        client_id: clientId,
        redirect_uri: REDIRECT_URI,
        code_challenge: createHash('sha256').update('v'.repeat(43)).digest('base64url'),
        code_challenge_method: 'S256',
      });
      const response = await harness.server.fetch(new Request(`${BASE_URL}/authorize?${query}`));
      expect(response.status).toBe(302);
    });
  },
);
