import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { FilingTableName } from '@filing-mcp/filing-domain';
import type { ConformanceTarget } from '../conformance-target.js';
import { callToolError, callToolOk, newUser, postMcp, rpcRequest } from '../support/mcp.js';
import {
  PARTNERSHIP_FIELDS,
  SINGLE_MEMBER_FIELDS,
  partnershipForm,
  singleMemberForm,
} from '../support/forms.js';
import type { Scenarios } from '../support/scenario-context.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
const SUMMARY_KEYS = ['created_at', 'ein', 'id', 'llc_name', 'status', 'tax_year_begin', 'tax_year_end'];
// What the list tools add to the spec's summary (docs/spec-differences.md#mcp-endpoint): readiness
// as check_filing finds it.
const LISTED_SUMMARY_KEYS = [...SUMMARY_KEYS, 'due_date', 'overdue', 'ready'].sort();

async function createFiling(target: ConformanceTarget, apiKey: string, args: Record<string, unknown> = {}) {
  return callToolOk(target, apiKey, 'create_filing', { form_data: singleMemberForm(), ...args });
}

async function createPartnership(target: ConformanceTarget, apiKey: string, form = partnershipForm()) {
  return callToolOk(target, apiKey, 'create_partnership_filing', { form_data: form });
}

async function filingCount(
  target: ConformanceTarget,
  table: FilingTableName,
  userId: string,
): Promise<number> {
  const rows = await target.db.selectFrom(table).select('id').where('user_id', '=', userId).execute();
  return rows.length;
}

/**
 * Asserts a created filing as the user sees it and as it is stored: the `{id, view_url}` answer,
 * the get tool's summary keys and values with the form_data as sent, and the row's owner.
 */
async function expectCreatedFiling(
  target: ConformanceTarget,
  created: Record<string, any>,
  expected: {
    apiKey: string;
    userId: string;
    form: unknown;
    /** The companion page of the filing: `filings` or `partnership`. */
    page: string;
    getTool: string;
    table: FilingTableName;
    llcName: string;
    ein: string;
  },
) {
  expect(created).toEqual({
    id: expect.stringMatching(UUID),
    view_url: `${target.appUrl}/${expected.page}/${created.id}`,
  });
  const filing = await callToolOk(target, expected.apiKey, expected.getTool, { id: created.id });
  // The spec's record, plus the filing's submissions (docs/filing.md).
  expect(Object.keys(filing).sort()).toEqual([...SUMMARY_KEYS, 'form_data', 'submissions'].sort());
  expect(filing).toMatchObject({
    id: created.id,
    llc_name: expected.llcName,
    ein: expected.ein,
    tax_year_begin: '2024-01-01',
    tax_year_end: '2024-12-31',
    status: 'completed',
    created_at: expect.stringMatching(ISO_TIMESTAMP),
  });
  expect(filing.form_data).toEqual(expected.form);
  const row = await target.db
    .selectFrom(expected.table)
    .selectAll()
    .where('id', '=', created.id)
    .executeTakeFirstOrThrow();
  expect(row.user_id).toBe(expected.userId);
  return row;
}

/**
 * The interface spec's 14 tools: happy paths with exact shapes, user isolation, validation, limits
 * (https://modelcontextprotocol.io/specification/2025-11-25/server/tools).
 */
