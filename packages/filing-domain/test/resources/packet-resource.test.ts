import { EXAMPLE_PARTNERSHIP_FILING, EXAMPLE_SINGLE_MEMBER_FILING } from '@filing-mcp/irs-forms';
import { testDatabases } from '@filing-mcp/test-db';
import {
  Client as ClientV2,
  StreamableHTTPClientTransport as TransportV2,
} from '@modelcontextprotocol/client';
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as TransportV1 } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { PDFDocument } from '@cantoo/pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey, createFilingServer, type FilingServer } from '../../src/index.js';
import { packetUri } from '../../src/resources/packet-resources.js';
import { oauthGrant } from '../support/helpers.js';
import { pdfText } from '../support/pdf-text.js';
import { type SocketServer, startSocketServer, testConfig, testPackets } from '../support/socket-server.js';

const V2026 = '2026-07-28';
// "%PDF" in base64: the first bytes of any packet blob.
const PDF_BLOB_PREFIX = 'JVBER';

function blobBytes(contents: ReadonlyArray<Record<string, unknown>>): Uint8Array {
  expect(contents).toHaveLength(1);
  expect(contents[0]).toMatchObject({ mimeType: 'application/pdf', blob: expect.any(String) });
  return new Uint8Array(Buffer.from(contents[0]!.blob as string, 'base64'));
}

