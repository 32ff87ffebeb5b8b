import { testDatabases } from '@filing-mcp/test-db';
import { describe, expect, it } from 'vitest';
import {
  CLIENT_METADATA_DOCUMENT_FAILURE,
  type ClientMetadataDocumentFetcher,
  type OAuthError,
  redirectsOnlyToLoopback,
} from '../src/index.js';
import {
  ClientMetadataDocumentError,
  documentCacheSeconds,
  MAX_DOCUMENT_CACHE_SECONDS,
} from '../src/client-id-metadata-document.js';
import { oauthSuite } from './helpers.js';

/**
 * The runtime-agnostic half of Client ID Metadata Documents: the resolver's cache and
 * its rules, with a fetcher that serves documents from memory (the network half, with its address
 * checks, is tested in filing-domain against a real HTTP suite.server).
 */
describe('documentCacheSeconds', () => {
  it.each([
    [null, 300],
    ['max-age=60', 60],
    ['public, max-age=120', 120],
    ['max-age=0', 0],
    ['no-store', 0],
    ['no-cache, max-age=600', 0],
    ['max-age=31536000', MAX_DOCUMENT_CACHE_SECONDS],
    ['private', 300],
  ])('%s: %i seconds', (header, seconds) => {
    expect(documentCacheSeconds(header, 300)).toBe(seconds);
  });
});

describe('redirectsOnlyToLoopback', () => {
  it.each([
    [['http://127.0.0.1:3000/cb', 'http://localhost/cb', 'http://[::1]:9/cb'], true],
    [['http://127.0.0.1:3000/cb', 'https://app.example/cb'], false],
    [['cursor://callback'], false],
    [[], false],
  ])('%j: %s', (uris, expected) => {
    expect(redirectsOnlyToLoopback(uris)).toBe(expected);
  });
});

/** Documents served from memory, counting fetches; answers like an HTTP server would. */
function memoryFetcher() {
  const documents = new Map<string, { body: unknown; cacheControl: string | null }>();
  const fetches: string[] = [];
  const fetcher: ClientMetadataDocumentFetcher = {
    async fetch(url) {
      fetches.push(url.href);
      const found = documents.get(url.href);
      if (!found) throw new ClientMetadataDocumentError('the URL answered HTTP 404, not 200');
      return { body: JSON.stringify(found.body), cacheControl: found.cacheControl };
    },
  };
  return { documents, fetches, fetcher };
}