export const toolScenarios: Scenarios = (context) => {
  describe('tools: single-member filings', () => {
    it('create_filing stores a completed filing and answers {id, view_url}', async () => {
      const { userId, apiKey } = await newUser(context.target);
      const form = singleMemberForm({
        businessActivity: "Robert'); DROP TABLE filings;--",
        ownerName: 'Zoë Łukasiewicz 名前 🚀',
      });
      const created = await callToolOk(context.target, apiKey, 'create_filing', { form_data: form });
      const row = await expectCreatedFiling(context.target, created, {
        apiKey,
        userId,
        form,
        page: 'filings',
        getTool: 'get_filing',
        table: 'filings',
        llcName: 'Northwind Holdings LLC',
        ein: '12-3456789',
      });
      expect(row.status).toBe('completed');
    });

    it('create_filing takes llc_name, ein and tax-year overrides over form_data', async () => {
      const { apiKey } = await newUser(context.target);
      const created = await createFiling(context.target, apiKey, {
        llc_name: 'Override LLC',
        ein: '11-1111111',
        tax_year_begin: '2023-07-01',
        tax_year_end: '2024-06-30',
      });
      const filing = await callToolOk(context.target, apiKey, 'get_filing', { id: created.id });
      expect(filing).toMatchObject({
        llc_name: 'Override LLC',
        ein: '11-1111111',
        tax_year_begin: '2023-07-01',
        tax_year_end: '2024-06-30',
      });
      expect(filing.form_data.llcName).toBe('Northwind Holdings LLC');
    });

    it('list_filings answers {filings} with the user’s summaries only', async () => {
      const { apiKey } = await newUser(context.target);
      const other = await newUser(context.target);
      const mine = await createFiling(context.target, apiKey);
      await createFiling(context.target, other.apiKey);
      const listed = await callToolOk(context.target, apiKey, 'list_filings');
      expect(Object.keys(listed)).toEqual(['filings']);
      expect(listed.filings).toHaveLength(1);
      expect(Object.keys(listed.filings[0]).sort()).toEqual(LISTED_SUMMARY_KEYS);
      expect(listed.filings[0]).toMatchObject({
        id: mine.id,
        llc_name: 'Northwind Holdings LLC',
        status: 'completed',
      });
    });

    it('list_filings applies limit (default 50)', async () => {
      const { apiKey } = await newUser(context.target);
      const batch = Array.from({ length: 51 }, () =>
        rpcRequest('tools/call', { name: 'create_filing', arguments: { form_data: singleMemberForm() } }),
      );
      const response = await postMcp(context.target, batch, { credential: apiKey });
      expect(response.status).toBe(200);
      const answers = (await response.json()) as any[];
      expect(answers.filter((answer) => answer.result && !answer.result.isError)).toHaveLength(51);
      expect((await callToolOk(context.target, apiKey, 'list_filings')).filings).toHaveLength(50);
      expect((await callToolOk(context.target, apiKey, 'list_filings', { limit: 2 })).filings).toHaveLength(
        2,
      );
      expect((await callToolOk(context.target, apiKey, 'list_filings', { limit: 100 })).filings).toHaveLength(
        51,
      );
    });

    it.each([0, -1, 2.5, 'ten'])('list_filings rejects limit %s naming the field', async (limit) => {
      const { apiKey } = await newUser(context.target);
      expect(await callToolError(context.target, apiKey, 'list_filings', { limit })).toMatch(/limit/);
    });

    it('update_filing patches only the supplied fields and keeps the status', async () => {
      const { apiKey } = await newUser(context.target);
      const form = singleMemberForm();
      const created = await createFiling(context.target, apiKey, { form_data: form });
      const updated = await callToolOk(context.target, apiKey, 'update_filing', {
        id: created.id,
        llc_name: 'Renamed LLC',
        form_data: { ownerName: 'New Owner', extraField: { kept: true } },
      });
      // A key the form does not know is kept, and named in the answer.
      expect(updated).toEqual({
        id: created.id,
        view_url: `${context.target.appUrl}/filings/${created.id}`,
        unrecognized_fields: ['extraField: not a field of this form; kept as sent'],
      });
      const filing = await callToolOk(context.target, apiKey, 'get_filing', { id: created.id });
      expect(filing).toMatchObject({
        llc_name: 'Renamed LLC',
        ein: '12-3456789',
        status: 'completed',
        tax_year_begin: '2024-01-01',
      });
      expect(filing.form_data).toEqual({ ...form, ownerName: 'New Owner', extraField: { kept: true } });
    });

    it('delete_filing answers {ok: true} and the filing is gone', async () => {
      const { userId, apiKey } = await newUser(context.target);
      const created = await createFiling(context.target, apiKey);
      expect(await callToolOk(context.target, apiKey, 'delete_filing', { id: created.id })).toEqual({
        ok: true,
      });
      expect(await callToolError(context.target, apiKey, 'get_filing', { id: created.id })).toBe(
        'Filing not found',
      );
      expect(await filingCount(context.target, 'filings', userId)).toBe(0);
    });

    it('create_filing rejects a bad field naming it, and writes nothing', async () => {
      const { userId, apiKey } = await newUser(context.target);
      const badDate = await callToolError(context.target, apiKey, 'create_filing', {
        form_data: singleMemberForm({ taxYearBegin: '01/01/2024' }),
      });
      expect(badDate).toMatch(/taxYearBegin/);
      const badBoolean = await callToolError(context.target, apiKey, 'create_filing', {
        form_data: singleMemberForm({ isInitialYear: 'yes' }),
      });
      expect(badBoolean).toMatch(/isInitialYear/);
      expect(await callToolError(context.target, apiKey, 'create_filing', {})).toMatch(/form_data/);
      expect(await filingCount(context.target, 'filings', userId)).toBe(0);
    });
  });

  describe('tools: partnership filings', () => {
    it('create_partnership_filing derives the row from form_data and answers {id, view_url}', async () => {
      const { userId, apiKey } = await newUser(context.target);
      const form = partnershipForm();
      const created = await createPartnership(context.target, apiKey, form);
      await expectCreatedFiling(context.target, created, {
        apiKey,
        userId,
        form,
        page: 'partnership',
        getTool: 'get_partnership_filing',
        table: 'partnership_filings',
        llcName: 'Fjord Partners LLC',
        ein: '98-7654321',
      });
    });

    it('list_partnership_filings answers {filings} with the user’s summaries, with limit', async () => {
      const { apiKey } = await newUser(context.target);
      const other = await newUser(context.target);
      await createPartnership(context.target, apiKey);
      await createPartnership(context.target, apiKey);
      await createPartnership(context.target, other.apiKey);
      await createFiling(context.target, apiKey);
      const listed = await callToolOk(context.target, apiKey, 'list_partnership_filings');
      expect(Object.keys(listed)).toEqual(['filings']);
      expect(listed.filings).toHaveLength(2);
      for (const summary of listed.filings) expect(Object.keys(summary).sort()).toEqual(LISTED_SUMMARY_KEYS);
      expect(
        (await callToolOk(context.target, apiKey, 'list_partnership_filings', { limit: 1 })).filings,
      ).toHaveLength(1);
    });

    it('update_partnership_filing merges form_data, recomputes derived fields, keeps the status', async () => {
      const { apiKey } = await newUser(context.target);
      const created = await createPartnership(context.target, apiKey);
      const result = await callToolOk(context.target, apiKey, 'update_partnership_filing', {
        id: created.id,
        form_data: { partnershipName: 'Renamed Partners LP', ein: '22-2222222', taxYearEnd: '2025-06-30' },
      });
      expect(result).toEqual({ ok: true });
      const filing = await callToolOk(context.target, apiKey, 'get_partnership_filing', { id: created.id });
      expect(filing).toMatchObject({
        llc_name: 'Renamed Partners LP',
        ein: '22-2222222',
        tax_year_begin: '2024-01-01',
        tax_year_end: '2025-06-30',
        status: 'completed',
      });
      expect(filing.form_data.city).toBe('Dover');
      expect(filing.form_data.partners).toHaveLength(2);
    });

    it('delete_partnership_filing answers {ok: true} and the filing is gone', async () => {
      const { userId, apiKey } = await newUser(context.target);
      const created = await createPartnership(context.target, apiKey);
      expect(
        await callToolOk(context.target, apiKey, 'delete_partnership_filing', { id: created.id }),
      ).toEqual({ ok: true });
      expect(await callToolError(context.target, apiKey, 'get_partnership_filing', { id: created.id })).toBe(
        'Filing not found',
      );
      expect(await filingCount(context.target, 'partnership_filings', userId)).toBe(0);
    });

    it('create_partnership_filing rejects a partner id that is not a UUID, and writes nothing', async () => {
      const { userId, apiKey } = await newUser(context.target);
      const form = partnershipForm();
      (form.partners as any[])[0].id = 'partner-one';
      expect(
        await callToolError(context.target, apiKey, 'create_partnership_filing', { form_data: form }),
      ).toMatch(/partners|id/);
      expect(await filingCount(context.target, 'partnership_filings', userId)).toBe(0);
    });
  });

  describe('tools: records of other users', () => {
    const cases: Array<[string, (id: string) => Record<string, unknown>, 'single' | 'partnership']> = [
      ['get_filing', (id) => ({ id }), 'single'],
      ['update_filing', (id) => ({ id, llc_name: 'Stolen LLC' }), 'single'],
      ['delete_filing', (id) => ({ id }), 'single'],
      ['get_pdf_url', (id) => ({ id }), 'single'],
      ['get_partnership_filing', (id) => ({ id }), 'partnership'],
      [
        'update_partnership_filing',
        (id) => ({ id, form_data: { partnershipName: 'Stolen LP' } }),
        'partnership',
      ],
      ['delete_partnership_filing', (id) => ({ id }), 'partnership'],
      ['get_pdf_url', (id) => ({ id, kind: 'partnership' }), 'partnership'],
    ];

    it.each(cases)(
      '%s on another user’s filing answers Filing not found and changes nothing',
      async (tool, args, kind) => {
        const owner = await newUser(context.target);
        const intruder = await newUser(context.target);
        const created =
          kind === 'single'
            ? await createFiling(context.target, owner.apiKey)
            : await createPartnership(context.target, owner.apiKey);
        expect(await callToolError(context.target, intruder.apiKey, tool, args(created.id))).toBe(
          'Filing not found',
        );
        const getter = kind === 'single' ? 'get_filing' : 'get_partnership_filing';
        const filing = await callToolOk(context.target, owner.apiKey, getter, { id: created.id });
        expect(filing.llc_name).toBe(kind === 'single' ? 'Northwind Holdings LLC' : 'Fjord Partners LLC');
      },
    );

    it.each(cases)('%s on a missing id answers Filing not found', async (tool, args) => {
      const { apiKey } = await newUser(context.target);
      expect(await callToolError(context.target, apiKey, tool, args(randomUUID()))).toBe('Filing not found');
    });

    it.each(['get_filing', 'delete_filing', 'get_partnership_filing', 'get_pdf_url'])(
      '%s rejects a malformed id as a validation error naming the field',
      async (tool) => {
        const { apiKey } = await newUser(context.target);
        expect(await callToolError(context.target, apiKey, tool, { id: "1' OR '1'='1" })).toMatch(/\bid\b/);
      },
    );
  });

  describe('tools: payments, fax logs, schemas, PDF links', () => {
    it('list_payments answers the user’s 100 newest payments with the spec fields', async () => {
      const { userId, apiKey } = await newUser(context.target);
      const base = Date.UTC(2025, 0, 1);
      const rows = Array.from({ length: 105 }, (_, index) => ({
        id: randomUUID(),
        user_id: userId,
        amount: 4900 + index,
        currency: 'usd',
        status: 'succeeded',
        filings_purchased: 1 + (index % 3),
        created_at: new Date(base + index * 60_000),
      }));
      await context.target.db.insertInto('payments').values(rows).execute();
      await context.target.db
        .insertInto('payments')
        .values({
          ...rows[0]!,
          id: randomUUID(),
          user_id: randomUUID(),
          created_at: new Date(base + 10_000_000),
        })
        .execute();
      const listed = await callToolOk(context.target, apiKey, 'list_payments');
      expect(Object.keys(listed)).toEqual(['payments']);
      expect(listed.payments).toHaveLength(100);
      const newest = rows[104]!;
      expect(listed.payments[0]).toEqual({
        id: newest.id,
        amount: newest.amount,
        currency: 'usd',
        status: 'succeeded',
        filings_purchased: newest.filings_purchased,
        created_at: expect.stringMatching(ISO_TIMESTAMP),
        // Beyond the spec's fields: what the payment bought and its receipt (none for these rows).
        receipt_url: null,
        promotion_code: null,
        kind: 'tier',
        filing_id: null,
      });
      expect(Date.parse(listed.payments[0].created_at)).toBe(newest.created_at.getTime());
      const ids = new Set(listed.payments.map((payment: any) => payment.id));
      expect(ids).toEqual(new Set(rows.slice(5).map((row) => row.id)));
    });

    it('list_fax_logs answers the user’s fax logs with the spec fields', async () => {
      const { userId, apiKey } = await newUser(context.target);
      const delivered = {
        id: randomUUID(),
        user_id: userId,
        to_number: '+18005550100',
        from_number: '+18005550199',
        status: 'delivered',
        pages_sent: 7,
        created_at: new Date(Date.UTC(2025, 1, 1, 10)),
        completed_at: new Date(Date.UTC(2025, 1, 1, 10, 5)),
        failure_reason: null,
      };
      const failed = {
        ...delivered,
        id: randomUUID(),
        status: 'failed',
        pages_sent: 0,
        created_at: new Date(Date.UTC(2025, 1, 2)),
        completed_at: new Date(Date.UTC(2025, 1, 2, 0, 1)),
        failure_reason: 'busy',
      };
      await context.target.db
        .insertInto('fax_logs')
        .values([delivered, failed, { ...delivered, id: randomUUID(), user_id: randomUUID() }])
        .execute();
      const listed = await callToolOk(context.target, apiKey, 'list_fax_logs');
      expect(Object.keys(listed)).toEqual(['fax_logs']);
      expect(listed.fax_logs).toHaveLength(2);
      const byId = new Map(listed.fax_logs.map((log: any) => [log.id, log]));
      expect(byId.get(delivered.id)).toEqual({
        id: delivered.id,
        to_number: '+18005550100',
        from_number: '+18005550199',
        status: 'delivered',
        pages_sent: 7,
        created_at: expect.stringMatching(ISO_TIMESTAMP),
        completed_at: expect.stringMatching(ISO_TIMESTAMP),
        failure_reason: null,
        filing_id: null,
      });
      expect(byId.get(failed.id)).toMatchObject({ status: 'failed', failure_reason: 'busy' });
    });

    it.each([
      ['5472', SINGLE_MEMBER_FIELDS],
      ['partnership', PARTNERSHIP_FIELDS],
    ])('get_form_schema kind %s describes every top-level field', async (kind, fields) => {
      const { apiKey } = await newUser(context.target);
      const schema = await callToolOk(context.target, apiKey, 'get_form_schema', { kind });
      expect(schema.description).toMatch(/\S/);
      expect(Object.keys(schema.fields)).toEqual(expect.arrayContaining(fields));
      for (const name of fields) expect(schema.fields[name], name).toMatch(/\S/);
    });

    it('get_form_schema accepts formType form-5472-1120', async () => {
      const { apiKey } = await newUser(context.target);
      const schema = await callToolOk(context.target, apiKey, 'get_form_schema', {
        formType: 'form-5472-1120',
      });
      const text = JSON.stringify(schema);
      for (const name of SINGLE_MEMBER_FIELDS) expect(text).toContain(name);
    });

    it('get_form_schema rejects an unknown kind', async () => {
      const { apiKey } = await newUser(context.target);
      expect(await callToolError(context.target, apiKey, 'get_form_schema', { kind: '1040' })).toMatch(
        /kind/,
      );
    });

    it('get_pdf_url resolves the filing’s collection and reports the kind', async () => {
      const { apiKey } = await newUser(context.target);
      const single = await createFiling(context.target, apiKey);
      const partnership = await createPartnership(context.target, apiKey);
      const appUrl = context.target.appUrl;
      // The spec's { url, kind }, with check_filing's verdict when the target gives it (ready and
      // the counts of missing and invalid items); a target that serves packets adds the signed
      // download_url of that filing and kind (with its expiry) and the upload_url of its signed
      // copy, and nothing else.
      const verdict = ['ready', 'missing_count', 'invalid_count'];
      const pdfLink = (kind: '5472' | 'partnership', id: string, path: string) => (result: any) => {
        expect(result).toMatchObject({ url: `${appUrl}/${path}/${id}/pdf`, kind });
        if ('ready' in result) {
          expect(result).toMatchObject({
            ready: expect.any(Boolean),
            missing_count: expect.any(Number),
            invalid_count: expect.any(Number),
          });
        }
        const extra = Object.keys(result).filter(
          (key) => key !== 'url' && key !== 'kind' && !verdict.includes(key),
        );
        if (extra.length === 0) return;
        expect(extra.sort()).toEqual([
          'download_expires_at',
          'download_to_file_url',
          'download_url',
          'upload_url',
        ]);
        // An upload link carries a nonce (`n`): each takes one copy.
        expect(result.upload_url).toMatch(
          new RegExp(
            `^${context.target.baseUrl}/signed-copies/upload/${kind}/${id}\\?exp=\\d+&n=[A-Za-z0-9_-]+&sig=[A-Za-z0-9_-]+$`,
          ),
        );
        expect(result.download_url).toMatch(
          new RegExp(`^${context.target.baseUrl}/packets/${kind}/${id}\\.pdf\\?exp=\\d+&sig=[A-Za-z0-9_-]+$`),
        );
        // The part to file alone: what is signed and sent.
        expect(result.download_to_file_url).toBe(`${result.download_url}&part=file`);
      };
      pdfLink(
        '5472',
        single.id,
        'filings',
      )(await callToolOk(context.target, apiKey, 'get_pdf_url', { id: single.id }));
      pdfLink(
        'partnership',
        partnership.id,
        'partnership',
      )(await callToolOk(context.target, apiKey, 'get_pdf_url', { id: partnership.id }));
      pdfLink(
        '5472',
        single.id,
        'filings',
      )(await callToolOk(context.target, apiKey, 'get_pdf_url', { id: single.id, kind: 'partnership' }));
    });
  });
};
