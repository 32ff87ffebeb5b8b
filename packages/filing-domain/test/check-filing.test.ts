import { randomUUID } from 'node:crypto';
import { EXAMPLE_PARTNERSHIP_FILING, EXAMPLE_SINGLE_MEMBER_FILING } from '@filing-mcp/irs-forms';
import { testDatabases } from '@filing-mcp/test-db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callTool, type Harness, newUser, ok, replyBody, rpc, startHarness } from './helpers.js';

describe.each(testDatabases())('check_filing on $name', (variant) => {
  let harness: Harness;

  beforeAll(async () => {
    harness = await startHarness(variant);
  });
  afterAll(async () => {
    await harness?.close();
  });

  it('is listed as a read-only tool with an output schema', async () => {
    const { result } = await replyBody(await rpc(harness.server, 'tools/list', {}));
    const tool = result.tools.find((candidate: any) => candidate.name === 'check_filing');
    expect(tool.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false });
    expect(tool.inputSchema.required).toEqual(['id']);
    expect(Object.keys(tool.outputSchema.properties).sort()).toEqual(
      [
        'due_date',
        'extended_due_date',
        'forms',
        'how_to_file',
        'invalid',
        'kind',
        'missing',
        'ready',
        'as_of',
        'overdue',
        'days_late',
        'penalties',
        'withholding_1446',
        'notes',
      ].sort(),
    );
  });

  it('a complete calendar-2025 single-member filing is ready: due 2026-04-15, extended 2026-10-15', async () => {
    const { key } = await newUser(harness.db);
    const { id } = await ok(harness.server, key, 'create_filing', {
      form_data: EXAMPLE_SINGLE_MEMBER_FILING,
    });
    const report = await ok(harness.server, key, 'check_filing', { id });
    expect(report).toMatchObject({
      kind: '5472',
      ready: true,
      missing: [],
      invalid: [],
      due_date: '2026-04-15',
      extended_due_date: '2026-10-15',
    });
    expect(report.forms.map((form: any) => [form.form, form.edition, form.copies, form.included])).toEqual([
      ['1120', '2025', 1, true],
      ['5472', 'Rev. December 2023', 2, true],
      ['7004', 'Rev. December 2025', 1, true],
    ]);
    expect(report.how_to_file.fax).toBe('855-887-7737');
  });

  it('an empty single-member filing lists every required line', async () => {
    const { key } = await newUser(harness.db);
    const { id } = await ok(harness.server, key, 'create_filing', { form_data: {} });
    const report = await ok(harness.server, key, 'check_filing', { id });
    expect(report.ready).toBe(false);
    expect(report.missing).toContainEqual({ form: '5472', line: '1b', field: 'ein' });
    expect(report.missing).toHaveLength(20);
    expect(report.due_date).toBeNull();
  });

  it('a partial single-member filing names what is missing and what is invalid', async () => {
    const { key } = await newUser(harness.db);
    const { id } = await ok(harness.server, key, 'create_filing', {
      form_data: { ...EXAMPLE_SINGLE_MEMBER_FILING, ein: '12345', ownerCitizenship: undefined },
    });
    const report = await ok(harness.server, key, 'check_filing', { id });
    expect(report.ready).toBe(false);
    expect(report.missing).toEqual([{ form: '5472', line: '4d', field: 'ownerCitizenship' }]);
    expect(report.invalid).toEqual([
      { field: 'ein', message: 'an EIN is nine digits written NN-NNNNNNN, e.g. 12-3456789' },
    ]);
  });

  it('finds a partnership whatever kind is asked: calendar 2025 is due 2026-03-16, 8804/8805 not generated', async () => {
    const { key } = await newUser(harness.db);
    const { id } = await ok(harness.server, key, 'create_partnership_filing', {
      form_data: EXAMPLE_PARTNERSHIP_FILING,
    });
    const report = await ok(harness.server, key, 'check_filing', { id, kind: '5472' });
    expect(report).toMatchObject({ kind: 'partnership', ready: true, due_date: '2026-03-16' });
    expect(report.forms.filter((form: any) => !form.included).map((form: any) => form.form)).toEqual([
      '8804',
      '8805',
      '8813',
    ]);
  });

  it('an empty and a partial partnership filing are not ready', async () => {
    const { key } = await newUser(harness.db);
    const empty = await ok(harness.server, key, 'create_partnership_filing', { form_data: {} });
    const emptyReport = await ok(harness.server, key, 'check_filing', { id: empty.id, kind: 'partnership' });
    expect(emptyReport.ready).toBe(false);
    expect(emptyReport.missing.map((gap: any) => gap.field)).toEqual(
      expect.arrayContaining([
        'partnershipName',
        'partners',
        'income',
        'deductions',
        'scheduleK',
        'scheduleB.line1',
      ]),
    );
    const partial = await ok(harness.server, key, 'create_partnership_filing', {
      form_data: { ...EXAMPLE_PARTNERSHIP_FILING, ein: undefined, taxYearEnd: '2026-06-30' },
    });
    const partialReport = await ok(harness.server, key, 'check_filing', {
      id: partial.id,
      kind: 'partnership',
    });
    expect(partialReport.missing).toEqual([{ form: '1065', line: 'D', field: 'ein' }]);
    expect(partialReport.invalid).toEqual([
      { field: 'taxYearEnd', message: 'a tax year is at most 12 months' },
    ]);
  });

  it('another user’s filing and an unknown id are "Filing not found"; no credential is a 401', async () => {
    const owner = await newUser(harness.db);
    const other = await newUser(harness.db);
    const { id } = await ok(harness.server, owner.key, 'create_filing', {
      form_data: EXAMPLE_SINGLE_MEMBER_FILING,
    });
    for (const [key, target] of [
      [other.key, id],
      [owner.key, randomUUID()],
    ]) {
      const outcome = await callTool(harness.server, key!, 'check_filing', { id: target });
      expect(outcome.isError).toBe(true);
      expect(outcome.text).toBe('Filing not found');
    }
    const response = await rpc(harness.server, 'tools/call', { name: 'check_filing', arguments: { id } });
    expect(response.status).toBe(401);
  });
});
