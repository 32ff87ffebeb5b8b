// Partnership filings through the tools: server-assigned partner ids, the 100-partner bound and
// check_filing's date-aware answer with section 1446 withholding.
import { EXAMPLE_PARTNERSHIP_FILING } from '@filing-mcp/irs-forms';
import { testDatabases } from '@filing-mcp/test-db';
import { describe, expect, it } from 'vitest';
import { callTool, newUser, ok, useHarness } from '../support/helpers.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe.each(testDatabases())('partnership filings on $name', (variant) => {
  const harness = useHarness(variant);

  it('a partner without an id gets a UUID, and keeps it through later updates', async () => {
    const { key } = await newUser(harness().db);
    const { id } = await ok(harness().server, key, 'create_partnership_filing', {
      form_data: {
        partnershipName: 'Id LP',
        partners: [{ name: 'Ann Lee', tin: '123-45-6789' }, { name: 'Bo Co' }],
      },
    });
    const created = (await ok(harness().server, key, 'get_partnership_filing', { id })).form_data.partners;
    expect(created.map((partner: any) => partner.id)).toEqual([
      expect.stringMatching(UUID),
      expect.stringMatching(UUID),
    ]);
    expect(created[0].id).not.toBe(created[1].id);

    await ok(harness().server, key, 'update_partnership_filing', { id, form_data: { zip: '19801' } });
    // The partners sent again without ids (reordered, one renamed but same TIN): each keeps its id.
    await ok(harness().server, key, 'update_partnership_filing', {
      id,
      form_data: {
        partners: [
          { name: 'Bo Co', isForeign: true },
          { name: 'Ann Lee-Park', tin: '123-45-6789' },
          { name: 'New Partner' },
        ],
      },
    });
    const updated = (await ok(harness().server, key, 'get_partnership_filing', { id })).form_data.partners;
    expect(updated[0]).toEqual({ id: created[1].id, name: 'Bo Co', isForeign: true });
    expect(updated[1]).toEqual({ id: created[0].id, name: 'Ann Lee-Park', tin: '123-45-6789' });
    expect(updated[2].id).toMatch(UUID);
    expect([created[0].id, created[1].id]).not.toContain(updated[2].id);
  });

  it('101 partners is a tool error saying the return must be e-filed, and nothing is stored', async () => {
    const { userId, key } = await newUser(harness().db);
    const partners = Array.from({ length: 101 }, (_, i) => ({ name: `Partner ${i}` }));
    const rows = () =>
      harness()
        .db.selectFrom('partnership_filings')
        .select(['id', 'form_data'])
        .where('user_id', '=', userId)
        .execute();
    const created = await callTool(harness().server, key, 'create_partnership_filing', {
      form_data: { partnershipName: 'Big LP', partners },
    });
    expect(created.isError).toBe(true);
    expect(created.text).toContain('form_data.partners');
    expect(created.text).toMatch(/at most 100 partners.*must e-file/);
    expect(await rows()).toEqual([]);

    const { id } = await ok(harness().server, key, 'create_partnership_filing', {
      form_data: { partnershipName: 'Small LP', partners: partners.slice(0, 100) },
    });
    const before = await rows();
    const updated = await callTool(harness().server, key, 'update_partnership_filing', {
      id,
      form_data: { partners },
    });
    expect(updated.isError).toBe(true);
    expect(updated.text).toMatch(/must e-file/);
    expect(await rows()).toEqual(before);
  });

  it('check_filing answers as of a day: withholding_1446, and before and after the due date', async () => {
    const { key } = await newUser(harness().db);
    const { id } = await ok(harness().server, key, 'create_partnership_filing', {
      form_data: EXAMPLE_PARTNERSHIP_FILING,
    });
    const before = await ok(harness().server, key, 'check_filing', { id, as_of: '2026-03-16' });
    expect(before).toMatchObject({
      kind: 'partnership',
      ready: false, // Forms 8804, 8805, 8813 and Schedules K-2/K-3 are prepared elsewhere
      missing: [],
      invalid: [],
      due_date: '2026-03-16',
      as_of: '2026-03-16',
      overdue: false,
      days_late: 0,
      penalties: [],
    });
    expect(before.withholding_1446.total).toBe(17_720);
    expect(
      before.withholding_1446.partners.map((partner: any) => [partner.name, partner.rate, partner.tax]),
    ).toEqual([
      ['Alice Smith', 37, 11_840],
      ['Maple Holdings Inc', 21, 5_880],
    ]);
    expect(before.withholding_1446.installments.map((installment: any) => installment.due_date)).toEqual([
      '2025-04-15',
      '2025-06-16',
      '2025-09-15',
      '2025-12-15',
    ]);
    expect(before.notes.join(' ')).toContain('Not generated');

    const after = await ok(harness().server, key, 'check_filing', { id, as_of: '2026-03-17' });
    expect(after).toMatchObject({ overdue: true, days_late: 1 });
    expect(after.penalties[0]).toMatchObject({ code: 'irc_6698_late_partnership_return' });

    const today = await ok(harness().server, key, 'check_filing', { id });
    expect(today.as_of).toBe(new Date().toISOString().slice(0, 10));

    const bad = await callTool(harness().server, key, 'check_filing', { id, as_of: '2026-02-30' });
    expect(bad.isError).toBe(true);
    expect(bad.text).toContain('as_of');
  });

  it('a partnership with no figures is not ready and names each gap', async () => {
    const { key } = await newUser(harness().db);
    const { id } = await ok(harness().server, key, 'create_partnership_filing', {
      form_data: {
        ...EXAMPLE_PARTNERSHIP_FILING,
        income: undefined,
        scheduleK: undefined,
        scheduleB: undefined,
      },
    });
    const report = await ok(harness().server, key, 'check_filing', { id, as_of: '2026-01-10' });
    expect(report.ready).toBe(false);
    expect(report.missing.map((gap: any) => gap.field)).toEqual(
      expect.arrayContaining(['income', 'scheduleK.line16a', 'scheduleB.line1', 'scheduleB.line14']),
    );
  });
});
