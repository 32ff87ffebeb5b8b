// Every kind of FILING_KINDS has its companion pages: adding a kind to the record gives it a page,
// a printable view and a table on the index, with no route of its own to write.
import { FILING_KIND_LIST, kindRecord, FilingRepository, kindPdfUrl } from '@filing-mcp/filing-domain';
import { testDatabases } from '@filing-mcp/test-db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CompanionHarness, startCompanionHarness } from './companion-harness.js';

describe.each(testDatabases())('the pages of every filing kind on $name', ({ create }) => {
  let harness: CompanionHarness;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    harness = await startCompanionHarness(create);
    const repository = new FilingRepository(harness.db);
    for (const kind of FILING_KIND_LIST) {
      ids[kind] = await repository.createFiling(kindRecord(kind).table, {
        userId: harness.userId,
        llcName: `Kind ${kind} LLC`,
        ein: '12-3456789',
        taxYearBegin: '2024-01-01',
        taxYearEnd: '2024-12-31',
        formData: {},
      });
    }
  });

  afterAll(async () => {
    await harness?.close();
  });

  it.each(FILING_KIND_LIST)('kind %s: its page, its printable view and its PDF link', async (kind) => {
    const { page, pageTitle } = kindRecord(kind);
    const id = ids[kind]!;
    const view = await fetch(`${harness.appUrl}/${page}/${id}`);
    expect(view.status).toBe(200);
    const body = await view.text();
    expect(body).toContain(`<h1>Kind ${kind} LLC</h1>`);
    expect(body).toContain(pageTitle);
    expect(body).toContain(`href="${kindPdfUrl(kind, harness.appUrl, id)}"`);
    const print = await fetch(`${harness.appUrl}/${page}/${id}/print`);
    expect(print.status).toBe(200);
    expect(await print.text()).toContain(pageTitle);
  });

  it.each(FILING_KIND_LIST)('kind %s: under another kind’s path the filing is not found', async (kind) => {
    for (const other of FILING_KIND_LIST.filter((candidate) => candidate !== kind)) {
      const response = await fetch(`${harness.appUrl}/${kindRecord(other).page}/${ids[kind]}`);
      expect(response.status).toBe(404);
    }
  });

  it('the index shows a table per kind, each linking to its filing', async () => {
    const body = await (await fetch(`${harness.appUrl}/`)).text();
    let from = 0;
    for (const kind of FILING_KIND_LIST) {
      const heading = body.indexOf(`<h2>${kindRecord(kind).indexHeading}</h2>`, from);
      expect(heading).toBeGreaterThanOrEqual(from);
      const link = `href="${harness.appUrl}/${kindRecord(kind).page}/${ids[kind]}"`;
      expect(body.indexOf(link, heading)).toBeGreaterThan(heading);
      from = heading + 1;
    }
  });
});
