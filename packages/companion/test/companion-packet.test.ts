import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApiKey } from '@filing-mcp/filing-domain';
import { EXAMPLE_PARTNERSHIP_FILING, EXAMPLE_SINGLE_MEMBER_FILING } from '@filing-mcp/irs-forms';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CompanionHarness, startCompanionHarness } from './companion-harness.js';

let harness: CompanionHarness;

beforeAll(async () => {
  harness = await startCompanionHarness();
});

afterAll(async () => {
  await harness?.close();
});

function withTempFile<T>(bytes: Uint8Array, name: string, use: (path: string) => T): T {
  const dir = mkdtempSync(join(tmpdir(), 'companion-packet-'));
  try {
    const path = join(dir, name);
    writeFileSync(path, bytes);
    return use(path);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('the PDF link get_pdf_url returns (PGlite only: the packet is drawn from the filing row alone, and companion.test.ts checks the storage of the pages on both databases)', () => {
  it('answers the owner the whole packet of official forms as application/pdf', async () => {
    const id = await harness.createFiling({
      llcName: 'Acme Holdings LLC',
      formData: EXAMPLE_SINGLE_MEMBER_FILING,
    });
    const response = await fetch(`${harness.appUrl}/filings/${id}/pdf`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe(
      'inline; filename="acme-holdings-llc-irs-forms.pdf"',
    );
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('x-form-editions')).toBe(
      // The example's Form 7004 is left out: its original due date (2026-04-15) has passed.
      '1120 2025, 5472 Rev. December 2023',
    );
    const pdf = new Uint8Array(await response.arrayBuffer());
    // Page 1 is the cover page (how to sign and file); the first Form 5472 follows the 1120's 6 pages.
    const text = withTempFile(pdf, 'packet.pdf', (path) =>
      execFileSync('pdftotext', ['-f', '8', '-l', '8', path, '-'], { encoding: 'utf8' }),
    );
    expect(text).toContain('Acme Holdings LLC');
    expect(text).toContain('12-3456789');
    expect(text).toContain('Maria Garcia');
  });

  it('answers another user’s filing with the 404 page and no byte of the packet', async () => {
    const foreign = await harness.createFiling({
      userId: 'someone-else',
      llcName: 'Acme Holdings LLC',
      formData: EXAMPLE_SINGLE_MEMBER_FILING,
    });
    for (const suffix of ['pdf', 'pdf?format=zip']) {
      const response = await fetch(`${harness.appUrl}/filings/${foreign}/${suffix}`);
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      const body = await response.text();
      expect(body).not.toContain('%PDF');
      expect(body).not.toContain('Acme Holdings');
    }
  });

  it('answers ?format=zip with one PDF per form, named in filing order', async () => {
    const id = await harness.createFiling({
      kind: 'partnership',
      llcName: 'Harbor Bridge Partners LLC',
      formData: EXAMPLE_PARTNERSHIP_FILING,
    });
    const response = await fetch(`${harness.appUrl}/partnership/${id}/pdf?format=zip`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    expect(response.headers.get('content-disposition')).toBe(
      'attachment; filename="harbor-bridge-partners-llc-irs-forms.zip"',
    );
    const zip = new Uint8Array(await response.arrayBuffer());
    const names = withTempFile(zip, 'packet.zip', (path) => {
      expect(execFileSync('unzip', ['-tq', path], { encoding: 'utf8' })).toContain('No errors');
      return execFileSync('unzip', ['-Z1', path], { encoding: 'utf8' }).trim().split('\n');
    });
    expect(names).toEqual([
      '01-form-1065-harbor-bridge-partners-llc.pdf',
      '02-schedule-k-1-form-1065-alice-smith.pdf',
      '03-schedule-k-1-form-1065-maple-holdings-inc.pdf',
      '04-schedule-k-1-form-1065-lone-star-capital-llc.pdf',
      '05-forms-8804-8805-figures.pdf',
      // Each partner's section 199A statement (Schedule K-1 box 20, code Z).
      '06-section-199a-statement-alice-smith.pdf',
      '07-section-199a-statement-maple-holdings-inc.pdf',
      '08-section-199a-statement-lone-star-capital-llc.pdf',
    ]);
  });

  it('answers 422 naming the field when a value cannot be printed on the forms', async () => {
    const id = await harness.createFiling({
      llcName: 'Acme Holdings LLC',
      formData: { ...EXAMPLE_SINGLE_MEMBER_FILING, ownerName: '王小明' },
    });
    const response = await fetch(`${harness.appUrl}/filings/${id}/pdf`);
    expect(response.status).toBe(422);
    expect(await response.text()).toContain('form_data.ownerName holds');
  });

  it('answers 400 to an unknown format', async () => {
    const id = await harness.createFiling({
      llcName: 'Acme Holdings LLC',
      formData: EXAMPLE_SINGLE_MEMBER_FILING,
    });
    const response = await fetch(`${harness.appUrl}/filings/${id}/pdf?format=docx`);
    expect(response.status).toBe(400);
  });
});

describe('the same packet as an MCP resource, built through the server’s packet port', () => {
  async function connect(): Promise<Client> {
    const { key } = await createApiKey(harness.db, { userId: harness.userId, scope: 'filings:read' });
    const client = new Client({ name: 'packet-resource', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(harness.baseUrl), {
        requestInit: { headers: { authorization: `Bearer ${key}` } },
      }),
    );
    return client;
  }

  it('reads filing://filings/{id}/packet.pdf with the official SDK client: the owner’s filled forms', async () => {
    const id = await harness.createFiling({
      llcName: 'Acme Holdings LLC',
      formData: EXAMPLE_SINGLE_MEMBER_FILING,
    });
    const client = await connect();
    try {
      expect(client.getServerCapabilities()?.resources).toEqual({});
      const uri = `filing://filings/${id}/packet.pdf`;
      const { contents } = await client.readResource({ uri });
      expect(contents).toEqual([{ uri, mimeType: 'application/pdf', blob: expect.any(String) }]);
      const pdf = Buffer.from((contents[0] as { blob: string }).blob, 'base64');
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      const text = withTempFile(pdf, 'packet.pdf', (path) =>
        execFileSync('pdftotext', ['-f', '8', '-l', '8', path, '-'], { encoding: 'utf8' }),
      );
      expect(text).toContain('Acme Holdings LLC');
      expect(text).toContain('Maria Garcia');
    } finally {
      await client.close();
    }
  });

  it('answers -32602 naming the field when a value cannot be printed, and -32602 for another user’s filing', async () => {
    const unprintable = await harness.createFiling({
      llcName: 'Acme Holdings LLC',
      formData: { ...EXAMPLE_SINGLE_MEMBER_FILING, ownerName: '王小明' },
    });
    const foreign = await harness.createFiling({
      userId: 'someone-else',
      llcName: 'Acme Holdings LLC',
      formData: EXAMPLE_SINGLE_MEMBER_FILING,
    });
    const client = await connect();
    try {
      const uri = `filing://filings/${unprintable}/packet.pdf`;
      const error = await client.readResource({ uri }).catch((caught) => caught);
      expect(error).toMatchObject({ code: -32602, data: { uri, field: 'ownerName' } });
      expect(error.message).toContain('form_data.ownerName holds');
      const other = `filing://filings/${foreign}/packet.pdf`;
      await expect(client.readResource({ uri: other })).rejects.toMatchObject({
        code: -32602,
        data: { uri: other },
        message: expect.stringContaining('Resource not found'),
      });
    } finally {
      await client.close();
    }
  });
});
