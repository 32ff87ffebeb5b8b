import { EXAMPLE_PARTNERSHIP_FILING, EXAMPLE_SINGLE_MEMBER_FILING } from '@filing-mcp/irs-forms';
import { type TestDatabase, testDatabases } from '@filing-mcp/test-db';
import {
  Client as ClientV2,
  StreamableHTTPClientTransport as TransportV2,
} from '@modelcontextprotocol/client';
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as TransportV1 } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '../../src/index.js';
import { startSocketServer } from '../support/socket-server.js';

const V2026 = '2026-07-28';

/** What the test user answers, by elicitation field name; other fields get a value of their type. */
const ANSWERS: Record<string, unknown> = {
  ownerName: 'Ana García Pérez',
  ownerCitizenship: 'Spain',
  llcCity: 'Santa Fe, NM 87501',
  relatedParties__0__name: 'Ana García Pérez',
  partners__0__name: 'Ebro Inversiones SL',
  partners__0__isForeign: true,
  // Item E takes an SSN, ITIN or EIN: an answer in another form is refused with the whole round.
  partners__0__tin: '98-7654321',
};

type Property = { type: string; enum?: string[]; format?: string; title?: string; description?: string };

function answerFor(name: string, property: Property): unknown {
  if (name in ANSWERS) return ANSWERS[name];
  if (property.enum) return property.enum[0];
  if (property.type === 'boolean') return false;
  if (property.type === 'number' || property.type === 'integer') return 1;
  return property.format === 'date' ? '2025-06-30' : 'Answered in test';
}

/** The user accepts a form, answering every field it asks for as {@link answerFor} does. */
function acceptWithAnswers(requestedSchema: { properties: Record<string, Property> }) {
  return {
    action: 'accept',
    content: Object.fromEntries(
      Object.entries(requestedSchema.properties).map(([name, property]) => [name, answerFor(name, property)]),
    ),
  };
}

/** The example filing without some fields a person must give. */
function withoutFields(form: Record<string, unknown>, fields: string[]): Record<string, unknown> {
  return Object.fromEntries(Object.entries(form).filter(([key]) => !fields.includes(key)));
}

