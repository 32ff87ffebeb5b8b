import { EXAMPLE_SINGLE_MEMBER_FILING } from '@filing-mcp/irs-forms';
import { testDatabases } from '@filing-mcp/test-db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PacketBuilder } from '../../src/index.js';
import type { BuiltPacket } from '../../src/resources/filing-packets.js';
import { packetUri } from '../../src/resources/packet-resources.js';
import { BASE_URL, callTool, type Harness, newUser, ok, startHarness } from '../support/helpers.js';

/** A stand-in builder whose builds finish when the test says; it records each build and each cancellation. */
function heldBuilder() {
  const started: string[] = [];
  const cancelled: string[] = [];
  const waiting: Array<() => void> = [];
  const builder: PacketBuilder = {
    build: (_kind, formData, options) =>
      new Promise<BuiltPacket>((resolve, reject) => {
        const name = String(formData.llcName);
        started.push(name);
        options?.signal?.addEventListener('abort', () => {
          cancelled.push(name);
          reject(options.signal!.reason);
        });
        waiting.push(() => resolve({ pdf: new TextEncoder().encode(`%PDF-1.7 ${name}`) }));
      }),
  };
  return {
    builder,
    started,
    cancelled,
    releaseAll: () => {
      for (const release of waiting.splice(0)) release();
    },
  };
}

