import { sql } from 'kysely';
import { randomUUID } from 'node:crypto';
import { EXAMPLE_PARTNERSHIP_FILING, EXAMPLE_SINGLE_MEMBER_FILING } from '@filing-mcp/irs-forms';
import { testDatabases } from '@filing-mcp/test-db';
import { describe, expect, it } from 'vitest';
import { callTool, newUser, ok, replyBody, rpc, useHarness } from '../support/helpers.js';

describe.each(testDatabases())('check_filing on $name', (variant) => {
  const harness = useHarness(variant);

  it('is listed as a read-only tool with an output schema', async () => {
    const { result } = await replyBody(await rpc(harness().server, 'tools/list', {}));
    const tool = result.tools.find((candidate: any) => candidate.name === 'check_filing');
    expect(tool.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false });
    expect(tool.inputSchema.required).toEqual(['id']);
    expect(Object.keys(tool.outputSchema.properties).sort()).toEqual(
      [
        'due_date',
        'extended_due_date',
        'extended_due_date_reason',
        'recommended',
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
        'late_filing',
        'withholding_1446',
        'notes',
        'prepare_elsewhere',
        'filed',
        'credits',
        'unrecognized_fields',
      ].sort(),
    );
    expect(tool.inputSchema.properties.as_of.type).toBe('string');
  });

  it('a complete calendar-2025 single-member filing is ready: due 2026-04-15, extended 2026-10-15', async () => {
    const { key } = await newUser(harness().db);
    const { id } = await ok(harness().server, key, 'create_filing', {
      form_data: EXAMPLE_SINGLE_MEMBER_FILING,
    });
    const report = await ok(harness().server, key, 'check_filing', { id, as_of: '2026-03-01' });
    expect(report).toMatchObject({
      kind: '5472',
      ready: true,
      as_of: '2026-03-01',
      overdue: false,
      days_late: 0,
      penalties: [],
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
    const { key } = await newUser(harness().db);
    const { id } = await ok(harness().server, key, 'create_filing', { form_data: {} });
    const report = await ok(harness().server, key, 'check_filing', { id });
    expect(report.ready).toBe(false);
    expect(report.missing).toContainEqual({ form: '5472', part: 'I', line: '1b', field: 'ein' });
    // With Part II's question whether the owner is itself owned (lines 6-7).
    expect(report.missing).toHaveLength(31);
    expect(report.due_date).toBeNull();
  });

  it('a partial single-member filing names what is missing and what is invalid', async () => {
    const { key } = await newUser(harness().db);
    const { id } = await ok(harness().server, key, 'create_filing', {
      form_data: { ...EXAMPLE_SINGLE_MEMBER_FILING, ownerCitizenship: undefined },
    });
    // The tools refuse a malformed EIN now; a filing stored before that may hold one.
    await harness()
      .db.updateTable('filings')
      .set({ form_data: sql`form_data || '{"ein":"12345"}'::jsonb` })
      .where('id', '=', id)
      .execute();
    const report = await ok(harness().server, key, 'check_filing', { id, as_of: '2026-03-01' });
    expect(report.ready).toBe(false);
    expect(report.missing).toEqual([{ form: '5472', part: 'II', line: '4d', field: 'ownerCitizenship' }]);
    expect(report.invalid).toEqual([
      { field: 'ein', message: 'an EIN is nine digits written NN-NNNNNNN, e.g. 12-3456789' },
    ]);
  });

  it('finds a partnership whatever kind is asked: calendar 2025 is due 2026-03-16, 8804/8805 not generated', async () => {
    const { key } = await newUser(harness().db);
    const { id } = await ok(harness().server, key, 'create_partnership_filing', {
      form_data: EXAMPLE_PARTNERSHIP_FILING,
    });
    const report = await ok(harness().server, key, 'check_filing', { id, kind: '5472', as_of: '2026-03-01' });
    // Nothing missing, but its foreign partners need forms a preparer adds: not ready.
    expect(report).toMatchObject({
      kind: 'partnership',
      ready: false,
      missing: [],
      invalid: [],
      due_date: '2026-03-16',
      overdue: false,
    });
    expect(report.prepare_elsewhere.map((entry: any) => entry.form)).toEqual([
      'Form 1125-A', // page 1 line 2, cost of goods sold
      'Statements itemizing the lines that say "attach statement"', // lines 7 and 21
      'Schedules K-2 and K-3 (Form 1065)',
      'Form 8804',
      'Form 8805',
      'Form 8813',
    ]);
    expect(report.forms.filter((form: any) => !form.included).map((form: any) => form.form)).toEqual([
      '8804',
      '8805',
      '8813',
    ]);
  });

  it('an empty and a partial partnership filing are not ready', async () => {
    const { key } = await newUser(harness().db);
    const empty = await ok(harness().server, key, 'create_partnership_filing', { form_data: {} });
    const emptyReport = await ok(harness().server, key, 'check_filing', {
      id: empty.id,
      kind: 'partnership',
    });
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
    const partial = await ok(harness().server, key, 'create_partnership_filing', {
      form_data: { ...EXAMPLE_PARTNERSHIP_FILING, ein: undefined, taxYearEnd: '2026-06-30' },
    });
    // Checked before its due date: once past it, Schedule B question 4 turns No (the K-1s are late).
    const partialReport = await ok(harness().server, key, 'check_filing', {
      id: partial.id,
      kind: 'partnership',
      as_of: '2026-03-01',
    });
    expect(partialReport.missing).toEqual([{ form: '1065', line: 'D', field: 'ein' }]);
    expect(partialReport.invalid).toEqual([
      { field: 'taxYearEnd', message: 'a tax year is at most 12 months' },
    ]);
  });

  it('another user’s filing and an unknown id are "Filing not found"; no credential is a 401', async () => {
    const owner = await newUser(harness().db);
    const other = await newUser(harness().db);
    const { id } = await ok(harness().server, owner.key, 'create_filing', {
      form_data: EXAMPLE_SINGLE_MEMBER_FILING,
    });
    for (const [key, target] of [
      [other.key, id],
      [owner.key, randomUUID()],
    ]) {
      const outcome = await callTool(harness().server, key!, 'check_filing', { id: target });
      expect(outcome.isError).toBe(true);
      expect(outcome.text).toBe('Filing not found');
    }
    const response = await rpc(harness().server, 'tools/call', { name: 'check_filing', arguments: { id } });
    expect(response.status).toBe(401);
  });

  it('as_of before the due date, after it, and after the extended due date', async () => {
    const { key } = await newUser(harness().db);
    const timely7004 = {
      ...EXAMPLE_SINGLE_MEMBER_FILING,
      generateForm7004: false,
      form7004FiledDate: '2026-04-01',
    };
    const { id } = await ok(harness().server, key, 'create_filing', { form_data: timely7004 });
    const before = await ok(harness().server, key, 'check_filing', { id, as_of: '2026-04-15' });
    expect(before).toMatchObject({ overdue: false, days_late: 0, penalties: [], late_filing: null });
    const extended = await ok(harness().server, key, 'check_filing', { id, as_of: '2026-10-15' });
    expect(extended).toMatchObject({ overdue: false, extended_due_date: '2026-10-15' });
    const late = await ok(harness().server, key, 'check_filing', { id, as_of: '2026-11-25' });
    expect(late).toMatchObject({ overdue: true, days_late: 41 });
    expect(late.penalties[0]).toMatchObject({ code: '6038A(d)(1)', amount: 50_000 });
    expect(late.penalties[1]).toMatchObject({ code: '6038A(d)(2)', amount: null });
    expect(late.late_filing.fields).toEqual(expect.arrayContaining(['lateFilingReason', 'signerName']));
    // The example's letter and its facts: the packet carries the statement, and says so.
    expect(late).toMatchObject({ ready: true, late_filing: { statement_included: true, missing: [] } });
  });

  it('a 7004 asked for after the original due date is reported and marked left out', async () => {
    const { key } = await newUser(harness().db);
    const { id } = await ok(harness().server, key, 'create_filing', {
      form_data: EXAMPLE_SINGLE_MEMBER_FILING,
    });
    const report = await ok(harness().server, key, 'check_filing', { id, as_of: '2026-11-25' });
    expect(report.forms.find((form: any) => form.form === '7004')).toMatchObject({
      included: false,
      reason: expect.stringContaining('original due date (2026-04-15)'),
    });
    expect(report.invalid.map((entry: any) => entry.field)).toContain('generateForm7004');
    expect(report).toMatchObject({ ready: false, overdue: true, days_late: 224 });
  });

  it('an unreal as_of is a tool error naming it', async () => {
    const { key } = await newUser(harness().db);
    const { id } = await ok(harness().server, key, 'create_filing', {
      form_data: EXAMPLE_SINGLE_MEMBER_FILING,
    });
    const outcome = await callTool(harness().server, key, 'check_filing', { id, as_of: '2026-02-30' });
    expect(outcome.isError).toBe(true);
    expect(outcome.text).toContain('as_of');
  });

  it('a filing stored before 1.1.0 (free-text relationship, no Parts IV-VII) loads and is reported, never guessed', async () => {
    const { key } = await newUser(harness().db);
    const { id } = await ok(harness().server, key, 'create_filing', { form_data: { llcName: 'Old LLC' } });
    const legacy = {
      ...EXAMPLE_SINGLE_MEMBER_FILING,
      relatedParties: [
        { id: 'rp-1', name: 'Maria Garcia', relationship: 'Related to owner', address: 'Madrid' },
      ],
      partVII: undefined,
      transactions: [{ amount: 5000 }],
    };
    await harness()
      .db.updateTable('filings')
      .set({ form_data: JSON.stringify(legacy) as any })
      .where('id', '=', id)
      .execute();
    const stored = await ok(harness().server, key, 'get_filing', { id });
    expect(stored.form_data.relatedParties[0].relationship).toBe('Related to owner');
    const report = await ok(harness().server, key, 'check_filing', { id, as_of: '2026-03-01' });
    expect(report.ready).toBe(false);
    expect(report.invalid).toContainEqual({
      field: 'relatedParties[0].relationship',
      message:
        '"Related to owner" is not a line 8e box: use one of related_to_reporting_corporation, related_to_foreign_shareholder, foreign_shareholder, or a list of those that apply',
    });
    expect(report.invalid).toContainEqual(expect.objectContaining({ field: 'transactions' }));
    expect(report.missing).toContainEqual({
      form: '5472',
      part: 'IV/V',
      line: '9-36, V',
      field: 'relatedParties[0].transactions',
    });
    expect(report.missing).toContainEqual({ form: '5472', part: 'VII', line: '37', field: 'partVII.line37' });
  });

  it('51 related parties or 201 transactions of one party: a tool error naming the limit, nothing stored', async () => {
    const { userId, key } = await newUser(harness().db);
    const party = EXAMPLE_SINGLE_MEMBER_FILING.relatedParties[1];
    const count = async () =>
      Number(
        (
          await harness()
            .db.selectFrom('filings')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .where('user_id', '=', userId)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const tooManyParties = Array.from({ length: 51 }, (_, index) => ({ ...party, id: `rp-${index}` }));
    const parties = await callTool(harness().server, key, 'create_filing', {
      form_data: { ...EXAMPLE_SINGLE_MEMBER_FILING, relatedParties: tooManyParties },
    });
    expect(parties.isError).toBe(true);
    expect(parties.text).toContain('relatedParties');
    expect(parties.text).toContain('at most 50 related parties');
    const transactions = Array.from({ length: 201 }, () => ({ kind: 'service_fees_paid', amount: 1 }));
    const tooMany = await callTool(harness().server, key, 'create_filing', {
      form_data: { ...EXAMPLE_SINGLE_MEMBER_FILING, relatedParties: [{ ...party, transactions }] },
    });
    expect(tooMany.isError).toBe(true);
    expect(tooMany.text).toContain('at most 200 transactions');
    expect(await count()).toBe(0);
    // An update over the limit leaves the stored filing as it was.
    const { id } = await ok(harness().server, key, 'create_filing', {
      form_data: EXAMPLE_SINGLE_MEMBER_FILING,
    });
    const update = await callTool(harness().server, key, 'update_filing', {
      id,
      form_data: { relatedParties: tooManyParties },
    });
    expect(update.isError).toBe(true);
    const stored = await ok(harness().server, key, 'get_filing', { id });
    expect(stored.form_data.relatedParties).toHaveLength(2);
    expect(await count()).toBe(1);
  });

  it('an amount like "5,000 USD" is a tool error naming the field, nothing stored; a free-text relationship is stored and reported', async () => {
    const { key } = await newUser(harness().db);
    const party = EXAMPLE_SINGLE_MEMBER_FILING.relatedParties[0];
    const amount = await callTool(harness().server, key, 'create_filing', {
      form_data: {
        ...EXAMPLE_SINGLE_MEMBER_FILING,
        relatedParties: [{ ...party, transactions: [{ kind: 'capital_contribution', amount: '5,000 USD' }] }],
      },
    });
    expect(amount.isError).toBe(true);
    expect(amount.text).toContain('relatedParties.0.transactions.0.amount');
    expect(amount.text).toContain('e.g. 5000');
    // A free-text relationship is stored (filings stored before 1.1.0 keep working) and reported, never guessed.
    const { id } = await ok(harness().server, key, 'create_filing', {
      form_data: {
        ...EXAMPLE_SINGLE_MEMBER_FILING,
        relatedParties: [{ ...party, relationship: 'Sole owner' }],
      },
    });
    const report = await ok(harness().server, key, 'check_filing', { id, as_of: '2026-03-01' });
    expect(report.invalid).toEqual([
      {
        field: 'relatedParties[0].relationship',
        message:
          '"Sole owner" is not a line 8e box: use one of related_to_reporting_corporation, related_to_foreign_shareholder, foreign_shareholder, or a list of those that apply',
      },
    ]);
    await ok(harness().server, key, 'delete_filing', { id });
    const listed = await ok(harness().server, key, 'list_filings', {});
    expect(listed.filings).toEqual([]);
  });
});