describe.each(testDatabases())('the client metadata document resolver on $name', ({ create }) => {
  const memory = memoryFetcher();
  const suite = oauthSuite(create, {
    clientMetadataDocuments: { fetcher: memory.fetcher, cacheMaxEntries: 2 },
  });
  const redirectUri = 'http://127.0.0.1:9/callback';

  function publish(name: string, cacheControl: string | null = 'max-age=3600'): string {
    const clientId = `https://clients.example/${name}.json`;
    memory.documents.set(clientId, {
      body: { client_id: clientId, client_name: name, redirect_uris: [redirectUri] },
      cacheControl,
    });
    return clientId;
  }

  it('advertises client_id_metadata_document_supported', async () => {
    const response = await fetch(`${suite.server.origin}/.well-known/oauth-authorization-server/mcp-server`);
    expect(await response.json()).toMatchObject({ client_id_metadata_document_supported: true });
  });

  it('keeps at most cacheMaxEntries documents, dropping the least recently used', async () => {
    const [a, b, c] = [publish('a'), publish('b'), publish('c')];
    const count = (clientId: string) => memory.fetches.filter((href) => href === clientId).length;
    for (const clientId of [a, b, a, c]) {
      expect(await suite.server.oauth.resolveClient(clientId)).toMatchObject({
        clientId,
        clientSecretHash: null,
        tokenEndpointAuthMethod: 'none',
        redirectUris: [redirectUri],
      });
    }
    // a was used after b, so c pushed b out: a is still cached, b is fetched again.
    await suite.server.oauth.resolveClient(a);
    await suite.server.oauth.resolveClient(b);
    expect([count(a), count(b), count(c)]).toEqual([1, 2, 1]);
  });

  it('caps max-age at 24 hours', async () => {
    const clientId = publish('long', 'max-age=999999');
    await suite.server.oauth.resolveClient(clientId);
    suite.server.travel(MAX_DOCUMENT_CACHE_SECONDS * 1000 - 1000);
    await suite.server.oauth.resolveClient(clientId);
    suite.server.travel(2000);
    await suite.server.oauth.resolveClient(clientId);
    expect(memory.fetches.filter((href) => href === clientId)).toHaveLength(2);
  });

  it('shares one fetch between concurrent uses of a URL', async () => {
    const clientId = publish('concurrent', 'no-store');
    await Promise.all([1, 2, 3].map(() => suite.server.oauth.resolveClient(clientId)));
    expect(memory.fetches.filter((href) => href === clientId)).toHaveLength(1);
  });

  it('every fetch or document failure answers one generic invalid_client; the log has the reason; nothing is cached', async () => {
    const failing = {
      'https://clients.example/missing.json': undefined,
      'https://clients.example/bad-name.json': { client_id: 'https://clients.example/bad-name.json' },
      'https://clients.example/wrong-id.json': {
        client_id: 'https://elsewhere.example/x.json',
        client_name: 'x',
        redirect_uris: [redirectUri],
      },
    } as const;
    for (const [clientId, body] of Object.entries(failing)) {
      if (body !== undefined) memory.documents.set(clientId, { body, cacheControl: 'max-age=3600' });
    }
    const bodies = new Set<string>();
    for (const clientId of Object.keys(failing)) {
      for (let attempt = 0; attempt < 2; attempt++) {
        const error = await suite.server.oauth.resolveClient(clientId).then(
          () => undefined,
          (reason: unknown) => reason,
        );
        expect(error).toMatchObject({ code: 'invalid_client', status: 400 });
        bodies.add(JSON.stringify((error as OAuthError).toJSON()));
      }
      expect(memory.fetches.filter((href) => href === clientId)).toHaveLength(2);
    }
    expect([...bodies]).toEqual([
      JSON.stringify({ error: 'invalid_client', error_description: CLIENT_METADATA_DOCUMENT_FAILURE }),
    ]);
    const logged = suite.server.events.filter((event) => event.event === 'client_metadata_document_refused');
    expect(logged).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          clientId: 'https://clients.example/missing.json',
          stage: 'fetch',
          detail: 'the URL answered HTTP 404, not 200',
        }),
        expect.objectContaining({
          clientId: 'https://clients.example/bad-name.json',
          stage: 'document',
          detail: 'client metadata document: client_name is required',
        }),
        expect.objectContaining({
          clientId: 'https://clients.example/wrong-id.json',
          detail: 'client metadata document: its client_id must equal the URL it was fetched from, exactly',
        }),
      ]),
    );
  });

  it.each([
    ['https://clients.example/', 'the client_id URL must have a path'],
    ['https://clients.example', 'the client_id URL must have a path'],
    ['https://clients.example/a/../b.json', 'the client_id URL must not contain . or .. path segments'],
    ['https://user:pw@clients.example/a.json', 'the client_id URL must not contain credentials'],
    ['https://clients.example/a.json#x', 'the client_id URL must not contain a fragment'],
    ['http://clients.example/a.json', 'the client_id URL must use https'],
  ])('refuses the client_id %s before any fetch: %s', async (clientId, rule) => {
    const before = memory.fetches.length;
    await expect(suite.server.oauth.resolveClient(clientId)).rejects.toMatchObject({
      code: 'invalid_client',
      message: `client metadata document: ${rule}`,
    });
    expect(memory.fetches.length).toBe(before);
  });

  it('a registered client_id is looked up in the store as before', async () => {
    expect(await suite.server.oauth.resolveClient('mcp_client_unknown')).toBeUndefined();
  });
});