describe.each(testDatabases())('complete_filing asks the user through the client on $name', ({ create }) => {
  let database: TestDatabase;
  let close: (() => Promise<void>) | undefined;
  let baseUrl: string;
  let key: string;
  const userId = 'complete-filing-user';

  beforeAll(async () => {
    ({ database, baseUrl, close } = await startSocketServer(create));
    key = (await createApiKey(database.db, { userId })).key;
  });

  afterAll(() => close?.());

  /** An SDK v2 client pinned to 2026-07-28 whose elicitation handler is `answer`. */
  async function connectV2(
    answer?: (params: { message: string; requestedSchema: any }) => Record<string, unknown>,
  ): Promise<ClientV2> {
    const client = new ClientV2(
      { name: 'complete-filing-v2', version: '1.0.0' },
      {
        versionNegotiation: { mode: { pin: V2026 } },
        ...(answer && { capabilities: { elicitation: { form: {} } } }),
      },
    );
    if (answer) {
      client.setRequestHandler('elicitation/create', async (request: any) => answer(request.params) as any);
    }
    await client.connect(
      new TransportV2(new URL(baseUrl), { requestInit: { headers: { authorization: `Bearer ${key}` } } }),
    );
    return client;
  }

  async function stored(table: string, id: string) {
    return database.db
      .selectFrom(table)
      .select(['form_data', 'llc_name', 'updated_at'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  }

  it('SDK v2 on 2026-07-28: complete_filing asks in forms of flat fields, stores the answers, and check_filing no longer misses them', async () => {
    const forms: Array<{ message: string; requestedSchema: any }> = [];
    const client = await connectV2((params) => {
      forms.push(params);
      return acceptWithAnswers(params.requestedSchema);
    });
    try {
      // The example without four answers a person gives (its related party keeps its transactions,
      // a list a flat form cannot ask for), and without the extension, whose original due date has
      // passed (a 7004 would be reported).
      const draft = {
        ...withoutFields(EXAMPLE_SINGLE_MEMBER_FILING, ['ownerName', 'ownerCitizenship', 'llcCity']),
        relatedParties: EXAMPLE_SINGLE_MEMBER_FILING.relatedParties.map((party) => ({ ...party, name: '' })),
        generateForm7004: false,
      };
      const created = await client.callTool({ name: 'create_filing', arguments: { form_data: draft } });
      const { id } = created.structuredContent as { id: string };
      const before = (await client.callTool({ name: 'check_filing', arguments: { id } }))
        .structuredContent as any;
      expect(before.missing.map((entry: any) => entry.field)).toEqual(
        expect.arrayContaining(['llcCity', 'ownerName', 'ownerCitizenship', 'relatedParties[0].name']),
      );

      const result = await client.callTool({ name: 'complete_filing', arguments: { id } });
      expect(result.isError).toBeFalsy();
      expect(forms.length).toBeGreaterThanOrEqual(1);
      const first = forms[0]!.requestedSchema;
      expect(first.type).toBe('object');
      expect(Object.keys(first.properties).length).toBeLessThanOrEqual(8);
      expect(first.properties).toMatchObject({
        llcCity: {
          type: 'string',
          title: expect.stringMatching(/^Form 5472, line 1a \(city, state, ZIP\): \S/),
          description: 'City, state and ZIP code of the LLC, in one string.',
        },
        ownerName: { type: 'string', title: expect.stringMatching(/^Form 5472, line 4a: \S/) },
      });
      // Flat primitives only, as elicitation allows.
      for (const form of forms) {
        for (const property of Object.values(form.requestedSchema.properties) as Property[]) {
          expect(['string', 'number', 'integer', 'boolean']).toContain(property.type);
        }
        expect(form.requestedSchema.required).toEqual(Object.keys(form.requestedSchema.properties));
      }
      const asked = forms.flatMap((form) => Object.keys(form.requestedSchema.properties));
      expect(asked).toEqual(
        expect.arrayContaining(['llcCity', 'ownerName', 'ownerCitizenship', 'relatedParties__0__name']),
      );

      const row = await stored('filings', id);
      expect(row.form_data).toMatchObject({
        llcCity: 'Santa Fe, NM 87501',
        ownerName: 'Ana García Pérez',
        ownerCitizenship: 'Spain',
        relatedParties: expect.arrayContaining([
          expect.objectContaining({ id: expect.any(String), name: 'Ana García Pérez' }),
        ]),
      });
      const after = (await client.callTool({ name: 'check_filing', arguments: { id } }))
        .structuredContent as any;
      const stillMissing = after.missing.map((entry: any) => entry.field);
      for (const field of [
        'llcCity',
        'ownerName',
        'ownerCitizenship',
        'relatedParties',
        'relatedParties[0].name',
      ]) {
        expect(stillMissing).not.toContain(field);
      }
      const final = result.structuredContent as any;
      expect(final).toMatchObject({ id, kind: '5472', update_tool: 'update_filing' });
      // The user answered every form: the filing is ready, and check_filing agrees.
      expect(after).toMatchObject({ ready: true, missing: [], invalid: [] });
      expect(final).toMatchObject({ ready: true, outcome: 'ready' });
    } finally {
      await client.close();
    }
  });

  it('asks a partnership’s first partner whole: its name with whether that partner is foreign', async () => {
    const forms: any[] = [];
    const client = await connectV2((params) => {
      forms.push(params.requestedSchema);
      // The partner's form is what this test is about; a complete partnership asks for its
      // figures next, so the user stops there: what was answered stays stored.
      if (forms.length > 1) return { action: 'decline' };
      return acceptWithAnswers(params.requestedSchema);
    });
    try {
      const draft = withoutFields(EXAMPLE_PARTNERSHIP_FILING, ['partners']);
      const { id } = (
        await client.callTool({ name: 'create_partnership_filing', arguments: { form_data: draft } })
      ).structuredContent as { id: string };
      await client.callTool({ name: 'complete_filing', arguments: { id, kind: 'partnership' } });
      const names = forms.map((form) => Object.keys(form.properties));
      // A new partner is asked whole, its name with its items: the count of answers left does
      // not grow once the name is stored.
      expect(names[0]).toEqual(expect.arrayContaining(['partners__0__name', 'partners__0__isForeign']));
      expect(names[0]!.every((name: string) => name.startsWith('partners__0__'))).toBe(true);
      expect(forms[0].properties.partners__0__isForeign).toMatchObject({
        type: 'boolean',
        title: expect.stringMatching(/^Schedule K-1 \(Form 1065\), item H1 \(partner 1\): \S/),
      });
      const row = await stored('partnership_filings', id);
      expect((row.form_data as any).partners).toHaveLength(1);
      expect((row.form_data as any).partners[0]).toMatchObject({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        name: 'Ebro Inversiones SL',
        isForeign: true,
      });
    } finally {
      await client.close();
    }
  });

  it('a user who declines changes nothing', async () => {
    let asked = 0;
    const client = await connectV2(() => {
      asked++;
      return { action: 'decline' };
    });
    try {
      const draft = withoutFields(EXAMPLE_SINGLE_MEMBER_FILING, ['ownerName', 'llcCity']);
      const { id } = (await client.callTool({ name: 'create_filing', arguments: { form_data: draft } }))
        .structuredContent as { id: string };
      const before = await stored('filings', id);
      const result = await client.callTool({ name: 'complete_filing', arguments: { id } });
      expect(asked).toBe(1);
      expect(result.structuredContent).toMatchObject({
        id,
        ready: false,
        outcome: 'declined',
        stored: [],
        message: 'The user declined the form: nothing was changed.',
      });
      const after = await stored('filings', id);
      expect(after).toEqual(before);
    } finally {
      await client.close();
    }
  });

  it('SDK v2 on 2026-07-28 without elicitation, and SDK v1 on a 2025 revision: the missing list and the fields to send with update_filing', async () => {
    const v2 = await connectV2();
    const v1 = new ClientV1({ name: 'complete-filing-v1', version: '1.0.0' });
    await v1.connect(
      new TransportV1(new URL(baseUrl), { requestInit: { headers: { authorization: `Bearer ${key}` } } }),
    );
    try {
      const draft = withoutFields(EXAMPLE_SINGLE_MEMBER_FILING, ['ownerName', 'llcCity']);
      const { id } = (await v1.callTool({ name: 'create_filing', arguments: { form_data: draft } }))
        .structuredContent as { id: string };
      const before = await stored('filings', id);
      for (const client of [v1, v2]) {
        const result = await client.callTool({ name: 'complete_filing', arguments: { id } });
        expect(result.isError).toBeFalsy();
        const answer = result.structuredContent as any;
        expect(answer).toMatchObject({
          id,
          kind: '5472',
          ready: false,
          outcome: 'ask_the_user',
          stored: [],
          update_tool: 'update_filing',
          message:
            "This client cannot show the user a form (elicitation needs MCP 2026-07-28 and a client that declares it). Ask the user for the fields listed, then store the answers with update_filing as each field's update shows: form_data takes the field's path as its key (update_filing merges it, every other field kept); several answers go in one form_data.",
        });
        expect(answer.missing.map((entry: any) => entry.field)).toEqual(
          expect.arrayContaining(['llcCity', 'ownerName']),
        );
        expect(answer.fields).toEqual(
          expect.arrayContaining([
            {
              field: 'ownerName',
              title: expect.stringMatching(/^Form 5472, line 4a: \S/),
              description: 'Name of the 25% foreign owner.',
              type: 'string',
              update: `update_filing {"id":"${id}","form_data":{"ownerName":<the user's answer (string)>}}`,
            },
          ]),
        );
      }
      expect(await stored('filings', id)).toEqual(before);
      // Each field's update, its answer filled in, is the call that stores it.
      const last = (await v1.callTool({ name: 'complete_filing', arguments: { id } }))
        .structuredContent as any;
      const city = last.fields.find((field: any) => field.field === 'llcCity');
      const [tool, json] = [
        city.update.slice(0, city.update.indexOf(' ')),
        city.update.slice(city.update.indexOf(' ') + 1),
      ];
      const call = JSON.parse(json.replace(/<[^>]*>/, '"Albuquerque"'));
      expect((await v1.callTool({ name: tool, arguments: call })).isError).toBeFalsy();
      expect((await stored('filings', id)).form_data).toEqual({
        ...before.form_data,
        llcCity: 'Albuquerque',
      });
      // The 2025 client sees the same 14 tools of the spec, with the same required arguments.
      const { tools } = await v1.listTools();
      const required = Object.fromEntries(tools.map((tool) => [tool.name, tool.inputSchema.required ?? []]));
      expect(required).toMatchObject({
        get_filing: ['id'],
        update_filing: ['id'],
        delete_filing: ['id'],
        create_filing: ['form_data'],
        get_partnership_filing: ['id'],
        update_partnership_filing: ['id', 'form_data'],
        delete_partnership_filing: ['id'],
        create_partnership_filing: ['form_data'],
        get_pdf_url: ['id'],
        list_filings: [],
        list_partnership_filings: [],
        list_payments: [],
        list_fax_logs: [],
        get_form_schema: [],
        complete_filing: ['id'],
      });
    } finally {
      await v1.close();
      await v2.close();
    }
  });
});
