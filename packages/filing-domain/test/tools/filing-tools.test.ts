import type { FilingTableName } from '../../src/kinds/filing-kinds.js';
import { randomUUID } from 'node:crypto';
import { testDatabases } from '@filing-mcp/test-db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_URL, callTool, type Harness, newUser, ok, startHarness } from '../support/helpers.js';

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const singleMember = {
  taxYearBegin: '2024-01-01',
  taxYearEnd: '2024-12-31',
  llcName: 'Acme Holdings LLC',
  llcStreet: '1 Main St',
  llcCity: 'Cheyenne, WY 82001',
  ein: '12-3456789',
  totalAssets: '15000',
  isInitialYear: false,
  ownerName: 'Ana Owner',
  relatedParties: [{ id: 'rp-1', name: 'Owner Ltd', relationship: 'foreign_shareholder' }],
  signatureDate: '2025-03-01',
  generateForm7004: true,
  customSection: { transactions: [{ amount: 100, note: 'capital contribution' }] },
};

const partnership = {
  partnershipName: 'River Partners LP',
  ein: '98-7654321',
  state: 'DE',
  totalAssets: '250000',
  taxYearBegin: '2024-01-01',
  taxYearEnd: '2024-12-31',
  partners: [
    {
      id: randomUUID(),
      name: 'Foreign GmbH',
      type: 'General partner or LLC member-manager',
      isForeign: true,
      entityType: 'Corporation',
      withholdingRate: '21',
    },
  ],
  income: { line1a: 1000 },
  extraField: 'kept',
};

