import { mkdtempSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { EXAMPLE_SINGLE_MEMBER_FILING } from '@filing-mcp/irs-forms';
import { signWithStroke } from '../../../packages/irs-forms/test/support/signed-copy-fixtures.js';
import { PacketBuilder } from '@filing-mcp/irs-forms/pdf';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanionHarness } from './companion-harness.js';
import { ARTIFACTS, type ChromiumCompanion, startChromiumCompanion } from './support/chromium.js';

/**
 * A filing page in a real browser (Debian's Chromium), in each state a person goes through: draft,
 * ready to sign, signed, sent, filed. The page says the state in words, the due date, the days late,
 * the penalty exposure and the next step without a tool name; identifying numbers show their last
 * four digits only. PGlite only, as the other browser tests.
 */
const READY = { ...EXAMPLE_SINGLE_MEMBER_FILING, generateForm7004: false };
const templates = `${dirname(createRequire(import.meta.url).resolve('@filing-mcp/irs-forms/templates/f5472.pdf'))}/`;
/** The ready filing's EIN shows as its last four digits only, in every state. */
function expectMasked(main: string): void {
  expect(main).not.toContain(String(READY.ein));
  expect(main).toContain(`•••••${String(READY.ein).slice(-4)}`);
}
const TOOL_NAMES = /send_fax|mark_filed|update_filing|complete_filing|check_filing|get_pdf_url|list_fax_logs/;

let chromium: ChromiumCompanion;
let harness: CompanionHarness;
let browser: Browser;

beforeAll(async () => {
  chromium = await startChromiumCompanion();
  ({ harness, browser } = chromium);
});

afterAll(() => chromium?.close());

async function withPage(run: (page: Page) => Promise<void>): Promise<void> {
  const context = await browser.newContext();
  context.setDefaultTimeout(15_000);
  try {
    await run(await context.newPage());
  } finally {
    await context.close();
  }
}

async function status(page: Page) {
  const text = async (selector: string) => ((await page.textContent(selector)) ?? '').trim();
  return {
    state: await text('#filing-state'),
    due: await text('#due-date'),
    late: await text('#days-late'),
    exposure: await text('#penalty-exposure'),
    next: await text('#next-step'),
    main: (await page.locator('main').textContent()) ?? '',
  };
}

