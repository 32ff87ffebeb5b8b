import { createApiKey } from '@filing-mcp/filing-domain';
import { EXAMPLE_PARTNERSHIP_FILING, EXAMPLE_SINGLE_MEMBER_FILING } from '@filing-mcp/irs-forms';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CompanionHarness, connectMcpClient, startCompanionHarness } from './companion-harness.js';
import { healthProbesDuring } from './support/health-probes.js';

// The largest packets the tools accept: 50 related parties and 100 partners.
const party = EXAMPLE_SINGLE_MEMBER_FILING.relatedParties[0]!;
const partner = EXAMPLE_PARTNERSHIP_FILING.partners[0]!;
const withParties = (count: number) => ({
  ...EXAMPLE_SINGLE_MEMBER_FILING,
  relatedParties: Array.from({ length: count }, (_, index) => ({ ...party, name: `Party ${index}` })),
});
const withPartners = (count: number) => ({
  ...EXAMPLE_PARTNERSHIP_FILING,
  partners: Array.from({ length: count }, (_, index) => ({ ...partner, name: `Partner ${index}` })),
});

let harness: CompanionHarness;
let client: Client;

beforeAll(async () => {
  harness = await startCompanionHarness();
  const { key } = await createApiKey(harness.db, { userId: harness.userId, scope: 'filings:read' });
  client = await connectMcpClient(harness, key, 'packet-bounds');
});

afterAll(async () => {
  await client?.close();
  await harness?.close();
});

describe('a packet over the socket (Node adapter, packet worker; PGlite only: the database holds one row read per packet, and companion.test.ts checks the storage on both)', () => {
  it('keeps /healthz answering within 100 ms while the largest allowed packets build and encode', async () => {
    const filing = await harness.createFiling({ llcName: 'Acme Holdings LLC', formData: withParties(50) });
    const partnership = await harness.createFiling({
      kind: 'partnership',
      llcName: 'Blue River Partners LLC',
      formData: withPartners(100),
    });
    const uris = [`filing://filings/${filing}/packet.pdf`, `filing://partnership/${partnership}/packet.pdf`];
    // Warm up: the worker thread, pdf-lib and the templates load on the first packet.
    await client.readResource({ uri: uris[0]! });

    const sizes: number[] = [];
    const reads = (async () => {
      for (const uri of [...uris, ...uris]) {
        const { contents } = await client.readResource({ uri });
        sizes.push((contents[0] as { blob: string }).blob.length);
      }
    })();
    const probes = await healthProbesDuring(harness.origin, reads);
    expect(sizes).toHaveLength(4);
    expect(probes.length).toBeGreaterThan(20);
    // Each answer within 100 ms of the event loop's own time: a probe that took longer on the
    // wall clock while its thread ran for less was waiting for one of this shared machine's cores
    // (an idle node:http server here shows such 250 ms gaps under load), not for the packet. A
    // packet built or encoded in one piece would run the thread for the whole probe.
    const blocked = probes.filter((probe) => probe.wallMs >= 100 && probe.cpuMs >= 100);
    expect(blocked).toEqual([]);
    // Most answers come well within the bound on the wall clock too.
    const sorted = probes.map((probe) => probe.wallMs).sort((a, b) => a - b);
    expect(sorted[Math.floor(sorted.length / 2)]).toBeLessThan(100);
  }, 120_000);

  it('answers -32602 naming the bound, and the PDF link 413, for a filing over PACKET_LIMITS', async () => {
    // Cover page + 1120 (6 pages) + 334 Forms 5472 (3 pages each) with their Part V statements
    // (1 page each) + letter = 1,344 pages > 1,000 (the example's Form 7004 is left out: its due
    // date has passed).
    const id = await harness.createFiling({ llcName: 'Acme Holdings LLC', formData: withParties(334) });
    const uri = `filing://filings/${id}/packet.pdf`;
    const error = await client.readResource({ uri }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({
      code: -32602,
      data: { uri, limit: 'pages', actual: 1_344, max: 1_000 },
    });
    expect((error as Error).message).toContain(
      'The packet would have 1,344 pages, more than the 1,000 pages a packet may hold: list fewer related parties (form_data.relatedParties) or partners (form_data.partners)',
    );
    for (const suffix of ['pdf', 'pdf?format=zip']) {
      const response = await fetch(`${harness.appUrl}/filings/${id}/${suffix}`);
      expect(response.status).toBe(413);
      const body = await response.text();
      expect(body).toContain('The packet would have 1,344 pages');
      expect(body).not.toContain('%PDF');
    }
  });
});
