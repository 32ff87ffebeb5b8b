import { randomUUID } from 'node:crypto';
import { checkFilingReadiness, EXAMPLE_SINGLE_MEMBER_FILING } from '@filing-mcp/irs-forms';
import { testDatabases } from '@filing-mcp/test-db';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { isOverdue } from '../../src/tools/filing-summaries.js';
import { BASE_URL, callTool, type Harness, newUser, ok, replyBody, useHarness } from '../support/helpers.js';

const ALL_TOOLS =
  'list_filings, get_filing, create_filing, update_filing, delete_filing, list_partnership_filings, get_partnership_filing, create_partnership_filing, update_partnership_filing, delete_partnership_filing, list_payments, list_fax_logs, get_form_schema, get_pdf_url, check_filing, complete_filing, send_fax, mark_filed, buy_filings, buy_extension';

/** POSTs one JSON-RPC request with the given protocol headers; answers its status and parsed body. */
async function postRpc(harness: Harness, headers: Record<string, string>, message: Record<string, unknown>) {
  const response = await harness.server.fetch(
    new Request(BASE_URL, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        ...headers,
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, ...message }),
    }),
  );
  return { status: response.status, body: await replyBody(response) };
}

function modernRpc(harness: Harness, method: string, params: Record<string, unknown>) {
  return postRpc(
    harness,
    {
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': method,
      ...(typeof params.name === 'string' && { 'mcp-name': params.name }),
    },
    {
      method,
      params: {
        ...params,
        _meta: {
          'io.modelcontextprotocol/protocolVersion': '2026-07-28',
          'io.modelcontextprotocol/clientInfo': { name: 'test', version: '1.0.0' },
          'io.modelcontextprotocol/clientCapabilities': {},
        },
      },
    },
  );
}

function legacyRpc(harness: Harness, method: string, params: Record<string, unknown>) {
  return postRpc(harness, { 'mcp-protocol-version': '2025-06-18' }, { method, params });
}

