import { createApiKey } from '@filing-mcp/filing-domain';
import { EXAMPLE_SINGLE_MEMBER_FILING } from '@filing-mcp/irs-forms';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CompanionHarness, connectMcpClient, startCompanionHarness } from './companion-harness.js';
import { idsWhere } from './support/rows.js';

/**
 * One error, the same status and code on every surface (docs/spec-differences.md#errors): the MCP
 * resource (-32602 with `data.code`), the signed download and upload links (JSON `{code, error,
 * message}`), and the companion's PDF page (an HTML page with the status). Over real sockets, with
 * the official SDK client; PGlite only, as packet-bounds.test.ts: the storage is tested on both
 * databases elsewhere, and these answers read one filing row.
 */

const party = EXAMPLE_SINGLE_MEMBER_FILING.relatedParties[0]!;
// 334 related parties: 1,344 pages, over PACKET_LIMITS' 1,000 (packet-bounds.test.ts counts them).
const TOO_LARGE = {
  ...EXAMPLE_SINGLE_MEMBER_FILING,
  relatedParties: Array.from({ length: 334 }, (_, index) => ({ ...party, name: `Party ${index}` })),
};
const UNPRINTABLE = { ...EXAMPLE_SINGLE_MEMBER_FILING, ownerName: '王小明' };
// A 1x1 PNG: a signed copy that reads, so the upload gets as far as building the packet.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

const CASES = [
  {
    code: 'packet_too_large',
    formData: TOO_LARGE,
    status: 413,
    title: 'The packet is too large',
    message: 'The packet would have 1,344 pages, more than the 1,000 pages a packet may hold',
    data: { limit: 'pages', actual: 1_344, max: 1_000 },
    uploadMessage: 'The packet would have 1,343 pages, more than the 1,000 pages a packet may hold',
  },
  {
    code: 'unprintable_text',
    formData: UNPRINTABLE,
    status: 422,
    title: 'The forms cannot be printed',
    message: 'form_data.ownerName holds "王" (U+738B), which the IRS forms cannot print',
    data: { field: 'ownerName' },
  },
] as const;

let harness: CompanionHarness;
let client: Client;

beforeAll(async () => {
  harness = await startCompanionHarness();
  const { key } = await createApiKey(harness.db, { userId: harness.userId });
  client = await connectMcpClient(harness, key, 'error-surfaces');
});

afterAll(async () => {
  await client?.close();
  await harness?.close();
});

describe.each(CASES)(
  '$code on every surface (PGlite only: each answer reads one filing row; signed-copy.test.ts runs the storage on both)',
  (error) => {
    let id: string;
    let links: { download_url: string; upload_url: string };

    beforeAll(async () => {
      id = await harness.createFiling({ llcName: 'Acme Holdings LLC', formData: error.formData });
      const answer = await client.callTool({ name: 'get_pdf_url', arguments: { id } });
      links = answer.structuredContent as typeof links;
    });

    it('MCP resources/read: -32602 with the code and what names the problem in data', async () => {
      const uri = `filing://filings/${id}/packet.pdf`;
      const refused = await client.readResource({ uri }).catch((caught: unknown) => caught);
      expect(refused).toMatchObject({ code: -32602, data: { uri, code: error.code, ...error.data } });
      expect((refused as Error).message).toContain(error.message);
    });

    it(`HTTP, the signed download link: ${error.status} with { code, error, message }`, async () => {
      const response = await fetch(links.download_url);
      expect(response.status).toBe(error.status);
      expect(response.headers.get('content-type')).toBe('application/json');
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
      const body = (await response.json()) as Record<string, unknown>;
      expect(body).toMatchObject({ code: error.status, error: error.code });
      expect(body.message).toContain(error.message);
    });

    it(`HTTP, the signed upload link: ${error.status} before anything is stored (was a 500)`, async () => {
      const response = await fetch(links.upload_url, {
        method: 'POST',
        headers: { 'content-type': 'image/png' },
        body: PNG,
      });
      expect(response.status).toBe(error.status);
      const body = (await response.json()) as Record<string, unknown>;
      expect(body).toMatchObject({ code: error.status, error: error.code });
      // The upload is checked against the part to file: the packet without its cover page.
      expect(body.message).toContain('uploadMessage' in error ? error.uploadMessage : error.message);
      const stored = await idsWhere(harness.db, 'signed_copies', 'filing_id', id);
      expect(stored).toEqual([]);
    });

    it(`the companion's PDF page: an HTML ${error.status} naming the problem`, async () => {
      for (const suffix of ['pdf', 'pdf?format=zip']) {
        const response = await fetch(`${harness.appUrl}/filings/${id}/${suffix}`);
        expect(response.status).toBe(error.status);
        expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
        const page = await response.text();
        expect(page).toContain(`<h1>${error.title}</h1>`);
        expect(page).toContain(error.message.replaceAll('"', '&quot;'));
        expect(page).not.toContain('%PDF');
      }
    });
  },
);