const until = async (condition: () => boolean) => {
  for (let i = 0; i < 200 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
};

describe.each(testDatabases())('the signed packet links under load on $name', (variant) => {
  let harness: Harness;
  let held: ReturnType<typeof heldBuilder>;
  let key: string;
  let userId: string;

  beforeAll(async () => {
    held = heldBuilder();
    harness = await startHarness(
      variant,
      {
        rateLimits: { packetLink: 3, packetDownload: 6 },
        packetBuilds: { concurrency: 1, queueDepth: 0, perUser: 2 },
      },
      { packets: held.builder },
    );
    ({ key, userId } = await newUser(harness.db));
    // One rate-limit window for the whole file: a minute boundary mid-test would reset the counts.
    harness.freeze();
  });

  afterAll(async () => {
    held.releaseAll();
    await harness?.close();
  });

  const create = async (llcName: string, credential = key) =>
    (
      await ok(harness.server, credential, 'create_filing', {
        form_data: { ...EXAMPLE_SINGLE_MEMBER_FILING, llcName },
      })
    ).id as string;
  const link = async (id: string, credential = key) =>
    (await callTool(harness.server, credential, 'get_pdf_url', { id })).data.download_url as string;
  const download = (url: string, clientAddress = '203.0.113.7', signal?: AbortSignal) =>
    harness.server.fetch(new Request(url, signal ? { signal } : {}), { clientAddress });
  /** Downloads a new filing's link once from `clientAddress` (a build the test releases). */
  const downloadedOnce = async (llcName: string, clientAddress: string) => {
    const id = await create(llcName);
    const url = await link(id);
    const first = download(url, clientAddress);
    await until(() => held.started.includes(llcName));
    held.releaseAll();
    expect((await first).status).toBe(200);
    return { id, url };
  };

  it('builds an unchanged filing once for concurrent and later downloads, and again after a change', async () => {
    const id = await create('Cache LLC');
    const url = await link(id);
    const before = harness.server.packets!.stats().builds;
    const concurrent = [download(url, '203.0.113.1'), download(url, '203.0.113.2')];
    await until(() => held.started.includes('Cache LLC'));
    held.releaseAll();
    const answers = await Promise.all(concurrent);
    expect(answers.map((response) => response.status)).toEqual([200, 200]);
    const again = await download(url, '203.0.113.3');
    expect(await again.text()).toBe('%PDF-1.7 Cache LLC');
    expect(harness.server.packets!.stats().builds - before).toBe(1);

    await ok(harness.server, key, 'update_filing', { id, form_data: { llcName: 'Cache Renamed LLC' } });
    harness.advance(1000); // a link signed a second later is another link, with a count of its own
    const changed = download(await link(id), '203.0.113.4');
    await until(() => held.started.includes('Cache Renamed LLC'));
    held.releaseAll();
    expect(await (await changed).text()).toBe('%PDF-1.7 Cache Renamed LLC');
    expect(harness.server.packets!.stats().builds - before).toBe(2);
  });

  it('limits one link per minute from any address: 429 with Retry-After, counted in rate_limit_counters', async () => {
    const { id, url } = await downloadedOnce('Link Limit LLC', '198.51.100.1');
    for (const address of ['198.51.100.2', '198.51.100.3'])
      expect((await download(url, address)).status).toBe(200);
    const refused = await download(url, '198.51.100.4');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(await refused.json()).toEqual({
      code: 429,
      message: 'Too many requests: the download limit of this link or address is reached; retry later',
    });
    const signature = new URL(url).searchParams.get('sig')!.slice(0, 22);
    const row = await harness.db
      .selectFrom('rate_limit_counters')
      .select('hits')
      .where('bucket', '=', `packetLink:${signature}`)
      .executeTakeFirstOrThrow();
    // The refused request is not written: the window is known to be full.
    expect(Number(row.hits)).toBe(3);
    harness.advance(1000);
    // A new link of the same filing has a count of its own (and the packet is the cached one).
    expect((await download(await link(id), '198.51.100.5')).status).toBe(200);
  });

  it('limits one address per minute, whatever the link (a wrong one too)', async () => {
    const { url } = await downloadedOnce('Address Limit LLC', '192.0.2.50');
    const wrong = url.replace(/sig=.*/, `sig=${'A'.repeat(43)}`);
    for (let i = 0; i < 5; i++) expect((await download(wrong, '192.0.2.50')).status).toBe(403);
    const refused = await download(url, '192.0.2.50');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).not.toBeNull();
    const row = await harness.db
      .selectFrom('rate_limit_counters')
      .select('hits')
      .where('bucket', '=', 'packetDownload:192.0.2.50')
      .executeTakeFirstOrThrow();
    expect(Number(row.hits)).toBe(6);
    expect((await download(url, '192.0.2.51')).status).toBe(200);
  });

  it('answers 503 with Retry-After (-32005 on MCP) past the queue, never 500, and cancels a build whose caller has gone', async () => {
    const busyId = await create('Busy LLC');
    const waitingId = await create('Waiting LLC');
    const gone = new AbortController();
    const first = download(await link(busyId), '192.0.2.60', gone.signal);
    await until(() => held.started.includes('Busy LLC'));

    // The one slot is taken and the queue holds none: a second filing's download waits for nothing.
    const refused = await download(await link(waitingId), '192.0.2.61');
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('5');
    expect(await refused.json()).toEqual({
      code: 503,
      error: 'packets_busy',
      message: 'Service unavailable: every packet build slot is taken; retry later',
    });
    // Another user's packet read over MCP: -32005 with Retry-After, not a 500.
    const other = await newUser(harness.db);
    const otherId = await create('Other User LLC', other.key);
    const read = await harness.server.fetch(
      new Request(BASE_URL, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          authorization: `Bearer ${other.key}`,
        },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'resources/read',
          params: { uri: packetUri('5472', otherId) },
        }),
      }),
    );
    expect(read.status).toBe(503);
    expect(read.headers.get('retry-after')).toBe('5');
    expect(((await read.json()) as any).error).toMatchObject({
      code: -32005,
      message: 'Service unavailable: every packet build slot is taken; retry later',
    });

    // The downloader goes: its build is cancelled and the slot is free for the next.
    gone.abort();
    await first.catch(() => undefined);
    await until(() => held.cancelled.includes('Busy LLC'));
    expect(held.cancelled).toContain('Busy LLC');
    const next = download(await link(waitingId), '192.0.2.62');
    await until(() => held.started.includes('Waiting LLC'));
    held.releaseAll();
    expect((await next).status).toBe(200);
    expect(harness.server.packets!.stats()).toMatchObject({ running: 0, queued: 0 });
    expect(userId).toBeTruthy();
  });
});
