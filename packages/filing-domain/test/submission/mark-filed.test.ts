// A filed record is never silently lost: mark_filed takes only the methods the kind is filed
// by and only a complete filing; a second record needs replace: true, never replaces a fax the
// provider reported delivered, and the record replaced stays in get_filing's filed.history;
// check_filing before the filing date does not answer filed; a change to a filed filing warns that
// it means an amended return; update_filing's row fields follow the form_data sent.
import { randomUUID } from 'node:crypto';
import { EXAMPLE_PARTNERSHIP_FILING } from '@filing-mcp/irs-forms';
import { testDatabases } from '@filing-mcp/test-db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FaxHarness, READY_FILING, startFaxHarness } from '../support/fax-harness.js';
import { newUser } from '../support/helpers.js';

describe.each(testDatabases())('mark_filed and the filed record on $name', (variant) => {
  let h: FaxHarness;
  let key: string;
  let userId: string;

  beforeAll(async () => {
    h = await startFaxHarness(variant);
    ({ key, userId } = await newUser(h.db));
  });
  afterAll(() => h?.close());

  const create = async (formData: Record<string, unknown> = READY_FILING) =>
    (await h.ok(key, 'create_filing', { form_data: formData })).id as string;
  const createPartnership = async (formData: Record<string, unknown> = EXAMPLE_PARTNERSHIP_FILING) =>
    (await h.ok(key, 'create_partnership_filing', { form_data: formData })).id as string;
  const rows = (id: string) =>
    h.db.selectFrom('filed_returns').select(['method', 'reference']).where('filing_id', '=', id).execute();
  const filedOf = async (id: string) => (await h.ok(key, 'get_filing', { id })).submissions.filed;

  it('takes only the methods the kind is filed by, naming the rule and its source; nothing is stored', async () => {
    const single = await create();
    const efiled = await h.call(key, 'mark_filed', { id: single, method: 'e-file', date: '2026-05-15' });
    expect(efiled.isError).toBe(true);
    expect(efiled.text).toContain(
      'A foreign-owned U.S. DE’s Form 5472 with its pro forma 1120 is not filed by e-file: it is filed by fax or mail.',
    );
    expect(efiled.text).toContain('Instructions for Form 5472, Where To File (Foreign-owned U.S. DEs)');

    const partnership = await createPartnership();
    const faxed = await h.call(key, 'mark_filed', { id: partnership, method: 'fax', date: '2026-03-10' });
    expect(faxed.isError).toBe(true);
    expect(faxed.text).toContain('A Form 1065 is not filed by fax: it is filed by mail or e-file.');
    expect(faxed.text).toContain('Instructions for Form 1065 (2025), Where To File');

    // One that must be e-filed (10 or more returns this calendar year) is not filed on paper.
    const mustEfile = await createPartnership({ ...EXAMPLE_PARTNERSHIP_FILING, filesTenOrMoreReturns: true });
    const mailed = await h.call(key, 'mark_filed', { id: mustEfile, method: 'mail', date: '2026-03-10' });
    expect(mailed.isError).toBe(true);
    expect(mailed.text).toContain('is not filed by mail: it is filed by e-file.');
    expect(mailed.text).toContain('T.D. 9972');
    for (const id of [single, partnership, mustEfile]) expect(await rows(id)).toEqual([]);

    const recorded = await h.ok(key, 'mark_filed', { id: mustEfile, method: 'e-file', date: '2026-03-10' });
    expect(recorded.filed).toMatchObject({ method: 'e-file', date: '2026-03-10', history: [] });
    // The forms a preparer adds are named, not refused.
    expect(recorded.message).toContain('Schedules K-2 and K-3 (Form 1065)');
  });

  it('refuses a filing that is not complete as of the date, naming what is missing; nothing is stored', async () => {
    const draft = await create({
      llcName: 'Draft LLC',
      taxYearBegin: '2025-01-01',
      taxYearEnd: '2025-12-31',
    });
    const refused = await h.call(key, 'mark_filed', { id: draft, method: 'mail', date: '2026-05-15' });
    expect(refused.isError).toBe(true);
    expect(refused.text).toContain(
      'The filing is not complete as of 2026-05-15, so it is not recorded as filed:',
    );
    expect(refused.text).toContain('Form 5472 Part I line 1b (ein)');
    expect(refused.text).toMatch(/\d+ required line\(s\) empty: .*; and \d+ more\./);
    expect(refused.text).toContain('Regulations section 1.6038A-4(a)(1)');
    expect(refused.text).toContain('check_filing lists each line');
    expect(await rows(draft)).toEqual([]);
    const check = await h.ok(key, 'check_filing', { id: draft, as_of: '2026-06-01' });
    expect(check.filed).toBeUndefined();

    // Nothing missing, but a value the IRS forms cannot print.
    const unprintable = await create({ ...READY_FILING, ownerName: 'Иван Петров' });
    const invalid = await h.call(key, 'mark_filed', { id: unprintable, method: 'fax', date: '2026-05-15' });
    expect(invalid.isError).toBe(true);
    expect(invalid.text).toContain('1 value(s) invalid: ownerName: holds "И"');
    expect(invalid.text).not.toContain('required line(s) empty');
    expect(await rows(unprintable)).toEqual([]);
  });

  it('a second record needs replace: true; the record replaced stays in filed.history, oldest first', async () => {
    const id = await create();
    await h.ok(key, 'mark_filed', { id, method: 'mail', date: '2026-05-15', tracking_number: 'RR 1' });
    const again = await h.call(key, 'mark_filed', { id, method: 'mail', date: '2026-01-02' });
    expect(again.isError).toBe(true);
    expect(again.text).toBe(
      'This filing is already recorded as filed by mail on 2026-05-15 (RR 1). Nothing was changed. To replace that record (get_filing keeps it in submissions.filed.history), call mark_filed again with replace: true.',
    );
    expect(await filedOf(id)).toMatchObject({ method: 'mail', date: '2026-05-15', history: [] });
    expect((await h.ok(key, 'check_filing', { id, as_of: '2026-11-01' })).days_late).toBe(30);

    const replaced = await h.ok(key, 'mark_filed', { id, method: 'fax', date: '2026-05-20', replace: true });
    expect(replaced.message).toContain(
      'It replaced the record of mail on 2026-05-15, which get_filing keeps in submissions.filed.history.',
    );
    const filed = await filedOf(id);
    expect(filed).toMatchObject({ method: 'fax', date: '2026-05-20', reference: null });
    expect(filed.history).toEqual([
      {
        method: 'mail',
        date: '2026-05-15',
        reference: 'RR 1',
        recorded_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
        replaced_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
      },
    ]);
    expect(replaced.filed).toEqual(filed);
    expect((await h.ok(key, 'check_filing', { id, as_of: '2026-11-01' })).days_late).toBe(35);

    await h.ok(key, 'mark_filed', { id, method: 'mail', date: '2026-05-18', replace: true });
    const twice = await filedOf(id);
    expect(twice.history.map((entry: any) => [entry.method, entry.date])).toEqual([
      ['mail', '2026-05-15'],
      ['fax', '2026-05-20'],
    ]);
    // The same record again (an idempotent retry) changes nothing and adds no history.
    const same = await h.ok(key, 'mark_filed', { id, method: 'mail', date: '2026-05-18' });
    expect(same.message).toContain('Already recorded as filed by mail on 2026-05-18; nothing changed.');
    expect(await filedOf(id)).toEqual(twice);
  });

  it('a fax the provider reported delivered is never replaced, even with replace: true', async () => {
    const id = await create();
    const faxId = randomUUID();
    const faxLogId = randomUUID();
    await h.db
      .insertInto('fax_logs')
      .values({
        id: faxLogId,
        user_id: userId,
        to_number: '+18558877737',
        from_number: '+13125550100',
        status: 'sending',
        status_rank: 3,
        filing_id: id,
        kind: '5472',
        provider: 'telnyx',
        provider_fax_id: faxId,
        // Sent before the delivery the event reports (the webhook bounds a date by the fax's window).
        created_at: new Date('2026-05-20T17:00:00Z'),
      })
      .execute();
    const delivered = h.telnyx.event(
      faxId,
      'fax.delivered',
      { page_count: 9 },
      { occurredAt: '2026-05-20T18:00:00Z' },
    );
    expect(await (await h.webhook(delivered)).json()).toEqual({ received: true, outcome: 'applied' });
    // A fax sent here is named by its fax log's id, the provider's id beside it.
    expect(await filedOf(id)).toMatchObject({
      method: 'fax',
      date: '2026-05-20',
      reference: faxLogId,
      provider_reference: faxId,
    });

    for (const args of [
      { method: 'mail', date: '2026-01-02' },
      { method: 'mail', date: '2026-01-02', replace: true },
      { method: 'fax', date: '2026-05-19', replace: true },
    ]) {
      const refused = await h.call(key, 'mark_filed', { id, ...args });
      expect(refused.isError).toBe(true);
      expect(refused.text).toBe(
        `This filing is recorded as filed by fax on 2026-05-20 (${faxLogId}): the fax provider reported that fax delivered to the IRS, so that record is never replaced. Nothing was changed. A correction to the return means an amended return.`,
      );
    }
    expect(await filedOf(id)).toMatchObject({ method: 'fax', date: '2026-05-20', history: [] });
    expect(await rows(id)).toEqual([{ method: 'fax', reference: `fax ${faxId}` }]);
    expect((await h.ok(key, 'check_filing', { id, as_of: '2026-11-01' })).days_late).toBe(35);
  });

  it('check_filing at an as_of before the filing date answers the status of that day, without filed', async () => {
    const id = await create();
    await h.ok(key, 'mark_filed', { id, method: 'mail', date: '2026-05-15' });
    const before = await h.ok(key, 'check_filing', { id, as_of: '2026-05-01' });
    expect(before.filed).toBeUndefined();
    expect(before).toMatchObject({ as_of: '2026-05-01', overdue: true, days_late: 16 });
    expect(before.late_filing).not.toBeNull();
    const on = await h.ok(key, 'check_filing', { id, as_of: '2026-05-15' });
    expect(on).toMatchObject({
      days_late: 30,
      late_filing: null,
      filed: { method: 'mail', date: '2026-05-15' },
    });
    const after = await h.ok(key, 'check_filing', { id, as_of: '2026-09-01' });
    expect(after).toMatchObject({ as_of: '2026-09-01', days_late: 30, filed: { date: '2026-05-15' } });
  });

  it('a change to a filed filing is stored, and its answer says it is filed and that a change means an amended return', async () => {
    const id = await create();
    const unfiled = await h.ok(key, 'update_filing', { id, form_data: { totalAssets: 1000 } });
    expect(unfiled.warning).toBeUndefined();
    await h.ok(key, 'mark_filed', { id, method: 'mail', date: '2026-05-15' });
    const changed = await h.ok(key, 'update_filing', { id, form_data: { totalAssets: 2000 } });
    expect(changed.warning).toContain('This filing is recorded as filed (by mail on 2026-05-15)');
    expect(changed.warning).toContain('A change to a filed return means an amended return.');
    expect(changed.warning).toContain('Instructions for Form 5472, Where To File');
    expect((await h.ok(key, 'get_filing', { id })).form_data.totalAssets).toBe(2000);

    const partnership = await createPartnership();
    await h.ok(key, 'mark_filed', { id: partnership, method: 'e-file', date: '2026-03-10' });
    const partnershipChange = await h.ok(key, 'update_partnership_filing', {
      id: partnership,
      form_data: { businessActivity: 'Consulting' },
    });
    expect(partnershipChange.ok).toBe(true);
    expect(partnershipChange.warning).toContain('This filing is recorded as filed (by e-file on 2026-03-10)');
    expect(partnershipChange.warning).toContain('Form 1065-X');
    expect(partnershipChange.warning).toContain('administrative adjustment request');
    const stored = await h.ok(key, 'get_partnership_filing', { id: partnership });
    expect(stored.form_data.businessActivity).toBe('Consulting');
  });

  it('update_filing: llc_name, ein and the tax years follow the form_data sent; an argument given wins', async () => {
    const id = await create();
    const summary = async () => {
      const { llc_name, ein, tax_year_begin, tax_year_end } = await h.ok(key, 'get_filing', { id });
      return { llc_name, ein, tax_year_begin, tax_year_end };
    };
    await h.ok(key, 'update_filing', {
      id,
      form_data: {
        llcName: 'Renamed LLC',
        ein: '98-7654321',
        taxYearBegin: '2024-01-01',
        taxYearEnd: '2024-12-31',
      },
    });
    const renamed = {
      llc_name: 'Renamed LLC',
      ein: '98-7654321',
      tax_year_begin: '2024-01-01',
      tax_year_end: '2024-12-31',
    };
    expect(await summary()).toEqual(renamed);
    const listed = (await h.ok(key, 'list_filings')).filings.find((filing: any) => filing.id === id);
    expect(listed).toMatchObject(renamed);

    await h.ok(key, 'update_filing', { id, form_data: { totalAssets: 5 } });
    expect(await summary()).toEqual(renamed);
    await h.ok(key, 'update_filing', {
      id,
      llc_name: 'Record Name',
      form_data: { llcName: 'Form Name LLC' },
    });
    expect(await summary()).toEqual({ ...renamed, llc_name: 'Record Name' });
    expect((await h.ok(key, 'get_filing', { id })).form_data.llcName).toBe('Form Name LLC');
  });
});
