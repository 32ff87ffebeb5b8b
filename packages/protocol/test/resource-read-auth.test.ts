import { describe, expect, it } from 'vitest';
import { resourceNotFound } from '../src/index.js';
import { auth, json, makeServer, post, RESOURCE_METADATA_URL, rpc, rpcError } from './helpers.js';

const V = '2026-07-28';
const META = {
  'io.modelcontextprotocol/protocolVersion': V,
  'io.modelcontextprotocol/clientCapabilities': {},
};
const URI = 'notes://user-1/today';

// A per-user resource family: the read sees who asks, and only user-1's notes exist.
function notesServer(granted: (scopes: readonly string[] | undefined) => readonly string[] | undefined) {
  const reads: string[] = [];
  return {
    reads,
    ...makeServer({
      cacheHints: { ttlMs: 60_000, cacheScope: 'public' },
      resourceReadCacheHints: { ttlMs: 0, cacheScope: 'private' },
      authorizeResourceRead: (_uri, info) => granted(info.scopes),
      resourceTemplates: [
        {
          uriTemplate: 'notes://{user}/today',
          name: 'notes',
          mimeType: 'text/plain',
          read: (uri, { user }, context) => {
            reads.push(uri);
            if (context.auth?.userId !== user) throw resourceNotFound(uri);
            return { uri, mimeType: 'text/plain', text: 'private note' };
          },
        },
      ],
    }),
  };
}

function modernHeaders(uri: string) {
  return { 'mcp-protocol-version': V, 'mcp-method': 'resources/read', 'mcp-name': uri };
}

describe('authorizeResourceRead and resourceReadCacheHints', () => {
  it('a read without a credential answers the 401 challenge and reads nothing, on both wires', async () => {
    const { server, reads } = notesServer(() => undefined);
    const legacy = await post(server, rpc('resources/read', { uri: URI }, 3));
    expect(legacy.status).toBe(401);
    expect(legacy.headers.get('www-authenticate')).toBe(
      `Bearer realm="mcp", resource_metadata="${RESOURCE_METADATA_URL}"`,
    );
    expect(await json(legacy)).toEqual(rpcError(3, { code: -32001, message: 'Unauthorized' }));
    const modern = await post(
      server,
      rpc('resources/read', { uri: URI, _meta: META }, 4),
      modernHeaders(URI),
    );
    expect(modern.status).toBe(401);
    expect(reads).toEqual([]);
    // The lists stay open.
    expect((await post(server, rpc('resources/templates/list'))).status).toBe(200);
  });

  it('a credential short of the scope answers 403 insufficient_scope and reads nothing', async () => {
    const { server, reads } = notesServer(() => ['notes:read']);
    const refused = await post(server, rpc('resources/read', { uri: URI }, 5), auth);
    expect(refused.status).toBe(403);
    expect(refused.headers.get('www-authenticate')).toContain(
      'error="insufficient_scope", scope="notes:read"',
    );
    expect((await json(refused)).error.code).toBe(-32003);
    expect(reads).toEqual([]);
  });

  it('the owner reads it; the 2026 result carries the read hints, the list the server hints', async () => {
    const { server } = notesServer(() => undefined);
    const legacy = await json(await post(server, rpc('resources/read', { uri: URI }), auth));
    expect(legacy.result).toEqual({ contents: [{ uri: URI, mimeType: 'text/plain', text: 'private note' }] });
    const modern = await json(
      await post(server, rpc('resources/read', { uri: URI, _meta: META }), {
        ...auth,
        ...modernHeaders(URI),
      }),
    );
    expect(modern.result).toMatchObject({ resultType: 'complete', ttlMs: 0, cacheScope: 'private' });
    const list = await json(
      await post(server, rpc('resources/templates/list', { _meta: META }), {
        'mcp-protocol-version': V,
        'mcp-method': 'resources/templates/list',
      }),
    );
    expect(list.result).toMatchObject({ ttlMs: 60_000, cacheScope: 'public' });
  });

  it("another user's resource is -32602 with data.uri, like a missing one", async () => {
    const { server } = notesServer(() => undefined);
    const other = 'notes://user-2/today';
    const body = await json(await post(server, rpc('resources/read', { uri: other }), auth));
    expect(body.error).toEqual({
      code: -32602,
      message: `Resource not found: ${other}`,
      data: { uri: other },
    });
  });

  it('refuses unusable read hints at construction', () => {
    expect(() => notesServerWith({ ttlMs: -1, cacheScope: 'private' })).toThrow(/ttlMs must be an integer/);
  });
});

function notesServerWith(hints: { ttlMs: number; cacheScope: 'public' | 'private' }) {
  return makeServer({
    resourceReadCacheHints: hints,
    resourceTemplates: [
      { uriTemplate: 'notes://{user}/today', name: 'notes', read: (uri) => ({ uri, text: '' }) },
    ],
  });
}