describe.each(testDatabases())('the filing packet as an MCP resource on $name', ({ create }) => {
  let socket: SocketServer;
  let server: FilingServer;
  let baseUrl: string;
  let ownerKey: string;
  let readOnlyKey: string;
  let writeOnlyKey: string;
  let otherKey: string;
  let filingId: string;
  let partnershipId: string;
  let othersFilingId: string;
  let packetBuilds = 0;

  beforeAll(async () => {
    socket = await startSocketServer(create, {
      packets: {
        build: (kind, formData) => {
          packetBuilds++;
          return testPackets.build(kind, formData);
        },
      },
    });
    ({ server, baseUrl } = socket);
    ownerKey = (await createApiKey(socket.database.db, { userId: 'packet-owner' })).key;
    readOnlyKey = (await createApiKey(socket.database.db, { userId: 'packet-owner', scope: 'filings:read' }))
      .key;
    writeOnlyKey = (
      await createApiKey(socket.database.db, { userId: 'packet-owner', scope: 'filings:write' })
    ).key;
    otherKey = (await createApiKey(socket.database.db, { userId: 'packet-stranger' })).key;
    filingId = await createVia(ownerKey, 'create_filing', EXAMPLE_SINGLE_MEMBER_FILING);
    partnershipId = await createVia(ownerKey, 'create_partnership_filing', EXAMPLE_PARTNERSHIP_FILING);
    othersFilingId = await createVia(otherKey, 'create_filing', EXAMPLE_SINGLE_MEMBER_FILING);
  });

  afterAll(() => socket?.close());

  async function connectV1(key: string): Promise<ClientV1> {
    const client = new ClientV1({ name: 'packet-v1', version: '1.0.0' });
    await client.connect(
      new TransportV1(new URL(baseUrl), { requestInit: { headers: { authorization: `Bearer ${key}` } } }),
    );
    return client;
  }

  async function connectV2(key: string): Promise<ClientV2> {
    const client = new ClientV2(
      { name: 'packet-v2', version: '1.0.0' },
      { versionNegotiation: { mode: { pin: V2026 } } },
    );
    await client.connect(
      new TransportV2(new URL(baseUrl), { requestInit: { headers: { authorization: `Bearer ${key}` } } }),
    );
    return client;
  }

  async function createVia(key: string, tool: string, formData: unknown): Promise<string> {
    const client = await connectV1(key);
    try {
      const created = await client.callTool({ name: tool, arguments: { form_data: formData } });
      expect(created.isError).toBeFalsy();
      return (created.structuredContent as { id: string }).id;
    } finally {
      await client.close();
    }
  }

  /** A raw resources/read: legacy (2025-06-18 header) or on the 2026-07-28 wire. */
  async function rawRead(uri: string, options: { key?: string; modern?: boolean } = {}) {
    const params: Record<string, unknown> = { uri };
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      accept: 'application/json',
      'mcp-protocol-version': options.modern ? V2026 : '2025-06-18',
    };
    if (options.modern) {
      params._meta = {
        'io.modelcontextprotocol/protocolVersion': V2026,
        'io.modelcontextprotocol/clientCapabilities': {},
      };
      headers['mcp-method'] = 'resources/read';
      headers['mcp-name'] = uri;
    }
    if (options.key) headers.authorization = `Bearer ${options.key}`;
    const response = await fetch(baseUrl, {
      method: 'POST',
      headers,
      body: JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'resources/read', params }),
    });
    const text = await response.text();
    return { response, text, body: JSON.parse(text) };
  }

  it('the legacy SDK client sees the resources capability, two templates and an empty resources/list', async () => {
    const client = await connectV1(ownerKey);
    try {
      expect(client.getServerCapabilities()).toEqual({
        tools: { listChanged: false },
        resources: {},
        prompts: {},
      });
      const { resourceTemplates } = await client.listResourceTemplates();
      expect(resourceTemplates).toEqual([
        expect.objectContaining({
          uriTemplate: 'filing://filings/{id}/packet.pdf',
          name: 'filing-packet',
          mimeType: 'application/pdf',
        }),
        expect.objectContaining({
          uriTemplate: 'filing://partnership/{id}/packet.pdf',
          name: 'partnership-filing-packet',
          mimeType: 'application/pdf',
        }),
      ]);
      // The spec's resources/list is an empty result; the packets are found through the templates.
      expect((await client.listResources()).resources).toEqual([]);
    } finally {
      await client.close();
    }
  });

  it('the owner reads the single-member packet with the SDK v1 client (2025 wire): the filled official forms', async () => {
    const client = await connectV1(ownerKey);
    try {
      const uri = packetUri('5472', filingId);
      expect(uri).toBe(`filing://filings/${filingId}/packet.pdf`);
      const { contents } = await client.readResource({ uri });
      expect(contents[0]?.uri).toBe(uri);
      const pdf = blobBytes(contents);
      expect(new TextDecoder().decode(pdf.subarray(0, 5))).toBe('%PDF-');
      // pdf-lib reads it back: the cover page, pro forma 1120, the Forms 5472 with the Part V
      // statement and the letter (7004 left out: its date has passed), flattened.
      const document = await PDFDocument.load(pdf);
      expect(document.getPageCount()).toBe(15);
      expect(document.getForm().getFields()).toHaveLength(0);
      const text = pdfText(pdf);
      expect(text).toContain('Acme Holdings LLC');
      expect(text).toContain('12-3456789');
      expect(text).toContain('Maria Garcia');
      // Past its due date the example's Form 7004 is refused: not ready, so a draft on every page.
      expect(text.split('\f').filter((page) => page.trim() !== '')).toHaveLength(15);
      for (const page of text.split('\f').filter((page) => page.trim() !== '')) {
        expect(page).toContain('DRAFT: NOT READY TO FILE');
      }
    } finally {
      await client.close();
    }
  });

  it('the owner reads the partnership packet with the SDK v2 client on the 2026-07-28 wire', async () => {
    const client = await connectV2(ownerKey);
    try {
      const { contents } = await client.readResource({ uri: packetUri('partnership', partnershipId) });
      const pdf = blobBytes(contents as ReadonlyArray<Record<string, unknown>>);
      expect(new TextDecoder().decode(pdf.subarray(0, 5))).toBe('%PDF-');
      expect((await PDFDocument.load(pdf)).getPageCount()).toBeGreaterThan(1);
      expect(pdfText(pdf)).toContain('Harbor Bridge Partners LLC');
    } finally {
      await client.close();
    }
  });

  it('the 2026 read result is complete and private, never cached: the list of templates stays public', async () => {
    const { response, body } = await rawRead(packetUri('5472', filingId), { key: ownerKey, modern: true });
    expect(response.status).toBe(200);
    expect(body.result).toMatchObject({ resultType: 'complete', ttlMs: 0, cacheScope: 'private' });
    expect(body.result.contents[0].blob.startsWith(PDF_BLOB_PREFIX)).toBe(true);
    const legacy = await rawRead(packetUri('5472', filingId), { key: ownerKey });
    expect(legacy.body.result.ttlMs).toBeUndefined();
    const list = await fetch(baseUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        'mcp-protocol-version': V2026,
        'mcp-method': 'resources/templates/list',
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 2,
        method: 'resources/templates/list',
        params: {
          _meta: {
            'io.modelcontextprotocol/protocolVersion': V2026,
            'io.modelcontextprotocol/clientCapabilities': {},
          },
        },
      }),
    });
    expect(((await list.json()) as any).result).toMatchObject({
      resultType: 'complete',
      cacheScope: 'public',
    });
    expect(legacy.body.result.resultType).toBeUndefined();
  });

  it("another user's filing answers -32602 with data.uri exactly like a missing one, with no byte of the packet", async () => {
    const foreign = packetUri('5472', othersFilingId);
    const missing = packetUri('5472', '00000000-0000-4000-8000-000000000000');
    const builds = packetBuilds;
    const client = await connectV1(ownerKey);
    try {
      for (const uri of [foreign, missing]) {
        const error = await client.readResource({ uri }).catch((caught) => caught);
        expect(error).toMatchObject({ code: -32602, data: { uri } });
      }
    } finally {
      await client.close();
    }
    const v2 = await connectV2(ownerKey);
    try {
      await expect(v2.readResource({ uri: foreign })).rejects.toMatchObject({ code: -32602 });
    } finally {
      await v2.close();
    }
    for (const modern of [false, true]) {
      const answers = await Promise.all(
        [foreign, missing].map((uri) => rawRead(uri, { key: ownerKey, modern })),
      );
      for (const [index, uri] of [foreign, missing].entries()) {
        const { response, body, text } = answers[index]!;
        expect(response.status).toBe(200);
        expect(body).toEqual({
          jsonrpc: '2.0',
          id: 9,
          error: { code: -32602, message: `Resource not found: ${uri}`, data: { uri } },
        });
        expect(text).not.toContain(PDF_BLOB_PREFIX);
      }
    }
    // A partnership id under the single-member template, and a malformed id, are missing too.
    for (const uri of [packetUri('5472', partnershipId), 'filing://filings/not-a-uuid/packet.pdf']) {
      const { body } = await rawRead(uri, { key: ownerKey });
      expect(body.error).toEqual({ code: -32602, message: `Resource not found: ${uri}`, data: { uri } });
    }
    expect(packetBuilds).toBe(builds);
  });

  it('no credential answers the 401 challenge on both wires; a bad one the invalid_token challenge', async () => {
    const uri = packetUri('5472', filingId);
    for (const modern of [false, true]) {
      const { response, body, text } = await rawRead(uri, { modern });
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toBe(
        `Bearer realm="mcp", resource_metadata="${baseUrl}/.well-known/oauth-protected-resource"`,
      );
      expect(body).toEqual({ jsonrpc: '2.0', id: 9, error: { code: -32001, message: 'Unauthorized' } });
      expect(text).not.toContain(PDF_BLOB_PREFIX);
      const bad = await rawRead(uri, { modern, key: `nf_${'0'.repeat(64)}` });
      expect(bad.response.status).toBe(401);
      expect(bad.response.headers.get('www-authenticate')).toContain('error="invalid_token"');
    }
    // The template list needs no credential.
    const templates = await fetch(baseUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'resources/templates/list' }),
    });
    expect(templates.status).toBe(200);
    expect(((await templates.json()) as any).result.resourceTemplates).toHaveLength(2);
  });

  it('reads count against the per-credential tools/call limit: over it, 429 -32004 with Retry-After and no packet', async () => {
    // Pinned to the start of a minute, so the two reads and the refused one share a window.
    const start = Math.ceil(Date.now() / 60_000) * 60_000 + 60_000;
    let built = 0;
    const limited = createFilingServer({
      db: socket.database.db,
      config: testConfig(baseUrl, { rateLimits: { toolsCall: 2 } }),
      now: () => start,
      packets: {
        build: async () => {
          built++;
          return { pdf: new TextEncoder().encode('%PDF-1.7 stand-in') };
        },
      },
    });
    try {
      const { key } = await createApiKey(socket.database.db, { userId: 'packet-owner' });
      const read = () =>
        limited.fetch(
          new Request(baseUrl, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
            body: JSON.stringify({
              jsonrpc: '2.0',
              id: 4,
              method: 'resources/read',
              params: { uri: packetUri('5472', filingId) },
            }),
          }),
        );
      for (let i = 0; i < 2; i++) expect((await read()).status).toBe(200);
      const refused = await read();
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(((await refused.json()) as any).error.code).toBe(-32004);
      // The second read of the unchanged filing is the cached packet; the refused one builds nothing.
      expect(built).toBe(1);
      expect(limited.packets?.stats()).toMatchObject({ builds: 1, cacheHits: 1 });
    } finally {
      await limited.close();
    }
  });

  it('a filings:read key and a filings:read OAuth token read the packet; a filings:write key gets 403 insufficient_scope and nothing', async () => {
    const uri = packetUri('5472', filingId);
    const client = await connectV1(readOnlyKey);
    try {
      const { contents } = await client.readResource({ uri });
      expect(new TextDecoder().decode(blobBytes(contents).subarray(0, 5))).toBe('%PDF-');
    } finally {
      await client.close();
    }
    // An OAuth access token granted filings:read alone, on the 2026 wire.
    const grant = await oauthGrant(server, 'packet-owner', { scope: 'filings:read' });
    expect(grant.scope).toBe('filings:read');
    const v2 = await connectV2(grant.accessToken);
    try {
      const { contents } = await v2.readResource({ uri });
      const pdf = blobBytes(contents as ReadonlyArray<Record<string, unknown>>);
      expect(new TextDecoder().decode(pdf.subarray(0, 5))).toBe('%PDF-');
    } finally {
      await v2.close();
    }
    for (const modern of [false, true]) {
      const { response, body, text } = await rawRead(uri, { key: writeOnlyKey, modern });
      expect(response.status).toBe(403);
      expect(response.headers.get('www-authenticate')).toContain(
        'error="insufficient_scope", scope="filings:write filings:read"',
      );
      expect(body.error.code).toBe(-32003);
      expect(text).not.toContain(PDF_BLOB_PREFIX);
    }
  });
});