describe.each(testDatabases())('what an agent sees on $name', (variant) => {
  const harness = useHarness(variant);

  describe('errors that say how to fix the call', () => {
    it('an unknown tool gets the list of valid tool names', async () => {
      const { key } = await newUser(harness().db);
      const outcome = await callTool(harness().server, key, 'create_5472', {});
      expect(outcome.raw.error).toEqual({
        code: -32602,
        message: `Unknown tool: create_5472. Valid tools: ${ALL_TOOLS}`,
      });
    });

    it('a missing id is reported as missing, a malformed one as malformed', async () => {
      const { key } = await newUser(harness().db);
      for (const tool of [
        'get_filing',
        'delete_partnership_filing',
        'get_pdf_url',
        'check_filing',
        'complete_filing',
      ]) {
        const missing = await callTool(harness().server, key, tool, {});
        expect(missing.text, tool).toBe(
          'Invalid arguments: id: required: the UUID of the filing, as a create tool or a list tool answered it',
        );
        const malformed = await callTool(harness().server, key, tool, { id: 'filing-1' });
        expect(malformed.text, tool).toBe(
          'Invalid arguments: id: must be a UUID such as 3f0c2a9e-1b7d-4c5e-9a8f-2d6b7e1c4a90 (the id a create tool or a list tool answered)',
        );
      }
    });

    it('a filing of the other kind names the right tool; a filing that does not exist stays "Filing not found"', async () => {
      const { key } = await newUser(harness().db);
      const stranger = await newUser(harness().db);
      const single = (
        await ok(harness().server, key, 'create_filing', { form_data: { llcName: 'Kind LLC' } })
      ).id;
      const partnership = (
        await ok(harness().server, key, 'create_partnership_filing', {
          form_data: { partnershipName: 'Kind LP' },
        })
      ).id;
      const calls: Array<[string, Record<string, unknown>, string]> = [
        [
          'get_partnership_filing',
          { id: single },
          `${single} is a single-member (5472) filing, not a partnership filing: call get_filing`,
        ],
        [
          'update_partnership_filing',
          { id: single, form_data: { partnershipName: 'X' } },
          `${single} is a single-member (5472) filing, not a partnership filing: call update_filing`,
        ],
        [
          'delete_partnership_filing',
          { id: single },
          `${single} is a single-member (5472) filing, not a partnership filing: call delete_filing`,
        ],
        [
          'get_filing',
          { id: partnership },
          `${partnership} is a partnership filing, not a single-member (5472) filing: call get_partnership_filing`,
        ],
        [
          'update_filing',
          { id: partnership, form_data: { llcName: 'X' } },
          `${partnership} is a partnership filing, not a single-member (5472) filing: call update_partnership_filing`,
        ],
        [
          'delete_filing',
          { id: partnership },
          `${partnership} is a partnership filing, not a single-member (5472) filing: call delete_partnership_filing`,
        ],
      ];
      for (const [tool, args, text] of calls) {
        const outcome = await callTool(harness().server, key, tool, args);
        expect(outcome.isError, tool).toBe(true);
        expect(outcome.text, tool).toBe(text);
      }
      // Nothing changed: both filings are still there, unchanged.
      expect((await ok(harness().server, key, 'get_filing', { id: single })).form_data).toEqual({
        llcName: 'Kind LLC',
      });
      expect(
        (await ok(harness().server, key, 'get_partnership_filing', { id: partnership })).form_data,
      ).toEqual({
        partnershipName: 'Kind LP',
      });
      // Another user's filing and an unknown id: not found, whichever tool.
      for (const [tool, id] of [
        ['get_partnership_filing', single],
        ['get_filing', randomUUID()],
        ['delete_partnership_filing', randomUUID()],
      ] as const) {
        const outcome = await callTool(harness().server, stranger.key, tool, { id });
        expect(outcome.text, tool).toBe('Filing not found');
      }
    });
  });

  describe('possible duplicates', () => {
    it('a create with the EIN and tax year of one of the user’s filings answers their ids beside the new id, and still creates', async () => {
      const { key, userId } = await newUser(harness().db);
      const other = await newUser(harness().db);
      const form = {
        llcName: 'Dup LLC',
        ein: '12-3456789',
        taxYearBegin: '2024-01-01',
        taxYearEnd: '2024-12-31',
      };
      const first = await ok(harness().server, key, 'create_filing', { form_data: form });
      expect(Object.keys(first).sort()).toEqual(['id', 'view_url']);
      await ok(harness().server, other.key, 'create_filing', { form_data: form });
      await ok(harness().server, key, 'create_filing', {
        form_data: { ...form, taxYearBegin: '2023-01-01', taxYearEnd: '2023-12-31' },
      });
      await ok(harness().server, key, 'create_partnership_filing', {
        form_data: { partnershipName: 'Dup LP', ein: '12-3456789', taxYearBegin: '2024-01-01' },
      });
      const second = await ok(harness().server, key, 'create_filing', {
        form_data: { ...form, llcName: 'Dup LLC again' },
      });
      expect(second.possible_duplicates).toEqual([first.id]);
      const third = await ok(harness().server, key, 'create_filing', { form_data: form });
      expect(third.possible_duplicates).toEqual([second.id, first.id]);
      const rows = await harness()
        .db.selectFrom('filings')
        .select('id')
        .where('user_id', '=', userId)
        .execute();
      expect(rows).toHaveLength(4);

      const partner = await ok(harness().server, key, 'create_partnership_filing', {
        form_data: { partnershipName: 'Dup LP 2', ein: '12-3456789', taxYearBegin: '2024-03-01' },
      });
      expect(partner.possible_duplicates).toHaveLength(1);
      const noEin = await ok(harness().server, key, 'create_filing', {
        form_data: { llcName: 'Dup LLC', taxYearBegin: '2024-01-01' },
      });
      expect(noEin.possible_duplicates).toBeUndefined();
      // The EIN without a tax year: nothing to compare, and the filing is stored as given.
      const noYear = await ok(harness().server, key, 'create_filing', {
        form_data: { llcName: 'Dup LLC no year', ein: '12-3456789' },
      });
      expect(noYear.possible_duplicates).toBeUndefined();
      const stored = await harness()
        .db.selectFrom('filings')
        .select(['user_id', 'llc_name', 'ein', 'tax_year_begin', 'tax_year_end', 'status', 'form_data'])
        .where('id', '=', noYear.id as string)
        .executeTakeFirstOrThrow();
      expect(stored).toEqual({
        user_id: userId,
        llc_name: 'Dup LLC no year',
        ein: '12-3456789',
        tax_year_begin: null,
        tax_year_end: null,
        status: 'completed',
        form_data: { llcName: 'Dup LLC no year', ein: '12-3456789' },
      });
    });

    it('a create costs one database statement: the lookup and the insert are one function call', async () => {
      const { key } = await newUser(harness().db);
      const form = { llcName: 'One LLC', ein: '55-1234567', taxYearBegin: '2024-01-01' };
      const first = await ok(harness().server, key, 'create_filing', { form_data: form });
      await harness().settle();
      harness().queryLog.clear();
      const second = await ok(harness().server, key, 'create_filing', { form_data: form });
      expect(second.possible_duplicates).toEqual([first.id]);
      expect(harness().queryLog.statements).toEqual(['compiled query']);
    });

    it('lists at most the 20 newest possible duplicates, newest first', async () => {
      const { key } = await newUser(harness().db);
      const form = { llcName: 'Many LLC', ein: '98-7654321', taxYearBegin: '2024-01-01' };
      const ids: string[] = [];
      for (let index = 0; index < 21; index++) {
        ids.push((await ok(harness().server, key, 'create_filing', { form_data: form })).id as string);
      }
      const last = await ok(harness().server, key, 'create_filing', { form_data: form });
      // Newest first is created_at descending, then id descending: two filings created within the
      // database clock's resolution (PGlite's is coarser than PostgreSQL's) share a created_at.
      const rows = await harness()
        .db.selectFrom('filings')
        .select(['id', sql<string>`created_at::text`.as('created_at')])
        .where('id', 'in', ids)
        .execute();
      const newest = rows
        .sort((a, b) =>
          a.created_at === b.created_at ? (a.id < b.id ? 1 : -1) : a.created_at < b.created_at ? 1 : -1,
        )
        .map((row) => row.id);
      expect(last.possible_duplicates).toEqual(newest.slice(0, 20));
      expect(newest).toHaveLength(21);
    });
  });

  describe('summaries', () => {
    it('list_filings adds ready, due_date and overdue as check_filing finds them', async () => {
      const { key } = await newUser(harness().db);
      const nextYear = new Date().getUTCFullYear() + 1;
      const past = await ok(harness().server, key, 'create_filing', {
        form_data: EXAMPLE_SINGLE_MEMBER_FILING,
      });
      const future = await ok(harness().server, key, 'create_filing', {
        form_data: {
          llcName: 'Future LLC',
          taxYearBegin: `${nextYear}-01-01`,
          taxYearEnd: `${nextYear}-12-31`,
        },
      });
      const draft = await ok(harness().server, key, 'create_filing', { form_data: { llcName: 'Draft' } });
      const { filings } = await ok(harness().server, key, 'list_filings', {});
      const byId = new Map(filings.map((filing: any) => [filing.id, filing]));
      const expected = checkFilingReadiness('5472', EXAMPLE_SINGLE_MEMBER_FILING);
      // The example asks for Form 7004 but records no filing of it (form7004FiledDate), so the
      // original due date stays in force, as check_filing counts days_late.
      expect(byId.get(past.id)).toMatchObject({
        ready: expected.ready,
        due_date: expected.due_date,
        overdue: true,
      });
      expect(byId.get(future.id)).toMatchObject({
        ready: false,
        due_date: checkFilingReadiness('5472', {
          taxYearBegin: `${nextYear}-01-01`,
          taxYearEnd: `${nextYear}-12-31`,
        }).due_date,
        overdue: false,
      });
      expect(byId.get(draft.id)).toMatchObject({ ready: false, due_date: null, overdue: false });
    });

    it('overdue turns true the day after the due date (UTC)', () => {
      const noon = Date.parse('2025-04-15T12:00:00Z');
      expect(isOverdue('2025-04-15', noon)).toBe(false);
      expect(isOverdue('2025-04-14', noon)).toBe(true);
      expect(isOverdue(null, noon)).toBe(false);
    });
  });

  describe('prompts', () => {
    it('lists the two interviews and the reasonable-cause prompt on both eras, and renders one that names the tools in order', async () => {
      for (const rpc of [legacyRpc, modernRpc]) {
        const list = await rpc(harness(), 'prompts/list', {});
        expect(list.status).toBe(200);
        expect(list.body.result.prompts.map((prompt: any) => [prompt.name, prompt.arguments])).toEqual([
          ['prepare_form_5472', [expect.objectContaining({ name: 'filing_id', required: false })]],
          ['prepare_partnership_return', [expect.objectContaining({ name: 'filing_id', required: false })]],
          [
            'draft_reasonable_cause_statement',
            [expect.objectContaining({ name: 'filing_id', required: true })],
          ],
        ]);
        const rendered = await rpc(harness(), 'prompts/get', { name: 'prepare_form_5472' });
        const text = rendered.body.result.messages[0].content.text as string;
        const order = [
          'get_form_schema',
          'list_filings',
          'create_filing',
          'check_filing',
          'complete_filing',
          'get_pdf_url',
        ];
        const positions = order.map((tool) => text.indexOf(tool));
        expect(positions.every((position) => position >= 0)).toBe(true);
        expect([...positions].sort((a, b) => a - b)).toEqual(positions);
      }
      const partnership = await legacyRpc(harness(), 'prompts/get', { name: 'prepare_partnership_return' });
      const text = partnership.body.result.messages[0].content.text as string;
      for (const tool of [
        'create_partnership_filing',
        'update_partnership_filing',
        'complete_filing {id, kind: "partnership"}',
      ]) {
        expect(text).toContain(tool);
      }
    });

    it('both prompts carry every step after the PDF, in order, on both eras', async () => {
      const steps = [
        'get_pdf_url',
        'signs by hand where its cover page shows',
        'upload_url',
        'certified mail',
        'mark_filed',
        'proof to keep',
      ];
      for (const rpc of [legacyRpc, modernRpc]) {
        for (const name of ['prepare_form_5472', 'prepare_partnership_return']) {
          const rendered = await rpc(harness(), 'prompts/get', { name });
          const text = rendered.body.result.messages[0].content.text as string;
          const positions = steps.map((step) => text.indexOf(step));
          expect(positions.every((position) => position >= 0)).toBe(true);
          expect([...positions].sort((a, b) => a - b)).toEqual(positions);
          expect(text).toContain('filed.reference');
        }
        const fax = await rpc(harness(), 'prompts/get', { name: 'prepare_form_5472' });
        expect(fax.body.result.messages[0].content.text).toMatch(
          /send_fax \{id\}, show the user the summary .* confirm: true only when the user says yes/,
        );
      }
    });

    it('continues a filing by id, and refuses a malformed one', async () => {
      const id = randomUUID();
      const rendered = await legacyRpc(harness(), 'prompts/get', {
        name: 'prepare_form_5472',
        arguments: { filing_id: id },
      });
      expect(rendered.body.result.messages[0].content.text).toContain(`check_filing {id: "${id}"}`);
      const refused = await legacyRpc(harness(), 'prompts/get', {
        name: 'prepare_form_5472',
        arguments: { filing_id: 'my-llc' },
      });
      expect(refused.body.error).toEqual({
        code: -32602,
        message:
          'Invalid params: filing_id must be the UUID of one of your filings (from list_filings), or absent to start a new one',
      });
    });
  });
});
