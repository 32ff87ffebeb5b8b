import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { EXAMPLE_PARTNERSHIP_FILING, EXAMPLE_SINGLE_MEMBER_FILING } from '@filing-mcp/irs-forms';
import { PacketBuilder } from '@filing-mcp/irs-forms/pdf';
import { testDatabases } from '@filing-mcp/test-db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFilingServer, type PacketBuilder as PacketBuilderPort } from '../../src/index.js';
import { createPacketLinks } from '../../src/resources/packet-links.js';
import { PACKET_LINK_MESSAGES } from '../../src/resources/packet-download.js';
import {
  APP_URL,
  BASE_URL,
  callTool,
  type Harness,
  newUser,
  ok,
  SESSION_SECRET,
  startHarness,
} from '../support/helpers.js';

const templateDir = `${dirname(createRequire(import.meta.url).resolve('@filing-mcp/irs-forms/templates/f5472.pdf'))}/`;
const FIFTEEN_MINUTES = 15 * 60 * 1000;

describe.each(testDatabases())('signed packet download links on $name', (variant) => {
  let harness: Harness;
  let plain: Harness;
  let key: string;
  let filingId: string;
  let otherFilingId: string;
  let partnershipId: string;
  const builder = new PacketBuilder({ loadTemplate: (name) => readFile(templateDir + name) });
  const packets: PacketBuilderPort = { build: (kind, formData) => builder.build(kind, formData) };

  beforeAll(async () => {
    harness = await startHarness(variant, {}, { packets });
    plain = await startHarness(variant);
    key = (await newUser(harness.db)).key;
    filingId = (await ok(harness.server, key, 'create_filing', { form_data: EXAMPLE_SINGLE_MEMBER_FILING }))
      .id;
    otherFilingId = (
      await ok(harness.server, key, 'create_filing', {
        form_data: { ...EXAMPLE_SINGLE_MEMBER_FILING, llcName: 'Other LLC' },
      })
    ).id;
    partnershipId = (
      await ok(harness.server, key, 'create_partnership_filing', { form_data: EXAMPLE_PARTNERSHIP_FILING })
    ).id;
  });

  afterAll(async () => {
    await harness?.close();
    await plain?.close();
  });

  async function signedLink(id: string, kind?: string): Promise<string> {
    const outcome = await callTool(harness.server, key, 'get_pdf_url', { id, ...(kind && { kind }) });
    expect(outcome.isError).toBe(false);
    return outcome.data.download_url;
  }

  const download = (url: string, method = 'GET') => harness.server.fetch(new Request(url, { method }));

  it('get_pdf_url answers the companion url, a signed download_url and a resource_link, the text item kept', async () => {
    const outcome = await callTool(harness.server, key, 'get_pdf_url', { id: filingId });
    const result = outcome.raw.result;
    // The example is past its due date with a Form 7004 asked for: not ready, a draft.
    expect(result.structuredContent).toEqual({
      url: `${APP_URL}/filings/${filingId}/pdf`,
      kind: '5472',
      ready: false,
      missing_count: 0,
      invalid_count: 1,
      download_url: expect.stringMatching(
        new RegExp(`^${BASE_URL}/packets/5472/${filingId}\\.pdf\\?exp=\\d+&sig=[A-Za-z0-9_-]{43}$`),
      ),
      download_expires_at: expect.any(String),
      download_to_file_url: `${result.structuredContent.download_url}&part=file`,
      // A new link each time (its nonce n), for 24 hours.
      upload_url: expect.stringMatching(
        /\/signed-copies\/upload\/5472\/[0-9a-f-]{36}\?exp=\d+&n=[\w-]{22}&sig=[\w-]{43}$/,
      ),
    });
    const uploadExpires = Number(new URL(result.structuredContent.upload_url).searchParams.get('exp')) * 1000;
    expect(uploadExpires - harness.now()).toBeGreaterThan(24 * 3600_000 - 5000);
    const expires = Date.parse(result.structuredContent.download_expires_at);
    expect(expires - harness.now()).toBeGreaterThan(FIFTEEN_MINUTES - 5000);
    expect(expires - harness.now()).toBeLessThanOrEqual(FIFTEEN_MINUTES);
    expect(result.content).toEqual([
      { type: 'text', text: JSON.stringify(result.structuredContent) },
      {
        type: 'resource_link',
        uri: `filing://filings/${filingId}/packet.pdf`,
        name: 'filing-packet',
        title: 'IRS forms of the single-member filing (PDF)',
        description: expect.stringMatching(/^DRAFT: the filing is not ready/),
        mimeType: 'application/pdf',
      },
    ]);
    const partnership = await callTool(harness.server, key, 'get_pdf_url', { id: partnershipId });
    expect(partnership.data.download_url).toMatch(
      `${BASE_URL}/packets/partnership/${partnershipId}.pdf?exp=`,
    );
    expect(partnership.raw.result.content[1].uri).toBe(`filing://partnership/${partnershipId}/packet.pdf`);
  });

  it('the link answers the PDF without a credential within its life (GET and HEAD), and not after it', async () => {
    // Frozen, so that the time the PDF takes to build cannot eat into the life under test.
    const thaw = harness.freeze();
    const url = await signedLink(filingId);
    const response = await download(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="form-5472-packet-${filingId}.pdf"`,
    );
    const pdf = new Uint8Array(await response.arrayBuffer());
    expect(new TextDecoder().decode(pdf.subarray(0, 5))).toBe('%PDF-');
    expect(Number(response.headers.get('content-length'))).toBe(pdf.byteLength);
    const head = await download(url, 'HEAD');
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');

    harness.advance(FIFTEEN_MINUTES - 2000);
    expect((await download(url, 'HEAD')).status).toBe(200);
    harness.advance(2000);
    const expired = await download(url);
    expect(expired.status).toBe(403);
    expect(await expired.json()).toEqual({ code: 403, message: PACKET_LINK_MESSAGES.expired });
    expect(PACKET_LINK_MESSAGES.expired).toBe(
      'Forbidden: this download link has expired; call get_pdf_url for a new one',
    );
    thaw();
  });

  it('the link opens nothing else: another filing, the other kind, a changed signature or expiry', async () => {
    const url = await signedLink(filingId);
    const sig = new URL(url).searchParams.get('sig')!;
    const flipped = `${sig[0] === 'A' ? 'B' : 'A'}${sig.slice(1)}`;
    const later = Number(new URL(url).searchParams.get('exp')) + 60;
    const forged = [
      url.replace(filingId, otherFilingId),
      url.replace('/packets/5472/', '/packets/partnership/'),
      url.replace(filingId, partnershipId).replace('/packets/5472/', '/packets/partnership/'),
      url.replace(`sig=${sig}`, `sig=${flipped}`),
      url.replace(/exp=\d+/, `exp=${later}`),
      url.replace(`&sig=${sig}`, ''),
      url.replace('.pdf?', '.PDF?'),
    ];
    for (const link of forged) {
      const response = await download(link);
      expect(response.status, link).toBe(403);
      expect(await response.json()).toEqual({ code: 403, message: PACKET_LINK_MESSAGES.invalid });
    }
    expect(PACKET_LINK_MESSAGES.invalid).toBe(
      'Forbidden: this download link is not valid; call get_pdf_url for a new one',
    );
    const posted = await download(url, 'POST');
    expect(posted.status).toBe(405);
    expect(posted.headers.get('allow')).toBe('GET, HEAD');
  });

  it('a link of a deleted filing answers 404, and no log event carries a link or its signature', async () => {
    const { id } = await ok(harness.server, key, 'create_filing', {
      form_data: EXAMPLE_SINGLE_MEMBER_FILING,
    });
    const url = await signedLink(id);
    await ok(harness.server, key, 'delete_filing', { id });
    const gone = await download(url);
    expect(gone.status).toBe(404);
    expect(await gone.json()).toEqual({ code: 404, message: PACKET_LINK_MESSAGES.gone });
    const logged = JSON.stringify(harness.logs);
    expect(logged).not.toContain('sig=');
    expect(logged).not.toContain(new URL(url).searchParams.get('sig'));
  });

  it('a link verifies on any instance with the same secret (the session secret by default, or PACKET_LINK_SECRET)', async () => {
    const url = await signedLink(filingId);
    const twin = createFilingServer({
      db: harness.db,
      config: { baseUrl: BASE_URL, appUrl: APP_URL, session: { secret: SESSION_SECRET } },
      packets,
      now: harness.now,
    });
    const stranger = createFilingServer({
      db: harness.db,
      config: {
        baseUrl: BASE_URL,
        appUrl: APP_URL,
        session: { secret: SESSION_SECRET },
        packetLinkSecret: 'another-packet-link-secret-0123456789abcdef',
      },
      packets,
      now: harness.now,
    });
    try {
      expect((await twin.fetch(new Request(url, { method: 'HEAD' }))).status).toBe(200);
      expect((await stranger.fetch(new Request(url, { method: 'HEAD' }))).status).toBe(403);
    } finally {
      await twin.close();
      await stranger.close();
    }
  });

  it('a server without packets answers get_pdf_url as the spec does, and no packet route', async () => {
    const { key: plainKey } = await newUser(plain.db);
    const { id } = await ok(plain.server, plainKey, 'create_filing', {
      form_data: EXAMPLE_SINGLE_MEMBER_FILING,
    });
    const outcome = await callTool(plain.server, plainKey, 'get_pdf_url', { id });
    expect(outcome.raw.result.structuredContent).toEqual({
      url: `${APP_URL}/filings/${id}/pdf`,
      kind: '5472',
      ready: false,
      missing_count: 0,
      invalid_count: 1,
    });
    expect(outcome.raw.result.content).toHaveLength(1);
    const url = await signedLink(filingId);
    expect((await plain.server.fetch(new Request(url))).status).toBe(404);
  });

  it('a ready check_filing carries a resource_link to the packet; a filing that is not ready does not', async () => {
    const ready = await callTool(harness.server, key, 'check_filing', { id: filingId });
    const content = ready.raw.result.content;
    if (ready.data.ready) {
      expect(content).toEqual([
        { type: 'text', text: JSON.stringify(ready.data) },
        expect.objectContaining({ type: 'resource_link', uri: `filing://filings/${filingId}/packet.pdf` }),
      ]);
    } else {
      // The example filing stopped being ready (new required lines): then no link, as below.
      expect(content).toHaveLength(1);
    }
    const { id } = await ok(harness.server, key, 'create_filing', { form_data: { llcName: 'Draft LLC' } });
    const draft = await callTool(harness.server, key, 'check_filing', { id });
    expect(draft.data.ready).toBe(false);
    expect(draft.raw.result.content).toEqual([{ type: 'text', text: JSON.stringify(draft.data) }]);
  });

  it('the signer refuses a life above 15 minutes and a short secret; a short life ends on time', async () => {
    expect(() => createPacketLinks({ baseUrl: BASE_URL, ttlSeconds: 901 })).toThrow(
      'packet link ttlSeconds must be an integer from 1 to 900',
    );
    expect(() => createPacketLinks({ baseUrl: BASE_URL, secret: 'short' })).toThrow(
      'the packet link secret must be at least 32 characters',
    );
    let now = 1_800_000_000_000;
    const links = createPacketLinks({ baseUrl: BASE_URL, ttlSeconds: 2, now: () => now });
    const { url } = await links.sign('partnership', partnershipId);
    const parsed = new URL(url);
    const path = parsed.pathname.slice(new URL(BASE_URL).pathname.length);
    expect(await links.verify(path, parsed.searchParams)).toEqual({
      kind: 'partnership',
      id: partnershipId,
      purpose: 'download',
    });
    now += 1999;
    expect(await links.verify(path, parsed.searchParams)).toEqual({
      kind: 'partnership',
      id: partnershipId,
      purpose: 'download',
    });
    now += 1;
    expect(await links.verify(path, parsed.searchParams)).toBe('expired');
  });
});
