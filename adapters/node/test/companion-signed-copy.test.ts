import { mkdtempSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { EXAMPLE_SINGLE_MEMBER_FILING } from '@filing-mcp/irs-forms';
import { countPdfPages, PacketBuilder } from '@filing-mcp/irs-forms/pdf';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signWithStroke } from '../../../packages/irs-forms/test/support/signed-copy-fixtures.js';
import type { CompanionHarness } from './companion-harness.js';
import { ARTIFACTS, type ChromiumCompanion, startChromiumCompanion } from './support/chromium.js';

/**
 * The filing page's upload form in a real browser (Debian's Chromium, as companion-browser.test.ts):
 * choose the signed scan, upload it, and see its page count and the send step. PGlite only, as the
 * other browser test: the storage paths are tested on both databases in packages/filing-domain.
 */
const READY = { ...EXAMPLE_SINGLE_MEMBER_FILING, generateForm7004: false };
const templates = `${dirname(createRequire(import.meta.url).resolve('@filing-mcp/irs-forms/templates/f5472.pdf'))}/`;

let chromium: ChromiumCompanion;
let harness: CompanionHarness;
let browser: Browser;
let files: string;

beforeAll(async () => {
  chromium = await startChromiumCompanion();
  ({ harness, browser } = chromium);
  files = mkdtempSync(join(tmpdir(), 'signed-copy-'));
});

afterAll(() => chromium?.close());

const storedCopies = (id: string) =>
  harness.db.selectFrom('signed_copies').select(['pages', 'sha256']).where('filing_id', '=', id).execute();

describe('the filing page’s signed copy upload in Chromium (PGlite only: signed-copy.test.ts of filing-domain runs the storage on both databases)', () => {
  it('choose the signed scan, upload it, and see its page count and the send step', async () => {
    const id = await harness.createFiling({ llcName: READY.llcName, formData: READY });
    // The signed scan stands for the part to file (the packet without its cover page), every page of it.
    const { pdf } = await new PacketBuilder({ loadTemplate: (name) => readFile(templates + name) }).build(
      '5472',
      READY,
      { section: 'file' },
    );
    const pages = await countPdfPages(pdf);
    const scan = join(files, 'signed-return.pdf');
    writeFileSync(scan, await signWithStroke(pdf));

    const context = await browser.newContext();
    context.setDefaultTimeout(15_000);
    const page = await context.newPage();
    try {
      await page.goto(`${harness.appUrl}/filings/${id}`);
      expect(await page.textContent('#signed-copy-status')).toBe('No signed copy yet.');
      expect(await page.locator('#send-step').count()).toBe(0);
      await page.setInputFiles('#signed-copy', scan);
      await Promise.all([
        page.waitForURL(`${harness.appUrl}/filings/${id}`),
        page.click('text=Upload signed copy'),
      ]);
      expect(await page.textContent('#signed-copy-status')).toContain(`${pages} pages`);
      const sendStep = await page.textContent('#send-step');
      expect(sendStep).toContain('Ask your assistant to fax it');
      expect(sendStep).toContain(`these ${pages} pages go to the IRS fax 855-887-7737 once you say yes`);
      expect(sendStep).toContain('certified mail');
      expect(sendStep).not.toMatch(/send_fax|mark_filed/);
      await page.screenshot({ path: join(ARTIFACTS, 'filing-page-signed-copy.png'), fullPage: true });
      expect(await storedCopies(id)).toEqual([{ pages, sha256: expect.stringMatching(/^[0-9a-f]{64}$/) }]);
    } finally {
      await context.close();
    }
  });

  it('a file that is no PDF, JPEG or PNG is refused on a page that says why, and nothing is stored', async () => {
    const id = await harness.createFiling({ llcName: READY.llcName, formData: READY });
    const text = join(files, 'notes.txt');
    writeFileSync(text, 'not a scan');
    const context = await browser.newContext();
    context.setDefaultTimeout(15_000);
    const page = await context.newPage();
    try {
      await page.goto(`${harness.appUrl}/filings/${id}`);
      await page.setInputFiles('#signed-copy', text);
      const [response] = await Promise.all([
        page.waitForResponse(`${harness.appUrl}/filings/${id}/signed-copy`),
        page.click('text=Upload signed copy'),
      ]);
      expect(response.status()).toBe(415);
      expect(await page.textContent('main')).toContain('is not a PDF, JPEG or PNG');
      expect(await storedCopies(id)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('an upload without the page’s CSRF token is refused 403 and stores nothing', async () => {
    const id = await harness.createFiling({ llcName: READY.llcName, formData: READY });
    const form = new FormData();
    form.append('file', new Blob(['%PDF-1.7']), 'forged.pdf');
    const response = await fetch(`${harness.appUrl}/filings/${id}/signed-copy`, {
      method: 'POST',
      body: form,
    });
    expect(response.status).toBe(403);
    expect(await storedCopies(id)).toEqual([]);
  });
});
