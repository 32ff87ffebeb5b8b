import { EXAMPLE_SINGLE_MEMBER_FILING } from '@filing-mcp/irs-forms';
import { type TestDatabase, testDatabases } from '@filing-mcp/test-db';
import {
  Client as ClientV2,
  StreamableHTTPClientTransport as TransportV2,
} from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '../../src/index.js';
import { acceptAll, createPartnership, type Form } from '../support/elicitation-user.js';
import { startSocketServer } from '../support/socket-server.js';

// complete_filing from a bare draft to the end, with the official SDK v2 client pinned to
// 2026-07-28 and declaring elicitation. The simulated user answers each form from what the form
// says (type, choices, description), so the tests follow the form schemas as they change.

describe.each(testDatabases())('complete_filing from a bare draft on $name', ({ create }) => {
  let database: TestDatabase;
  let close: (() => Promise<void>) | undefined;
  let baseUrl: string;
  let key: string;
  const userId = 'complete-filing-rounds-user';

  beforeAll(async () => {
    ({ database, baseUrl, close } = await startSocketServer(create));
    key = (await createApiKey(database.db, { userId })).key;
  });

  afterAll(() => close?.());

  async function connect(
    answer: (form: Form) => Record<string, unknown>,
    credential = key,
  ): Promise<ClientV2> {
    const client = new ClientV2(
      { name: 'complete-filing-rounds', version: '1.0.0' },
      {
        versionNegotiation: { mode: { pin: '2026-07-28' } },
        capabilities: { elicitation: { form: {} } },
        // The client's own bound on rounds is not what ends these flows: the server's is.
        inputRequired: { maxRounds: 100 },
      },
    );
    client.setRequestHandler('elicitation/create', async (request: any) => answer(request.params) as any);
    await client.connect(
      new TransportV2(new URL(baseUrl), {
        requestInit: { headers: { authorization: `Bearer ${credential}` } },
      }),
    );
    return client;
  }

  async function row(table: string, id: string) {
    return database.db
      .selectFrom(table)
      .select(['form_data', 'llc_name', 'ein', 'updated_at'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  }

  async function create5472(client: ClientV2, formData: Record<string, unknown> = {}): Promise<string> {
    const created = await client.callTool({ name: 'create_filing', arguments: { form_data: formData } });
    return (created.structuredContent as { id: string }).id;
  }

  it('a Form 5472 reaches ready, Part VII included; money is asked as an integer, never as text', async () => {
    const forms: Form[] = [];
    const client = await connect((form) => {
      forms.push(form);
      return acceptAll(form);
    });
    try {
      const id = await create5472(client);
      const result = await client.callTool({ name: 'complete_filing', arguments: { id } });
      console.log(`5472: ${(result.structuredContent as any).outcome} after ${forms.length} forms`);
      expect(result.structuredContent).toMatchObject({ id, kind: '5472', ready: true, outcome: 'ready' });
      const check = (await client.callTool({ name: 'check_filing', arguments: { id } })).structuredContent;
      expect(check).toMatchObject({ ready: true, missing: [], invalid: [] });

      const properties = forms.flatMap((form) => Object.entries(form.requestedSchema.properties));
      const names = properties.map(([name]) => name);
      // Part VII was asked in the forms and stored (wherever the schema puts it).
      const partVII = names.filter((name) => name.includes('partVII__'));
      expect(partVII.length).toBeGreaterThan(0);
      const stored = (await row('filings', id)).form_data as Record<string, any>;
      for (const name of partVII) {
        const value = name.split('__').reduce<any>((at, segment) => at?.[segment], stored);
        expect(typeof value, name).toBe('boolean');
      }
      // Amounts are integers (a person's "61,000" is never free text); yes/no are booleans.
      const byName = Object.fromEntries(properties);
      expect(byName.totalAssets).toMatchObject({ type: 'integer', minimum: 0 });
      const amounts = properties.filter(([name]) => /totalAssets|__amount$|line40b$/.test(name));
      expect(amounts.length).toBeGreaterThan(0);
      for (const [name, property] of amounts) expect(property.type, name).toBe('integer');
      for (const [name, property] of properties) {
        if (property.type === 'string' && !property.oneOf) expect(name).not.toMatch(/amount|Assets/);
      }
      // Fixed sets come with titles; the related party's first transaction was asked in the form.
      expect(names).toEqual(expect.arrayContaining(['relatedParties__0__transactions__0__kind']));
      expect(byName.relatedParties__0__transactions__0__kind!.oneOf!.length).toBeGreaterThan(10);
      for (const form of forms) {
        expect(Object.keys(form.requestedSchema.properties).length).toBeLessThanOrEqual(16);
      }
      expect(stored.relatedParties[0]).toMatchObject({
        id: expect.any(String),
        transactions: [expect.anything()],
      });
    } finally {
      await client.close();
    }
  });

  it('a partnership reaches ready or prepare_elsewhere: partners one a round, Schedule B as yes/no questions', async () => {
    const forms: Form[] = [];
    const client = await connect((form) => {
      forms.push(form);
      return acceptAll(form, 0);
    });
    try {
      const id = await createPartnership(client);
      const result = await client.callTool({
        name: 'complete_filing',
        arguments: { id, kind: 'partnership' },
      });
      const answer = result.structuredContent as any;
      console.log(`partnership: ${answer.outcome} after ${forms.length} forms`);
      expect(['ready', 'prepare_elsewhere']).toContain(answer.outcome);
      expect(answer).toMatchObject({ missing: [], invalid: [] });
      if (answer.outcome === 'ready') expect(answer.ready).toBe(true);
      else expect(answer.prepare_elsewhere.length).toBeGreaterThan(0);

      const properties = Object.fromEntries(
        forms.flatMap((form) => Object.entries(form.requestedSchema.properties)),
      );
      expect(properties.scheduleB__line2a).toMatchObject({ type: 'boolean' });
      expect(properties.scheduleB__line1!.oneOf!.length).toBeGreaterThan(1);
      expect(properties.partners__0__type!.oneOf!.length).toBe(2);
      expect(properties.partners__0__shares__profitEnding).toMatchObject({ type: 'number' });
      expect(properties.partners__0__capitalAccount__beginning).toMatchObject({ type: 'integer' });
      expect(properties.income__line1a).toMatchObject({ type: 'integer' });
      // One partner a round: no form mixes a partner's items with anything else.
      for (const form of forms) {
        const names = Object.keys(form.requestedSchema.properties);
        if (names.some((name) => name.startsWith('partners__0__'))) {
          expect(names.every((name) => name.startsWith('partners__0__'))).toBe(true);
        }
      }
      const stored = (await row('partnership_filings', id)).form_data as Record<string, any>;
      expect(stored.partners).toHaveLength(1);
      expect(stored.partners[0].shares.profitEnding).toBe(100);
      expect(typeof stored.scheduleB.line2a).toBe('boolean');
      // Deductions were asked whole, every line optional; left blank, they are stored as none.
      expect(properties.deductions__line9).toMatchObject({ type: 'integer' });
      const deductions = forms.find((form) => 'deductions__line9' in form.requestedSchema.properties)!;
      // (The form may ask the next short schedules with them: only the deduction lines are optional.)
      expect(deductions.requestedSchema.required!.filter((name) => name.startsWith('deductions__'))).toEqual(
        [],
      );
      expect(stored.deductions).toEqual({});
    } finally {
      await client.close();
    }
  });

  it('an answer the filing cannot take is asked again with its reason, and the tool ends stalled within 4 rounds', async () => {
    const forms: Form[] = [];
    const client = await connect((form) => {
      forms.push(form);
      // The user keeps typing the EIN without its dash, and "61,000" for the total assets.
      return {
        action: 'accept',
        content: { ein: '123456789', totalAssets: '61,000', llcStreet: '1 Main St' },
      };
    });
    try {
      const { ein: _ein, totalAssets: _assets, llcStreet: _street, ...draft } = EXAMPLE_SINGLE_MEMBER_FILING;
      const id = await create5472(client, { ...draft, generateForm7004: false });
      const result = await client.callTool({ name: 'complete_filing', arguments: { id } });
      expect(forms.length).toBeLessThanOrEqual(4);
      const answer = result.structuredContent as any;
      expect(answer).toMatchObject({ id, ready: false, outcome: 'stalled', stored: ['llcStreet'] });
      expect(answer.refused).toEqual(
        expect.arrayContaining([
          { field: 'ein', message: 'must be an EIN written NN-NNNNNNN, e.g. 12-3456789' },
          { field: 'totalAssets', message: expect.stringContaining('must be whole US dollars') },
        ]),
      );
      expect(answer.message).toContain('no closer to ready');
      // The valid answer of the first round was stored; the refused ones were asked again with the reason.
      const stored = await row('filings', id);
      expect(stored.form_data).toMatchObject({ llcStreet: '1 Main St' });
      expect(stored.form_data).not.toHaveProperty('ein');
      expect(stored.ein).toBeNull();
      const second = forms[1]!;
      expect(Object.keys(second.requestedSchema.properties)).toEqual(
        expect.arrayContaining(['ein', 'totalAssets']),
      );
      expect(second.requestedSchema.properties).not.toHaveProperty('llcStreet');
      expect(second.message).toContain('must be an EIN written NN-NNNNNNN');
      expect(second.requestedSchema.properties.ein!.description).toContain('not accepted');
      expect(second.requestedSchema.properties.totalAssets).toMatchObject({ type: 'integer' });
    } finally {
      await client.close();
    }
  });

  it('a decline after two stored rounds reports what the rounds stored; a cancel is reported as cancelled', async () => {
    for (const action of ['decline', 'cancel'] as const) {
      let shown = 0;
      const client = await connect((form) => {
        shown++;
        return shown > 2 ? { action } : acceptAll(form);
      });
      try {
        const id = await create5472(client);
        const result = await client.callTool({ name: 'complete_filing', arguments: { id } });
        const answer = result.structuredContent as any;
        expect(shown).toBe(3);
        expect(answer.outcome).toBe(action === 'decline' ? 'declined' : 'cancelled');
        const formData = (await row('filings', id)).form_data as Record<string, unknown>;
        // Everything the two rounds stored is reported, and is in the filing.
        expect(answer.stored.length).toBeGreaterThanOrEqual(2);
        for (const field of answer.stored) {
          const value = field
            .split(/\.|\[|\]\.?/)
            .filter(Boolean)
            .reduce((at: any, key: string) => at?.[key], formData);
          expect(value, field).toBeDefined();
        }
        expect(answer.stored).toEqual(expect.arrayContaining(['taxYearBegin', 'llcName']));
        expect(answer.message).toMatch(
          new RegExp(
            `^The user ${answer.outcome} the form\\. Earlier rounds stored ${answer.stored.length} answers`,
          ),
        );
      } finally {
        await client.close();
      }
    }
  });

  it('a filings:write-only key gets 403 from complete_filing, as from get_filing (a read-only key too), and nothing changes', async () => {
    const owner = await connect(acceptAll);
    const id = await create5472(owner, { llcName: 'Scoped LLC' });
    await owner.close();
    const writeOnly = (await createApiKey(database.db, { userId, scope: 'filings:write' })).key;
    const before = await row('filings', id);
    for (const tool of ['get_filing', 'complete_filing']) {
      const response = await fetch(baseUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          authorization: `Bearer ${writeOnly}`,
        },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'tools/call',
          params: { name: tool, arguments: { id } },
        }),
      });
      expect(response.status, tool).toBe(403);
      expect(response.headers.get('www-authenticate'), tool).toContain('scope="filings:write filings:read"');
      const body = (await response.json()) as any;
      expect(body.error.code).toBe(-32003);
      expect(JSON.stringify(body)).not.toContain('Scoped LLC');
    }
    // A read-only key is refused too: complete_filing writes the answers.
    const readOnly = (await createApiKey(database.db, { userId, scope: 'filings:read' })).key;
    const refused = await fetch(baseUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        authorization: `Bearer ${readOnly}`,
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'complete_filing', arguments: { id } },
      }),
    });
    expect(refused.status).toBe(403);
    expect(refused.headers.get('www-authenticate')).toContain('scope="filings:read filings:write"');
    // The SDK v2 client on 2026-07-28 is refused the same way, without a form shown.
    let asked = 0;
    const client = await connect((form) => {
      asked++;
      return acceptAll(form);
    }, writeOnly);
    try {
      await expect(client.callTool({ name: 'complete_filing', arguments: { id } })).rejects.toThrow();
      expect(asked).toBe(0);
    } finally {
      await client.close();
    }
    expect(await row('filings', id)).toEqual(before);
  });
});
