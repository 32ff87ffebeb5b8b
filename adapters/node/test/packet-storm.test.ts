import { createApiKey } from '@filing-mcp/filing-domain';
import { EXAMPLE_PARTNERSHIP_FILING, EXAMPLE_SINGLE_MEMBER_FILING } from '@filing-mcp/irs-forms';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CompanionHarness, connectMcpClient, startCompanionHarness } from './companion-harness.js';
import { healthProbesDuring } from './support/health-probes.js';
import { earlyInRateWindow } from './support/rate-window.js';

// The largest filing the tools accept: a partnership of 100 partners (a K-1 and an 8805 each).
const partner = EXAMPLE_PARTNERSHIP_FILING.partners[0]!;
const largestFiling = {
  ...EXAMPLE_PARTNERSHIP_FILING,
  partners: Array.from({ length: 100 }, (_, index) => ({ ...partner, name: `Partner ${index}` })),
};

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;
const mib = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

/**
 * Reads a body off the socket without keeping it (the clients share this process, whose memory
 * is measured): its length, its first bytes, and how often `needle` occurs in it.
 */
async function drain(
  response: Response,
  needle = '',
): Promise<{ bytes: number; head: string; count: number }> {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder('latin1');
  let bytes = 0;
  let head = '';
  let count = 0;
  let tail = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
    const text = decoder.decode(value);
    if (head.length < 64) head += text.slice(0, 64 - head.length);
    if (needle !== '') {
      const window = tail + text;
      for (let at = window.indexOf(needle); at !== -1; at = window.indexOf(needle, at + needle.length))
        count++;
      // Keep less than one needle, so no occurrence is counted twice.
      tail = window.slice(-(needle.length - 1));
    }
  }
  return { bytes, head, count };
}

describe('a download storm and a batch read of the largest packet (Node adapter, packet workers, default rate limits; PGlite only: the limits and the row read are checked on both databases in filing-domain)', () => {
  let harness: CompanionHarness;

  beforeAll(async () => {
    harness = await startCompanionHarness();
  });

  afterAll(async () => {
    await harness?.close();
  });

  it('100 concurrent downloads and a batch of 100 reads answer no 5xx, keep memory under 1 GB and /healthz answering, and another user is served', async () => {
    const { key } = await createApiKey(harness.db, { userId: harness.userId, scope: 'filings:read' });
    const owner = await connectMcpClient(harness, key, 'packet-storm');
    const otherUser = 'other-user';
    const other = await connectMcpClient(
      harness,
      (await createApiKey(harness.db, { userId: otherUser, scope: 'filings:read' })).key,
      'packet-storm',
    );
    try {
      const id = await harness.createFiling({
        kind: 'partnership',
        llcName: 'Blue River Partners LLC',
        formData: largestFiling,
      });
      await harness.createFiling({
        userId: otherUser,
        llcName: 'Acme Holdings LLC',
        formData: EXAMPLE_SINGLE_MEMBER_FILING,
      });
      const pdfUrl = await owner.callTool({ name: 'get_pdf_url', arguments: { id } });
      const link = (pdfUrl.structuredContent as { download_url: string }).download_url;
      const uri = `filing://partnership/${id}/packet.pdf`;
      const batch = Array.from({ length: 100 }, (_, index) => ({
        jsonrpc: '2.0',
        id: index + 1,
        method: 'resources/read',
        params: { uri },
      }));
      // The storm counts against one window of the per-link limit.
      await earlyInRateWindow(30_000);

      const baselineRss = process.memoryUsage().rss;
      let peakRss = baselineRss;
      const sampler = setInterval(() => {
        peakRss = Math.max(peakRss, process.memoryUsage().rss);
      }, 10);
      const started = performance.now();
      // Each request is bounded in time: one still waiting after 50 s fails the test.
      const downloads = Array.from({ length: 100 }, async () => {
        const response = await fetch(link, { signal: AbortSignal.timeout(50_000) });
        return { status: response.status, ...(await drain(response)), ms: performance.now() - started };
      });
      const batchRead = (async () => {
        const response = await fetch(harness.baseUrl, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${key}`,
            'content-type': 'application/json',
            accept: 'application/json, text/event-stream',
            'mcp-protocol-version': '2025-11-25',
          },
          body: JSON.stringify(batch),
          signal: AbortSignal.timeout(50_000),
        });
        // "JVBERi0" is base64 of "%PDF-": one per packet in the answer.
        const headersMs = performance.now() - started;
        const body = await drain(response, '"blob":"JVBERi0');
        return { status: response.status, ...body, headersMs, ms: performance.now() - started };
      })();
      const otherCall = (async () => {
        const listed = await other.callTool({ name: 'list_filings', arguments: {} });
        return { ms: performance.now() - started, ok: listed.isError !== true };
      })();
      const work = Promise.all([Promise.all(downloads), batchRead, otherCall]);
      const probes = await healthProbesDuring(harness.origin, work);
      const [answers, read, otherAnswer] = await work;
      const elapsedMs = performance.now() - started;
      clearInterval(sampler);

      const statuses: Record<number, number> = {};
      for (const answer of answers) statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
      const sorted = probes.map((probe) => probe.wallMs).sort((a, b) => a - b);
      const slowest = probes.reduce((worst, probe) => (probe.wallMs > worst.wallMs ? probe : worst));
      const packetBytes = answers.find((answer) => answer.status === 200)?.bytes ?? 0;
      console.log(
        `packet storm: downloads ${JSON.stringify(statuses)} of ${mib(packetBytes)} MiB, ` +
          `the last in ${(Math.max(...answers.map((answer) => answer.ms)) / 1000).toFixed(1)} s, ` +
          `batch ${read.status} with ${read.count} packets in ${mib(read.bytes)} MiB ` +
          `(headers at ${(read.headersMs / 1000).toFixed(1)} s, done at ${(read.ms / 1000).toFixed(1)} s), ` +
          `other user served in ${otherAnswer.ms.toFixed(0)} ms, all in ${(elapsedMs / 1000).toFixed(1)} s; ` +
          `/healthz ${probes.length} probes, p50 ${percentile(sorted, 50).toFixed(1)} ms, ` +
          `p95 ${percentile(sorted, 95).toFixed(1)} ms, max ${sorted.at(-1)!.toFixed(1)} ms ` +
          `(sent at ${((slowest.sentAt - started) / 1000).toFixed(1)} s, ${slowest.cpuMs} ms of the loop's CPU); ` +
          `peak RSS ${mib(peakRss)} MiB (from ${mib(baselineRss)} MiB); ${JSON.stringify(harness.packets!.stats())}`,
      );

      // No 5xx: each download is the packet, or the rate limit's 429.
      expect(answers.every((answer) => answer.status === 200 || answer.status === 429)).toBe(true);
      const served = answers.filter((answer) => answer.status === 200);
      expect(served.length).toBeGreaterThan(0);
      for (const answer of served) {
        expect(answer.head.startsWith('%PDF-')).toBe(true);
        expect(answer.bytes).toBe(packetBytes);
      }
      // The batch answered every read with the packet (one SSE event each, as the client accepts).
      expect(read.status).toBe(200);
      expect(read.count).toBe(100);
      // The other user was served, and the process stayed under 1 GB.
      expect(otherAnswer.ok).toBe(true);
      expect(peakRss).toBeLessThan(1024 * 1024 * 1024);
      // /healthz answered throughout; its percentiles are printed above, not asserted (the clients
      // and PGlite run on this test's own thread, and this machine's cores are shared).
      expect(probes.length).toBeGreaterThan(5);
    } finally {
      await owner.close();
      await other.close();
    }
  }, 90_000);
});