describe.each(testDatabases())('filing tools on $name', (variant) => {
  let harness: Harness;

  beforeAll(async () => {
    harness = await startHarness(variant);
  });
  afterAll(async () => {
    await harness?.close();
  });

  async function countRows(table: FilingTableName, userId: string): Promise<number> {
    const row = await harness.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async function storedRow(table: FilingTableName, id: string): Promise<any> {
    return harness.db.selectFrom(table).selectAll().where('id', '=', id).executeTakeFirst();
  }

  describe('single-member filings', () => {
    it('create_filing stores a completed filing and answers { id, view_url }', async () => {
      const { userId, key } = await newUser(harness.db);
      const created = await ok(harness.server, key, 'create_filing', { form_data: singleMember });
      expect(Object.keys(created).sort()).toEqual(['id', 'unrecognized_fields', 'view_url']);
      expect(created.unrecognized_fields).toEqual(['customSection: not a field of this form; kept as sent']);
      expect(created.id).toMatch(UUID);
      expect(created.view_url).toBe(`${APP_URL}/filings/${created.id}`);

      const row = await storedRow('filings', created.id);
      expect(row.user_id).toBe(userId);
      expect(row.status).toBe('completed');
      expect(row.llc_name).toBe('Acme Holdings LLC');
      expect(row.ein).toBe('12-3456789');
      expect(row.form_data).toEqual(singleMember);
    });

    it('get_filing answers the filing with summary fields and form_data', async () => {
      const { key } = await newUser(harness.db);
      const { id } = await ok(harness.server, key, 'create_filing', { form_data: singleMember });
      const filing = await ok(harness.server, key, 'get_filing', { id });
      expect(filing).toEqual({
        id,
        llc_name: 'Acme Holdings LLC',
        ein: '12-3456789',
        tax_year_begin: '2024-01-01',
        tax_year_end: '2024-12-31',
        status: 'completed',
        created_at: expect.stringMatching(ISO),
        form_data: singleMember,
        submissions: { signed_copies: [], faxes: [], filed: null },
      });
    });

    it('create_filing: llc_name, ein and tax-year arguments override form_data', async () => {
      const { key } = await newUser(harness.db);
      const { id } = await ok(harness.server, key, 'create_filing', {
        form_data: singleMember,
        llc_name: 'Override LLC',
        ein: '11-1111111',
        tax_year_begin: '2023-07-01',
        tax_year_end: '2024-06-30',
      });
      const filing = await ok(harness.server, key, 'get_filing', { id });
      expect(filing).toMatchObject({
        llc_name: 'Override LLC',
        ein: '11-1111111',
        tax_year_begin: '2023-07-01',
        tax_year_end: '2024-06-30',
      });
      expect(filing.form_data.llcName).toBe('Acme Holdings LLC');
    });

    it('create_filing with an empty draft stores nulls for the unknown summary fields', async () => {
      const { key } = await newUser(harness.db);
      const { id } = await ok(harness.server, key, 'create_filing', { form_data: {} });
      const filing = await ok(harness.server, key, 'get_filing', { id });
      expect(filing).toMatchObject({
        llc_name: null,
        ein: null,
        tax_year_begin: null,
        tax_year_end: null,
        form_data: {},
      });
    });

    it('list_filings answers { filings } newest first: the summary shape plus ready, due_date and overdue', async () => {
      const { key } = await newUser(harness.db);
      const ids: string[] = [];
      for (const name of ['First LLC', 'Second LLC', 'Third LLC']) {
        ids.push(
          (await ok(harness.server, key, 'create_filing', { form_data: { ...singleMember, llcName: name } }))
            .id,
        );
      }
      const { filings } = await ok(harness.server, key, 'list_filings', {});
      expect(filings.map((filing: any) => filing.id)).toEqual([...ids].reverse());
      expect(Object.keys(filings[0]).sort()).toEqual(
        [
          'created_at',
          'ein',
          'id',
          'llc_name',
          'status',
          'tax_year_begin',
          'tax_year_end',
          'ready',
          'due_date',
          'overdue',
        ].sort(),
      );
      expect(filings[0]).toMatchObject({
        llc_name: 'Third LLC',
        status: 'completed',
        tax_year_begin: '2024-01-01',
      });
      expect(filings[0].created_at).toMatch(ISO);

      const limited = await ok(harness.server, key, 'list_filings', { limit: 2 });
      expect(limited.filings.map((filing: any) => filing.id)).toEqual([ids[2], ids[1]]);
    });

    it('list_filings defaults to 50 and bounds limit to 1..200', async () => {
      const { userId, key } = await newUser(harness.db);
      await harness.db
        .insertInto('filings')
        .values(
          Array.from({ length: 55 }, (_, i) => ({
            user_id: userId,
            llc_name: `LLC ${i}`,
            status: 'completed',
            form_data: JSON.stringify({}),
          })),
        )
        .execute();
      expect((await ok(harness.server, key, 'list_filings', {})).filings).toHaveLength(50);
      expect((await ok(harness.server, key, 'list_filings', { limit: 200 })).filings).toHaveLength(55);
      for (const limit of [0, -1, 201, 2.5, '10']) {
        const outcome = await callTool(harness.server, key, 'list_filings', { limit });
        expect(outcome.status).toBe(200);
        expect(outcome.isError).toBe(true);
        expect(outcome.text).toContain('limit');
      }
    });

    it('update_filing patches only the supplied fields and merges form_data at the top level', async () => {
      const { key } = await newUser(harness.db);
      const { id } = await ok(harness.server, key, 'create_filing', { form_data: singleMember });
      const before = await storedRow('filings', id);

      const answer = await ok(harness.server, key, 'update_filing', {
        id,
        form_data: { ownerName: 'New Owner' },
      });
      expect(answer).toEqual({ id, view_url: `${APP_URL}/filings/${id}` });
      const filing = await ok(harness.server, key, 'get_filing', { id });
      expect(filing.form_data).toEqual({ ...singleMember, ownerName: 'New Owner' });
      // Single-member records are not re-derived: llc_name stays unless supplied.
      expect(filing).toMatchObject({ llc_name: 'Acme Holdings LLC', ein: '12-3456789', status: 'completed' });

      await ok(harness.server, key, 'update_filing', {
        id,
        llc_name: 'Renamed LLC',
        tax_year_end: '2024-11-30',
      });
      const after = await storedRow('filings', id);
      expect(after.llc_name).toBe('Renamed LLC');
      expect(after.ein).toBe(before.ein);
      expect(after.status).toBe('completed');
      expect(after.form_data).toEqual({ ...singleMember, ownerName: 'New Owner' });
      expect((await ok(harness.server, key, 'get_filing', { id })).tax_year_end).toBe('2024-11-30');
      expect(new Date(after.updated_at).getTime()).toBeGreaterThanOrEqual(
        new Date(before.updated_at).getTime(),
      );
    });

    it('update_filing never changes the status', async () => {
      const { key } = await newUser(harness.db);
      const { id } = await ok(harness.server, key, 'create_filing', { form_data: singleMember });
      await harness.db.updateTable('filings').set({ status: 'submitted' }).where('id', '=', id).execute();
      await ok(harness.server, key, 'update_filing', { id, form_data: { status: 'completed' } });
      expect((await storedRow('filings', id)).status).toBe('submitted');
    });

    it('delete_filing deletes and answers { ok: true }; a second delete is Filing not found', async () => {
      const { userId, key } = await newUser(harness.db);
      const { id } = await ok(harness.server, key, 'create_filing', { form_data: singleMember });
      expect(await ok(harness.server, key, 'delete_filing', { id })).toEqual({ ok: true });
      expect(await storedRow('filings', id)).toBeUndefined();
      const again = await callTool(harness.server, key, 'delete_filing', { id });
      expect(again).toMatchObject({ status: 200, isError: true, text: 'Filing not found' });
      expect(await countRows('filings', userId)).toBe(0);
    });
  });

  describe('partnership filings', () => {
    it('create_partnership_filing derives the record from form_data and answers { id, view_url }', async () => {
      const { userId, key } = await newUser(harness.db);
      const created = await ok(harness.server, key, 'create_partnership_filing', { form_data: partnership });
      expect(created).toEqual({
        id: expect.stringMatching(UUID),
        view_url: `${APP_URL}/partnership/${created.id}`,
        unrecognized_fields: ['extraField: not a field of this form; kept as sent'],
      });
      const filing = await ok(harness.server, key, 'get_partnership_filing', { id: created.id });
      expect(filing).toEqual({
        id: created.id,
        llc_name: 'River Partners LP',
        ein: '98-7654321',
        tax_year_begin: '2024-01-01',
        tax_year_end: '2024-12-31',
        status: 'completed',
        created_at: expect.stringMatching(ISO),
        form_data: partnership,
        submissions: { signed_copies: [], faxes: [], filed: null },
      });
      expect((await storedRow('partnership_filings', created.id)).user_id).toBe(userId);
    });

    it('list_partnership_filings answers { filings } in the summary shape, plus ready, due_date and overdue', async () => {
      const { key } = await newUser(harness.db);
      const { id } = await ok(harness.server, key, 'create_partnership_filing', { form_data: partnership });
      await ok(harness.server, key, 'create_filing', { form_data: singleMember });
      const { filings } = await ok(harness.server, key, 'list_partnership_filings', {});
      expect(filings).toEqual([
        {
          id,
          llc_name: 'River Partners LP',
          ein: '98-7654321',
          tax_year_begin: '2024-01-01',
          tax_year_end: '2024-12-31',
          status: 'completed',
          created_at: expect.stringMatching(ISO),
          // 15 March 2025 is a Saturday: the due date moves to Monday the 17th, long past.
          ready: false,
          due_date: '2025-03-17',
          overdue: true,
        },
      ]);
      const outcome = await callTool(harness.server, key, 'list_partnership_filings', { limit: 500 });
      expect(outcome.isError).toBe(true);
      expect(outcome.text).toContain('limit');
    });

    it('update_partnership_filing merges form_data and recomputes llc_name, ein and tax years', async () => {
      const { key } = await newUser(harness.db);
      const { id } = await ok(harness.server, key, 'create_partnership_filing', { form_data: partnership });
      const answer = await ok(harness.server, key, 'update_partnership_filing', {
        id,
        form_data: {
          partnershipName: 'Lake Partners LP',
          ein: '55-5555555',
          taxYearBegin: '2025-01-01',
          taxYearEnd: '2025-12-31',
        },
      });
      expect(answer).toEqual({ ok: true });
      const filing = await ok(harness.server, key, 'get_partnership_filing', { id });
      expect(filing).toMatchObject({
        llc_name: 'Lake Partners LP',
        ein: '55-5555555',
        tax_year_begin: '2025-01-01',
        tax_year_end: '2025-12-31',
        status: 'completed',
      });
      expect(filing.form_data).toEqual({
        ...partnership,
        partnershipName: 'Lake Partners LP',
        ein: '55-5555555',
        taxYearBegin: '2025-01-01',
        taxYearEnd: '2025-12-31',
      });

      // A patch without derived fields keeps them.
      await ok(harness.server, key, 'update_partnership_filing', {
        id,
        form_data: { accountingMethod: 'accrual' },
      });
      expect(await ok(harness.server, key, 'get_partnership_filing', { id })).toMatchObject({
        llc_name: 'Lake Partners LP',
        ein: '55-5555555',
        form_data: { accountingMethod: 'accrual', extraField: 'kept' },
      });
    });

    it('update_partnership_filing ignores a stored taxYearBegin that is no date instead of failing', async () => {
      const { userId, key } = await newUser(harness.db);
      const row = await harness.db
        .insertInto('partnership_filings')
        .values({
          user_id: userId,
          llc_name: 'Legacy LP',
          tax_year_begin: '2020-01-01',
          status: 'completed',
          form_data: JSON.stringify({ taxYearBegin: 'sometime in 2020' }),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await ok(harness.server, key, 'update_partnership_filing', { id: row.id, form_data: { state: 'NY' } });
      const filing = await ok(harness.server, key, 'get_partnership_filing', { id: row.id });
      expect(filing).toMatchObject({ llc_name: 'Legacy LP', tax_year_begin: '2020-01-01' });
      expect(filing.form_data).toEqual({ taxYearBegin: 'sometime in 2020', state: 'NY' });
    });

    it('delete_partnership_filing deletes and answers { ok: true }', async () => {
      const { key } = await newUser(harness.db);
      const { id } = await ok(harness.server, key, 'create_partnership_filing', { form_data: partnership });
      expect(await ok(harness.server, key, 'delete_partnership_filing', { id })).toEqual({ ok: true });
      expect(await storedRow('partnership_filings', id)).toBeUndefined();
    });
  });

  describe('Filing not found: missing ids and other users’ ids change nothing', () => {
    it.each([
      ['get_filing', 'filings', {}],
      ['update_filing', 'filings', { llc_name: 'Stolen', form_data: { ownerName: 'Mallory' } }],
      ['delete_filing', 'filings', {}],
      ['get_pdf_url', 'filings', {}],
      ['get_partnership_filing', 'partnership_filings', {}],
      ['update_partnership_filing', 'partnership_filings', { form_data: { partnershipName: 'Stolen' } }],
      ['delete_partnership_filing', 'partnership_filings', {}],
      ['get_pdf_url', 'partnership_filings', { kind: 'partnership' }],
    ] as Array<[string, FilingTableName, Record<string, unknown>]>)(
      '%s on a %s record',
      async (tool, table, extra) => {
        const owner = await newUser(harness.db);
        const intruder = await newUser(harness.db);
        const { id } =
          table === 'filings'
            ? await ok(harness.server, owner.key, 'create_filing', { form_data: singleMember })
            : await ok(harness.server, owner.key, 'create_partnership_filing', { form_data: partnership });
        const before = await storedRow(table, id);

        for (const [credential, targetId] of [
          [intruder.key, id],
          [owner.key, randomUUID()],
        ] as const) {
          const outcome = await callTool(harness.server, credential, tool, { id: targetId, ...extra });
          expect(outcome).toMatchObject({ status: 200, isError: true, text: 'Filing not found' });
          expect(outcome.raw.result.structuredContent).toBeUndefined();
        }
        expect(await storedRow(table, id)).toEqual(before);
        expect(await countRows(table, intruder.userId)).toBe(0);
      },
    );

    it.each([
      'get_filing',
      'update_filing',
      'delete_filing',
      'get_partnership_filing',
      'update_partnership_filing',
      'delete_partnership_filing',
      'get_pdf_url',
    ])('%s with a malformed id is a validation error naming id, not a database error', async (tool) => {
      const { key } = await newUser(harness.db);
      for (const id of ['not-a-uuid', "1' or '1'='1", '', 42]) {
        const outcome = await callTool(harness.server, key, tool, { id, form_data: {} });
        expect(outcome.status).toBe(200);
        expect(outcome.isError).toBe(true);
        expect(outcome.text).toContain('id');
      }
      expect(harness.logs.filter((event) => event.event !== 'background_error')).toEqual([]);
    });
  });

  describe('payments and fax logs', () => {
    it('list_payments answers the user’s 100 newest payments in the spec’s shape', async () => {
      const { userId, key } = await newUser(harness.db);
      const other = await newUser(harness.db);
      const start = Date.UTC(2025, 0, 1);
      await harness.db
        .insertInto('payments')
        .values([
          ...Array.from({ length: 105 }, (_, i) => ({
            id: `pi_${userId}_${i}`,
            user_id: userId,
            amount: 4900 + i,
            currency: 'usd',
            status: 'succeeded',
            filings_purchased: 1,
            created_at: new Date(start + i * 60_000),
          })),
          {
            id: `pi_${other.userId}`,
            user_id: other.userId,
            amount: 1,
            currency: 'usd',
            status: 'succeeded',
          },
        ])
        .execute();
      const { payments } = await ok(harness.server, key, 'list_payments', {});
      expect(payments).toHaveLength(100);
      expect(payments[0]).toEqual({
        id: `pi_${userId}_104`,
        amount: 5004,
        currency: 'usd',
        status: 'succeeded',
        filings_purchased: 1,
        created_at: new Date(start + 104 * 60_000).toISOString(),
        // A row written before migration 0010_payments added the payment columns reads as a tier
        // without a receipt.
        receipt_url: null,
        promotion_code: null,
        kind: 'tier',
        filing_id: null,
      });
      expect(payments.at(-1).id).toBe(`pi_${userId}_5`);
      expect(payments.some((payment: any) => payment.id === `pi_${other.userId}`)).toBe(false);
    });

    // Regression: currency came back exactly as stored, while the spec says "lower-case currency code".
    it('list_payments answers a currency stored in upper case in lower case, leaving the row as stored', async () => {
      const { userId, key } = await newUser(harness.db);
      await harness.db
        .insertInto('payments')
        .values([
          { id: `pi_${userId}_usd`, user_id: userId, amount: 4900, currency: 'USD', status: 'succeeded' },
          {
            id: `pi_${userId}_eur`,
            user_id: userId,
            amount: 100,
            currency: 'Eur',
            status: 'succeeded',
            created_at: new Date(Date.UTC(2020, 0, 1)),
          },
        ])
        .execute();
      const { payments } = await ok(harness.server, key, 'list_payments', {});
      expect(payments.map((payment: any) => [payment.id, payment.currency])).toEqual([
        [`pi_${userId}_usd`, 'usd'],
        [`pi_${userId}_eur`, 'eur'],
      ]);
      const stored = await harness.db
        .selectFrom('payments')
        .select('currency')
        .where('user_id', '=', userId)
        .orderBy('amount', 'desc')
        .execute();
      expect(stored).toEqual([{ currency: 'USD' }, { currency: 'Eur' }]);
    });

    it('list_fax_logs answers the user’s 100 newest fax logs in the spec’s shape', async () => {
      const { userId, key } = await newUser(harness.db);
      const start = Date.UTC(2025, 1, 1);
      await harness.db
        .insertInto('fax_logs')
        .values(
          Array.from({ length: 101 }, (_, i) => ({
            id: `fax_${userId}_${i}`,
            user_id: userId,
            to_number: '+18555551234',
            from_number: '+18005550000',
            status: i === 100 ? 'failed' : 'delivered',
            pages_sent: 7,
            created_at: new Date(start + i * 1000),
            completed_at: i === 100 ? null : new Date(start + i * 1000 + 500),
            failure_reason: i === 100 ? 'busy' : null,
          })),
        )
        .execute();
      const { fax_logs } = await ok(harness.server, key, 'list_fax_logs', {});
      expect(fax_logs).toHaveLength(100);
      expect(fax_logs[0]).toEqual({
        id: `fax_${userId}_100`,
        to_number: '+18555551234',
        from_number: '+18005550000',
        status: 'failed',
        pages_sent: 7,
        created_at: new Date(start + 100_000).toISOString(),
        completed_at: null,
        failure_reason: 'busy',
        filing_id: null,
      });
      expect(fax_logs[1].completed_at).toBe(new Date(start + 99_000 + 500).toISOString());
      const empty = await newUser(harness.db);
      expect(await ok(harness.server, empty.key, 'list_fax_logs', {})).toEqual({ fax_logs: [] });
      expect(await ok(harness.server, empty.key, 'list_payments', {})).toEqual({ payments: [] });
    });
  });

  describe('get_pdf_url', () => {
    it('finds the filing’s collection itself and reports the resolved kind', async () => {
      const { key } = await newUser(harness.db);
      const single = await ok(harness.server, key, 'create_filing', { form_data: singleMember });
      const partner = await ok(harness.server, key, 'create_partnership_filing', { form_data: partnership });
      // With check_filing's verdict: the packet of a bare draft is a draft.
      expect(await ok(harness.server, key, 'get_pdf_url', { id: single.id })).toEqual({
        url: `${APP_URL}/filings/${single.id}/pdf`,
        kind: '5472',
        ready: false,
        missing_count: expect.any(Number),
        invalid_count: expect.any(Number),
      });
      const report = await ok(harness.server, key, 'check_filing', { id: single.id });
      expect(await ok(harness.server, key, 'get_pdf_url', { id: single.id })).toMatchObject({
        missing_count: report.missing.length,
        invalid_count: report.invalid.length,
      });
      // Default kind 5472, but the filing is a partnership: the server corrects it.
      expect(await ok(harness.server, key, 'get_pdf_url', { id: partner.id })).toMatchObject({
        url: `${APP_URL}/partnership/${partner.id}/pdf`,
        kind: 'partnership',
      });
      expect(
        await ok(harness.server, key, 'get_pdf_url', { id: single.id, kind: 'partnership' }),
      ).toMatchObject({
        url: `${APP_URL}/filings/${single.id}/pdf`,
        kind: '5472',
      });
      const bad = await callTool(harness.server, key, 'get_pdf_url', { id: single.id, kind: 'w2' });
      expect(bad.isError).toBe(true);
      expect(bad.text).toContain('kind');
    });
  });

  describe('get_form_schema', () => {
    it.each([
      [{ kind: '5472' }, '5472'],
      [{}, '5472'],
      [{ formType: 'form-5472-1120' }, '5472'],
      [{ kind: 'partnership' }, 'partnership'],
      [{ formType: 'form-1065' }, 'partnership'],
    ])('%j describes the %s fields', async (args, kind) => {
      const { key } = await newUser(harness.db);
      const schema = await ok(harness.server, key, 'get_form_schema', args);
      expect(schema.kind).toBe(kind);
      expect(typeof schema.description).toBe('string');
      expect(schema.description.length).toBeGreaterThan(10);
      const expected =
        kind === '5472'
          ? [
              'taxYearBegin',
              'taxYearEnd',
              'llcName',
              'llcStreet',
              'llcCity',
              'ein',
              'totalAssets',
              'businessActivity',
              'businessActivityCode',
              'isInitialYear',
              'countryIncorporation',
              'dateIncorporation',
              'taxResidentCountry',
              'principalBusinessCountries',
              'ownerName',
              'ownerStreet',
              'ownerCity',
              'ownerUSId',
              'ownerRefId',
              'ownerFTIN',
              'ownerBusinessCountries',
              'ownerCitizenship',
              'ownerTaxResidentCountry',
              'ownerHasOwners',
              'indirectOwners',
              'relatedParties',
              'noReportableTransactions',
              'partVII',
              'signerName',
              'signerTitle',
              'signatureDate',
              'generateForm7004',
              'form7004FiledDate',
              'generateLateFilingLetter',
              'lateFilingReason',
            ]
          : [
              'partnershipName',
              'ein',
              'street',
              'city',
              'state',
              'zip',
              'country',
              'businessActivity',
              'businessActivityCode',
              'dateBusinessStarted',
              'accountingMethod',
              'accountingMethodOther',
              'totalAssets',
              'taxYearBegin',
              'taxYearEnd',
              'partners',
              'income',
              'deductions',
              'scheduleK',
              'scheduleB',
              'filesTenOrMoreReturns',
              'filesScheduleM3',
              'generateForm7004',
              'withholding',
              'ectiLines',
              'section199A',
              'payments1446',
              'contributionsCode',
              'generateLateFilingLetter',
              'lateFilingReason',
              'signerName',
              'signerTitle',
              'signatureDate',
              'preparerNotes',
              'form7004FiledDate',
              'scheduleL',
              'scheduleM1',
              'scheduleM2',
              'partnershipRepresentative',
            ];
      // Top-level fields; nested ones are listed by path (relatedParties[].transactions[].kind).
      expect(Object.keys(schema.fields).filter((field) => !/[.[]/.test(field))).toEqual(expected);
      for (const description of Object.values(schema.fields)) {
        expect(typeof description).toBe('string');
        expect((description as string).length).toBeGreaterThan(5);
      }
    });

    it('an unknown kind is a validation error naming the argument', async () => {
      const { key } = await newUser(harness.db);
      const outcome = await callTool(harness.server, key, 'get_form_schema', { kind: 'w2' });
      expect(outcome.isError).toBe(true);
      expect(outcome.text).toContain('kind');
    });
  });

  describe('form_data validation names the field and writes nothing', () => {
    const singleMemberCases: [string, Record<string, unknown>][] = [
      ['taxYearBegin', { taxYearBegin: '2024-13-01' }],
      ['taxYearEnd', { taxYearEnd: '31/12/2024' }],
      ['dateIncorporation', { dateIncorporation: '2024-02-30' }],
      ['signatureDate', { signatureDate: 20250101 }],
      ['isInitialYear', { isInitialYear: 'yes' }],
      ['generateForm7004', { generateForm7004: 1 }],
      ['generateLateFilingLetter', { generateLateFilingLetter: 'true' }],
      ['relatedParties', { relatedParties: { id: 'x' } }],
      ['relatedParties', { relatedParties: [{ id: 'x' }] }],
      ['relatedParties', { relatedParties: [{ id: 'x', name: 7, relationship: 'parent' }] }],
      ['llcName', { llcName: ['array'] }],
      ['ein', { ein: { value: 1 } }],
    ];
    it.each(singleMemberCases)('create_filing with a bad %s', async (field, formData) => {
      const { userId, key } = await newUser(harness.db);
      const outcome = await callTool(harness.server, key, 'create_filing', {
        form_data: { ...singleMember, ...formData },
      });
      expect(outcome.status).toBe(200);
      expect(outcome.isError).toBe(true);
      expect(outcome.text).toContain(`form_data.${field}`);
      expect(await countRows('filings', userId)).toBe(0);
    });

    it.each([
      ['tax_year_begin', { tax_year_begin: '2024-1-1' }],
      ['tax_year_end', { tax_year_end: 'tomorrow' }],
      ['llc_name', { llc_name: 5 }],
      ['ein', { ein: false }],
      ['form_data', { form_data: 'not an object' }],
      ['form_data', { form_data: undefined }],
    ])('create_filing with a bad %s argument', async (field, args) => {
      const { userId, key } = await newUser(harness.db);
      const outcome = await callTool(harness.server, key, 'create_filing', {
        form_data: singleMember,
        ...args,
      });
      expect(outcome.isError).toBe(true);
      expect(outcome.text).toContain(field);
      expect(await countRows('filings', userId)).toBe(0);
    });

    const partnershipCases: [string, Record<string, unknown>][] = [
      ['partners', { partners: [{ id: 'not-a-uuid', name: 'A' }] }],
      ['partners', { partners: [{ id: randomUUID(), name: 'A', isForeign: 'no' }] }],
      ['partners', { partners: [{ id: randomUUID(), name: 'A', withholdingRate: 21 }] }],
      ['partners', { partners: [{ id: randomUUID() }] }],
      ['totalAssets', { totalAssets: true }],
      ['income.line1a', { income: { line1a: '40,000.50' } }],
      ['income', { income: { grossReceipts: 1000 } }],
      ['scheduleK.line1', { scheduleK: { line1: 12.5 } }],
      ['partners.0.entityType', { partners: [{ id: randomUUID(), name: 'A', entityType: 'corp' }] }],
      ['partners.0.capitalAccount.ending', { partners: [{ name: 'A', capitalAccount: { ending: 'lots' } }] }],
      ['partners', { partners: Array.from({ length: 101 }, (_, i) => ({ name: `P${i}` })) }],
      ['taxYearBegin', { taxYearBegin: '2024/01/01' }],
      ['dateBusinessStarted', { dateBusinessStarted: 'last year' }],
      ['income', { income: [1, 2] }],
      ['partnershipName', { partnershipName: null }],
    ];
    it.each(partnershipCases)('create_partnership_filing with a bad %s', async (field, formData) => {
      const { userId, key } = await newUser(harness.db);
      const outcome = await callTool(harness.server, key, 'create_partnership_filing', {
        form_data: { ...partnership, ...formData },
      });
      expect(outcome.isError).toBe(true);
      expect(outcome.text).toContain(`form_data.${field}`);
      expect(await countRows('partnership_filings', userId)).toBe(0);
    });

    it('updates validate too and leave the record unchanged', async () => {
      const { key } = await newUser(harness.db);
      const single = await ok(harness.server, key, 'create_filing', { form_data: singleMember });
      const partner = await ok(harness.server, key, 'create_partnership_filing', { form_data: partnership });
      const singleBefore = await storedRow('filings', single.id);
      const partnerBefore = await storedRow('partnership_filings', partner.id);

      const badSingle = await callTool(harness.server, key, 'update_filing', {
        id: single.id,
        llc_name: 'Would change',
        form_data: { isInitialYear: 'maybe' },
      });
      expect(badSingle.isError).toBe(true);
      expect(badSingle.text).toContain('isInitialYear');
      const badPartner = await callTool(harness.server, key, 'update_partnership_filing', {
        id: partner.id,
        form_data: { partnershipName: 'Would change', partners: [{ id: '123', name: 'X' }] },
      });
      expect(badPartner.isError).toBe(true);
      expect(badPartner.text).toContain('partners');
      const missing = await callTool(harness.server, key, 'update_partnership_filing', { id: partner.id });
      expect(missing.isError).toBe(true);
      expect(missing.text).toContain('form_data');

      expect(await storedRow('filings', single.id)).toEqual(singleBefore);
      expect(await storedRow('partnership_filings', partner.id)).toEqual(partnerBefore);
    });

    it('a NUL character is a clear tool error, not an internal error', async () => {
      const { userId, key } = await newUser(harness.db);
      const outcome = await callTool(harness.server, key, 'create_filing', {
        form_data: { llcName: 'A\u0000B' },
      });
      expect(outcome.isError).toBe(true);
      expect(outcome.text).toContain('U+0000');
      expect(await countRows('filings', userId)).toBe(0);
    });
  });
});