describe('filing pages say where a filing stands, in Chromium (PGlite only: filing-domain runs the submissions storage on both databases)', () => {
  it('a late draft: Draft, its due date, days late, the penalty, a next step in words, numbers masked', async () => {
    const id = await harness.createFiling({
      llcName: 'Mesa Verde Trading LLC',
      formData: {
        llcName: 'Mesa Verde Trading LLC',
        ein: '12-3456789',
        taxYearBegin: '2024-01-01',
        taxYearEnd: '2024-12-31',
        ownerName: 'Ana Pereira',
        ownerUSId: '123-45-6780',
      },
    });
    await withPage(async (page) => {
      await page.goto(`${harness.appUrl}/filings/${id}`);
      const seen = await status(page);
      expect(seen.state).toBe('Draft');
      expect(seen.due).toBe('2025-04-15');
      expect(seen.late).toMatch(/^\d+ days late$/);
      expect(seen.exposure).toMatch(/^\$25,000/);
      expect(seen.next).toMatch(
        /^Next step: Finish the answers with your assistant \(\d+ answers still missing/,
      );
      expect(seen.next).not.toMatch(TOOL_NAMES);
      expect(seen.main).not.toContain('completed');
      expect(seen.main).not.toContain('12-3456789');
      expect(seen.main).not.toContain('123-45-6780');
      // The EIN and the owner's SSN, each by its own last four digits.
      expect(seen.main).toContain('•••••6789');
      expect(seen.main).toContain('•••••6780');
      await page.screenshot({ path: join(ARTIFACTS, 'filing-state-draft.png'), fullPage: true });
    });
  });

  it('ready to sign, signed, sent, filed: each in words, and once filed the proof and nothing to send', async () => {
    const id = await harness.createFiling({ llcName: READY.llcName, formData: READY });
    // What the user uploads: the part to file, signed (a pen stroke in the signature box).
    const { pdf } = await new PacketBuilder({ loadTemplate: (name) => readFile(templates + name) }).build(
      '5472',
      READY,
      { section: 'file' },
    );
    const scan = join(mkdtempSync(join(tmpdir(), 'filing-state-')), 'signed-return.pdf');
    writeFileSync(scan, await signWithStroke(pdf));
    await withPage(async (page) => {
      const url = `${harness.appUrl}/filings/${id}`;
      await page.goto(url);
      let seen = await status(page);
      expect(seen.state).toBe('Ready to sign');
      expect(seen.next).toContain('sign the pro forma Form 1120 by hand');
      expect(seen.next).not.toMatch(TOOL_NAMES);
      expectMasked(seen.main);
      await page.screenshot({ path: join(ARTIFACTS, 'filing-state-ready.png'), fullPage: true });

      await page.setInputFiles('#signed-copy', scan);
      await Promise.all([page.waitForURL(url), page.click('text=Upload signed copy')]);
      seen = await status(page);
      expect(seen.state).toBe('Signed');
      expect(seen.next).toContain('fax');
      expect(seen.main).not.toMatch(TOOL_NAMES);
      expectMasked(seen.main);
      await page.screenshot({ path: join(ARTIFACTS, 'filing-state-signed.png'), fullPage: true });

      // A fax on its way, as send_fax leaves it.
      await harness.db
        .insertInto('fax_logs')
        .values({
          id: crypto.randomUUID(),
          user_id: harness.userId,
          filing_id: id,
          kind: '5472',
          to_number: '+18558877737',
          from_number: '+15555550100',
          status: 'sending',
        })
        .execute();
      await page.reload();
      seen = await status(page);
      expect(seen.state).toBe('Sent');
      expect(seen.next).not.toMatch(TOOL_NAMES);
      expectMasked(seen.main);
      await page.screenshot({ path: join(ARTIFACTS, 'filing-state-sent.png'), fullPage: true });

      // Filed by certified mail, as mark_filed records it.
      await harness.db
        .insertInto('filed_returns')
        .values({
          filing_id: id,
          user_id: harness.userId,
          kind: '5472',
          method: 'mail',
          filed_on: '2026-03-12',
          reference: 'RE123456789US',
        })
        .execute();
      await page.reload();
      seen = await status(page);
      expect(seen.state).toBe('Filed');
      expect(seen.next).toBe(
        'Next step: Nothing left to send. Keep the proof below with a copy of the signed return.',
      );
      const proof = (await page.textContent('#proof')) ?? '';
      expect(proof).toContain('Filed by mail on 2026-03-12, reference RE123456789US');
      expect(proof).toContain('certified');
      expect(await page.locator('#send-step').count()).toBe(0);
      expect(await page.locator('input[type=file]').count()).toBe(0);
      expect(seen.main).not.toMatch(TOOL_NAMES);
      expectMasked(seen.main);
      await page.screenshot({ path: join(ARTIFACTS, 'filing-state-filed.png'), fullPage: true });
    });
  });

  it('a partnership page shows its partners’ SSN and ITIN by their last four digits only', async () => {
    const id = await harness.createFiling({
      kind: 'partnership',
      llcName: 'Blue Fjord Partners LP',
      formData: {
        partnershipName: 'Blue Fjord Partners LP',
        ein: '98-7654321',
        partners: [
          { id: crypto.randomUUID(), name: 'Kari Nordmann', tin: '123-45-6789' },
          { id: crypto.randomUUID(), name: 'Ola Hansen', tin: '912-70-1234' },
        ],
      },
    });
    await withPage(async (page) => {
      await page.goto(`${harness.appUrl}/partnership/${id}`);
      const seen = await status(page);
      expect(seen.state).toBe('Draft');
      expect(seen.main).toContain('Kari Nordmann');
      for (const clear of ['123-45-6789', '912-70-1234', '98-7654321'])
        expect(seen.main).not.toContain(clear);
      for (const masked of ['•••••6789', '•••••1234', '•••••4321']) expect(seen.main).toContain(masked);
      expect(seen.main).not.toMatch(TOOL_NAMES);
      await page.screenshot({ path: join(ARTIFACTS, 'filing-state-partnership.png'), fullPage: true });
    });
  });
});
