import { createApiKey } from '@filing-mcp/filing-domain';
import { EXAMPLE_SINGLE_MEMBER_FILING } from '@filing-mcp/irs-forms';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hugePng, inflationBombPdf } from '../../../packages/irs-forms/test/support/signed-copy-fixtures.js';
import { type CompanionHarness, connectMcpClient, startCompanionHarness } from './companion-harness.js';
import { healthProbesDuring } from './support/health-probes.js';

const READY = { ...EXAMPLE_SINGLE_MEMBER_FILING, generateForm7004: false };
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;

describe('ten 8000 × 8000 PNG signed copies in a row (Node adapter, packet workers; PGlite only: the storage is checked on both databases in filing-domain)', () => {
  let harness: CompanionHarness;

  beforeAll(async () => {
    harness = await startCompanionHarness(undefined, { rateLimits: false });
  });

  afterAll(async () => {
    await harness?.close();
  });

  it('each is refused 413 (its time printed), nothing is stored, /healthz keeps answering and another user is served', async () => {
    const { key } = await createApiKey(harness.db, { userId: harness.userId, scope: 'filings:read' });
    const owner = await connectMcpClient(harness, key, 'signed-copy-bounds');
    const otherUser = 'other-user';
    const other = await connectMcpClient(
      harness,
      (await createApiKey(harness.db, { userId: otherUser, scope: 'filings:read' })).key,
      'signed-copy-bounds',
    );
    try {
      const id = await harness.createFiling({ llcName: READY.llcName, formData: READY });
      await harness.createFiling({ userId: otherUser, llcName: 'Blue River LLC', formData: READY });
      const links = await owner.callTool({ name: 'get_pdf_url', arguments: { id } });
      const uploadUrl = (links.structuredContent as { upload_url: string }).upload_url;
      const png = hugePng();
      expect(png.byteLength).toBeLessThan(400 * 1024);

      const uploads: Array<{ status: number; ms: number; body: any }> = [];
      const otherCalls: boolean[] = [];
      const work = (async () => {
        for (let index = 0; index < 10; index++) {
          const started = performance.now();
          const response = await fetch(uploadUrl, {
            method: 'POST',
            headers: { 'content-type': 'image/png' },
            body: png,
          });
          uploads.push({
            status: response.status,
            body: await response.json(),
            ms: performance.now() - started,
          });
          const listed = await other.callTool({ name: 'list_filings', arguments: {} });
          otherCalls.push(listed.isError !== true);
        }
      })();
      const probes = await healthProbesDuring(harness.origin, work);
      await work;

      const sorted = probes.map((probe) => probe.wallMs).sort((a, b) => a - b);
      const times = uploads.map((upload) => upload.ms.toFixed(0)).join(', ');
      console.log(
        `signed-copy bounds: uploads ${times} ms; /healthz ${probes.length} probes, ` +
          `p50 ${percentile(sorted, 50).toFixed(1)} ms, p95 ${percentile(sorted, 95).toFixed(1)} ms, ` +
          `max ${sorted.at(-1)!.toFixed(1)} ms`,
      );
      for (const upload of uploads) {
        expect(upload.status).toBe(413);
        expect(upload.body.error).toBe('image_too_large');
        expect(upload.body.message).toContain('8000 × 8000 pixels');
      }
      expect(otherCalls).toEqual(Array(10).fill(true));
      expect(probes.length).toBeGreaterThan(0);
      // /healthz kept answering (every probe got its answer); its percentiles and the times are
      // printed above, never asserted: tests do not assert timings (bench/ measures them).
      const stored = await harness.db
        .selectFrom('signed_copies')
        .selectAll()
        .where('filing_id', '=', id)
        .execute();
      expect(stored).toEqual([]);
    } finally {
      await owner.close();
      await other.close();
    }
  }, 120_000);

  it('a 520 KB PDF whose stream inflates to 512 MiB is refused 413 on a packet worker, before the expected pages are built, while /healthz keeps answering', async () => {
    const { key } = await createApiKey(harness.db, { userId: harness.userId, scope: 'filings:read' });
    const owner = await connectMcpClient(harness, key, 'signed-copy-bounds');
    try {
      const id = await harness.createFiling({ llcName: READY.llcName, formData: READY });
      const links = await owner.callTool({ name: 'get_pdf_url', arguments: { id } });
      const uploadUrl = (links.structuredContent as { upload_url: string }).upload_url;
      const bomb = inflationBombPdf();
      const buildsBefore = harness.packets!.stats().builds;
      const started = performance.now();
      const upload = fetch(uploadUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/pdf' },
        body: bomb,
      });
      const probes = await healthProbesDuring(harness.origin, upload);
      const response = await upload;
      const ms = performance.now() - started;
      const sorted = probes.map((probe) => probe.wallMs).sort((a, b) => a - b);
      const builds = harness.packets!.stats().builds - buildsBefore;
      console.log(
        `inflation bomb: refused in ${ms.toFixed(0)} ms after ${builds} worker job(s); /healthz ${probes.length} probes, p50 ${percentile(sorted, 50).toFixed(1)} ms, p95 ${percentile(sorted, 95).toFixed(1)} ms, max ${sorted.at(-1)!.toFixed(1)} ms`,
      );
      expect(response.status).toBe(413);
      const body = (await response.json()) as { error: string; message: string };
      expect(body.error).toBe('inflates_too_far');
      expect(body.message).toContain('expands past 32 MiB');
      // Refused by the first stage alone (bounds on a packet worker): no packet was built for it.
      expect(builds).toBe(1);
      // /healthz kept answering (every probe got its answer); its percentiles and the times are
      // printed above, never asserted: tests do not assert timings (bench/ measures them).
      expect(
        await harness.db.selectFrom('signed_copies').selectAll().where('filing_id', '=', id).execute(),
      ).toEqual([]);
    } finally {
      await owner.close();
    }
  }, 120_000);
});
