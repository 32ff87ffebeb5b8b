import { createApiKey } from '@filing-mcp/filing-domain';
import { EXAMPLE_PARTNERSHIP_FILING, EXAMPLE_SINGLE_MEMBER_FILING } from '@filing-mcp/irs-forms';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CompanionHarness, connectMcpClient, startCompanionHarness } from './companion-harness.js';
import { healthProbesDuring } from './support/health-probes.js';
import { earlyInRateWindow } from './support/rate-window.js';

// The largest single-member filing the tools accept: 50 related parties (about 160 pages).
const party = EXAMPLE_SINGLE_MEMBER_FILING.relatedParties[0]!;
const largeFiling = {
  ...EXAMPLE_SINGLE_MEMBER_FILING,
  relatedParties: Array.from({ length: 50 }, (_, index) => ({ ...party, name: `Party ${index}` })),
};
const partner = EXAMPLE_PARTNERSHIP_FILING.partners[0]!;
const otherUsersFiling = {
  ...EXAMPLE_PARTNERSHIP_FILING,
  partners: Array.from({ length: 20 }, (_, index) => ({ ...partner, name: `Partner ${index}` })),
};

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;

async function connect(harness: CompanionHarness, key: string): Promise<Client> {
  return connectMcpClient(harness, key, 'packet-load');
}

// With the default limits most of the 100 are refused 429 by the per-address and per-link limits;
// with the limits off (a load test's setting) all 100 reach the packet and share one build.
describe.each([
  { limits: 'the default rate limits', config: {}, allServed: false },
  { limits: 'rate limits off', config: { rateLimits: false as const }, allServed: true },
])(
  '100 concurrent downloads of one large filing’s signed link with $limits (Node adapter, packet workers; PGlite only: the limits and the row read are checked on both databases in filing-domain)',
  ({ config, allServed }) => {
    let harness: CompanionHarness;

    beforeAll(async () => {
      harness = await startCompanionHarness(undefined, config);
    });

    afterAll(async () => {
      await harness?.close();
    });

    it('answers no 500, builds the packet at most once, serves another user meanwhile and keeps /healthz answering', async () => {
      const { key } = await createApiKey(harness.db, { userId: harness.userId, scope: 'filings:read' });
      const owner = await connect(harness, key);
      const otherUser = 'other-user';
      const other = await connect(
        harness,
        (await createApiKey(harness.db, { userId: otherUser, scope: 'filings:read' })).key,
      );
      try {
        const id = await harness.createFiling({ llcName: 'Acme Holdings LLC', formData: largeFiling });
        const otherId = await harness.createFiling({
          kind: 'partnership',
          userId: otherUser,
          llcName: 'Blue River Partners LLC',
          formData: otherUsersFiling,
        });
        const pdfUrl = await owner.callTool({ name: 'get_pdf_url', arguments: { id } });
        const link = (pdfUrl.structuredContent as { download_url: string }).download_url;
        const stats = () => harness.packets!.stats();
        const buildsBefore = stats().builds;
        // The storm and the download after it count against one window of the per-link limit: across
        // a minute's boundary the count starts again and that download is served (seen once in CI).
        if (!allServed) await earlyInRateWindow(30_000);

        const baselineRss = process.memoryUsage().rss;
        let peakRss = baselineRss;
        const sampler = setInterval(() => {
          peakRss = Math.max(peakRss, process.memoryUsage().rss);
        }, 20);
        const started = performance.now();
        // Each download is bounded in time: a download still waiting after a minute fails the test.
        const downloads = Array.from({ length: 100 }, async () => {
          const response = await fetch(link, { signal: AbortSignal.timeout(90_000) });
          const body = new Uint8Array(await response.arrayBuffer());
          return { status: response.status, retryAfter: response.headers.get('retry-after'), body };
        });
        const otherRead = other.readResource({ uri: `filing://partnership/${otherId}/packet.pdf` });
        const work = Promise.all([Promise.all(downloads), otherRead]);
        const probes = await healthProbesDuring(harness.origin, work);
        const [answers, otherAnswer] = await work;
        const elapsedMs = performance.now() - started;
        clearInterval(sampler);

        const statuses: Record<number, number> = {};
        for (const answer of answers) statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
        const sorted = probes.map((probe) => probe.wallMs).sort((a, b) => a - b);
        const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
        console.log(
          `packet load: statuses ${JSON.stringify(statuses)} in ${(elapsedMs / 1000).toFixed(1)} s; ` +
            `builds ${stats().builds - buildsBefore} (${JSON.stringify(stats())}); ` +
            `/healthz ${probes.length} probes, p50 ${percentile(sorted, 50).toFixed(1)} ms, ` +
            `p95 ${percentile(sorted, 95).toFixed(1)} ms, max ${sorted.at(-1)!.toFixed(1)} ms ` +
            `(the first, queued behind the storm's 100 connections: ${probes[0]!.wallMs.toFixed(1)} ms); ` +
            `${probes.filter((probe) => probe.wallMs >= 100).length} at 100 ms or more; ` +
            `peak RSS ${mb(peakRss)} MB (from ${mb(baselineRss)} MB)`,
        );

        // No 500: each answer is the packet, or a refusal that says when to retry.
        expect(answers.every((answer) => [200, 429, 503].includes(answer.status))).toBe(true);
        for (const answer of answers.filter((answer) => answer.status !== 200)) {
          expect(Number(answer.retryAfter)).toBeGreaterThanOrEqual(1);
        }
        const served = answers.filter((answer) => answer.status === 200);
        expect(served.length).toBe(allServed ? 100 : served.length);
        expect(served.length).toBeGreaterThan(0);
        for (const answer of served) {
          expect(new TextDecoder().decode(answer.body.subarray(0, 5))).toBe('%PDF-');
          expect(answer.body.byteLength).toBe(served[0]!.body.byteLength);
        }
        // At most one build of that packet, and one of the other user's: two in all.
        expect(stats().builds - buildsBefore).toBeLessThanOrEqual(2);
        // The other user was served their own packet.
        const blob = (otherAnswer.contents[0] as { blob: string }).blob;
        expect(Buffer.from(blob, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
        // /healthz kept answering: most probes within 100 ms. The 95th percentile is printed, not
        // asserted: the 100 clients run on this test's own thread, as does PGlite, and this machine's
        // cores are shared, so a slow probe here need not be the server's (see docs/performance.md).
        expect(probes.length).toBeGreaterThan(10);
        expect(percentile(sorted, 50)).toBeLessThan(100);

        // A download after the storm is the cached packet: no build.
        const buildsAfter = stats().builds;
        const later = await fetch(link.replace('127.0.0.1', 'localhost'));
        expect(later.status).toBe(allServed ? 200 : 429);
        expect(stats().builds).toBe(buildsAfter);
      } finally {
        await owner.close();
        await other.close();
      }
    }, 180_000);
  },
);
