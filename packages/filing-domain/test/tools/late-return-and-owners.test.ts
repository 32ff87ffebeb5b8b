// A late return finished, not just flagged, and Part II's owners up the chain, through the
// official SDK clients: complete_filing asks for the reasonable-cause facts and for the owner's
// owners, stores them, and the packet (the resource, read back with pdftotext) carries them; the
// prompt draft_reasonable_cause_statement answers on both wires.
import { EXAMPLE_SINGLE_MEMBER_FILING } from '@filing-mcp/irs-forms';
import { testDatabases } from '@filing-mcp/test-db';
import {
  Client as ClientV2,
  StreamableHTTPClientTransport as TransportV2,
} from '@modelcontextprotocol/client';
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as TransportV1 } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '../../src/index.js';
import { packetUri } from '../../src/resources/packet-resources.js';
import { pdfText } from '../support/pdf-text.js';
import { type SocketServer, startSocketServer, testPackets } from '../support/socket-server.js';

const V2026 = '2026-07-28';
const REASON =
  'Our formation agent told us in writing that a single-member LLC with no U.S. income files nothing. We learned of Form 5472 from our bank on 2026-11-02 and filed within four weeks.';

/** The example, its tax year 2025 long past due, without the statement's facts or a 7004. */
const LATE: Record<string, unknown> = { ...EXAMPLE_SINGLE_MEMBER_FILING, generateForm7004: false };
delete LATE.lateFilingReason;
delete LATE.generateLateFilingLetter;

/** A Singapore company owns the LLC; a Canadian company owns it (Part II line 6). */
const OWNED_BY_A_COMPANY: Record<string, unknown> = {
  ...EXAMPLE_SINGLE_MEMBER_FILING,
  generateForm7004: false,
  ownerName: 'Lion City Holdings Pte. Ltd.',
  ownerStreet: '1 Raffles Place',
  ownerCity: 'Singapore 048616, Singapore',
  ownerBusinessCountries: 'Singapore',
  ownerCitizenship: 'Singapore',
  ownerTaxResidentCountry: 'Singapore',
};
delete OWNED_BY_A_COMPANY.ownerHasOwners;

/** The user's answers, by elicitation field name. */
const ANSWERS: Record<string, unknown> = {
  lateFilingReason: REASON,
  ownerHasOwners: true,
  indirectOwners__0__name: 'Maple Crest Holdings Inc.',
  indirectOwners__0__street: '100 King Street West',
  indirectOwners__0__city: 'Toronto ON M5X 1A9',
  indirectOwners__0__country: 'Canada',
  indirectOwners__0__businessCountries: 'Canada',
  indirectOwners__0__citizenship: 'Canada',
  indirectOwners__0__taxResidenceCountries: 'Canada',
};

type Form = { message: string; requestedSchema: { properties: Record<string, any> } };

describe.each(testDatabases())('late returns and Part II owners on $name', ({ create }) => {
  let socket: SocketServer;
  let key: string;

  beforeAll(async () => {
    socket = await startSocketServer(create, { packets: testPackets });
    key = (await createApiKey(socket.database.db, { userId: 'late-return-user' })).key;
  });
  afterAll(() => socket?.close());

  const headers = () => ({ requestInit: { headers: { authorization: `Bearer ${key}` } } });

  /** An SDK v2 client on 2026-07-28 whose user answers each form from {@link ANSWERS}. */
  async function connectV2(forms: Form[] = []): Promise<ClientV2> {
    const client = new ClientV2(
      { name: 'late-return-v2', version: '1.0.0' },
      { versionNegotiation: { mode: { pin: V2026 } }, capabilities: { elicitation: { form: {} } } },
    );
    client.setRequestHandler('elicitation/create', async (request: any) => {
      forms.push(request.params);
      const names = Object.keys(request.params.requestedSchema.properties);
      const unknown = names.filter((name) => !(name in ANSWERS));
      if (unknown.length > 0) throw new Error(`asked for ${unknown.join(', ')}`);
      return {
        action: 'accept',
        content: Object.fromEntries(names.map((name) => [name, ANSWERS[name]])),
      } as any;
    });
    await client.connect(new TransportV2(new URL(socket.baseUrl), headers()));
    return client;
  }

  async function connectV1(): Promise<ClientV1> {
    const client = new ClientV1({ name: 'late-return-v1', version: '1.0.0' });
    await client.connect(new TransportV1(new URL(socket.baseUrl), headers()));
    return client;
  }

  const call = async (client: ClientV1 | ClientV2, name: string, args: Record<string, unknown>) => {
    const result = await client.callTool({ name, arguments: args });
    expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
    return result.structuredContent as any;
  };

  async function packetText(client: ClientV2, id: string): Promise<string> {
    const { contents } = await client.readResource({ uri: packetUri('5472', id) });
    return pdfText(new Uint8Array(Buffer.from((contents[0] as { blob: string }).blob, 'base64')));
  }

  it('complete_filing on an overdue return asks for the reasonable-cause facts before ready; the packet’s statement carries them', async () => {
    const forms: Form[] = [];
    const client = await connectV2(forms);
    try {
      const { id } = await call(client, 'create_filing', { form_data: LATE });
      const before = await call(client, 'check_filing', { id });
      expect(before).toMatchObject({
        overdue: true,
        ready: false,
        late_filing: { statement_included: false },
      });
      expect(before.missing).toContainEqual(expect.objectContaining({ field: 'lateFilingReason' }));
      expect(before.penalties[0]).toMatchObject({ code: '6038A(d)(1)', amount: 50_000 });

      const done = await call(client, 'complete_filing', { id });
      expect(forms).toHaveLength(1);
      expect(forms[0]!.message).toMatch(
        /^The return is \d+ days late\. Its reasonable-cause statement asks the IRS not to impose the penalty of \$50,000: in your own words/,
      );
      expect(forms[0]!.requestedSchema.properties.lateFilingReason).toMatchObject({
        type: 'string',
        description: expect.stringMatching(/in the user's words/),
      });
      expect(done).toMatchObject({ outcome: 'ready', ready: true, stored: ['lateFilingReason'] });

      const stored = await call(client, 'get_filing', { id });
      expect(stored.form_data.lateFilingReason).toBe(REASON);
      const after = await call(client, 'check_filing', { id });
      expect(after).toMatchObject({ ready: true, late_filing: { statement_included: true } });

      const text = (await packetText(client, id)).replace(/\s+/g, ' ');
      expect(text).toContain('Request for penalty relief for reasonable cause');
      expect(text).toContain(REASON.replace(/\s+/g, ' '));
      expect(text).toContain('Under penalties of perjury');
      expect(text).not.toContain('DRAFT: NOT READY TO FILE');
    } finally {
      await client.close();
    }
  });

  it('complete_filing asks whether the owner is itself owned, then for each owner up the chain; lines 6a-6e print', async () => {
    const forms: Form[] = [];
    const client = await connectV2(forms);
    try {
      const { id } = await call(client, 'create_filing', {
        form_data: { ...OWNED_BY_A_COMPANY, lateFilingReason: REASON },
      });
      const before = await call(client, 'check_filing', { id });
      expect(before.ready).toBe(false);
      expect(before.missing).toContainEqual({
        form: '5472',
        part: 'II',
        line: '6a-7e',
        field: 'ownerHasOwners',
      });

      const done = await call(client, 'complete_filing', { id });
      expect(done).toMatchObject({ outcome: 'ready', ready: true });
      // The yes/no question first, in plain words, then the owner's items.
      expect(forms[0]!.requestedSchema.properties.ownerHasOwners).toMatchObject({
        type: 'boolean',
        description: expect.stringMatching(/owned 25% or more by another person or company, up the chain/),
      });
      const asked = forms.flatMap((form) => Object.keys(form.requestedSchema.properties));
      expect(asked).toEqual(
        expect.arrayContaining(Object.keys(ANSWERS).filter((name) => name !== 'lateFilingReason')),
      );

      const { form_data } = await call(client, 'get_filing', { id });
      expect(form_data.ownerHasOwners).toBe(true);
      expect(form_data.indirectOwners).toEqual([
        expect.objectContaining({
          name: 'Maple Crest Holdings Inc.',
          city: 'Toronto ON M5X 1A9',
          citizenship: 'Canada',
          taxResidenceCountries: 'Canada',
        }),
      ]);
      const text = (await packetText(client, id)).replace(/\s+/g, ' ');
      expect(text).toContain('Maple Crest Holdings Inc., 100 King Street West, Toronto ON M5X 1A9, Canada');
    } finally {
      await client.close();
    }
  });

  it('without elicitation, complete_filing names the Part II question, which an individual owner answers No', async () => {
    const client = await connectV1();
    try {
      const draft: Record<string, unknown> = { ...EXAMPLE_SINGLE_MEMBER_FILING, generateForm7004: false };
      delete draft.ownerHasOwners;
      const { id } = await call(client, 'create_filing', { form_data: draft });
      const asked = await call(client, 'complete_filing', { id });
      expect(asked.outcome).toBe('ask_the_user');
      expect(asked.fields).toContainEqual(
        expect.objectContaining({
          field: 'ownerHasOwners',
          type: 'boolean',
          description: expect.stringMatching(/An individual owner: false/),
        }),
      );
      await call(client, 'update_filing', { id, form_data: { ownerHasOwners: false } });
      expect((await call(client, 'check_filing', { id })).ready).toBe(true);
    } finally {
      await client.close();
    }
  });

  it('draft_reasonable_cause_statement gives the facts on file, the penalty, what to write and the source, on both wires', async () => {
    const v2 = await connectV2();
    const v1 = await connectV1();
    try {
      const { id } = await call(v2, 'create_filing', { form_data: LATE });
      for (const client of [v1, v2]) {
        const listed = (await client.listPrompts()).prompts.find(
          (prompt) => prompt.name === 'draft_reasonable_cause_statement',
        );
        expect(listed?.arguments).toEqual([expect.objectContaining({ name: 'filing_id', required: true })]);
        const prompt = await client.getPrompt({
          name: 'draft_reasonable_cause_statement',
          arguments: { filing_id: id },
        });
        const text = (prompt.messages[0]!.content as { text: string }).text;
        expect(text).toContain(id);
        expect(text).toContain('Acme Holdings LLC');
        expect(text).toMatch(/days late as of \d{4}-\d{2}-\d{2}/);
        expect(text).toContain('$50,000');
        expect(text).toContain("lateFilingReason (the statement's facts): (not given yet)");
        expect(text).toContain('Regulations section 1.6038A-4(b)');
        expect(text).toContain('penalties of perjury');
        expect(text).toContain(`update_filing {"id": "${id}", "form_data": {"lateFilingReason"`);
      }
      const refused = await v1
        .getPrompt({ name: 'draft_reasonable_cause_statement', arguments: { filing_id: 'my-llc' } })
        .catch((error) => error);
      expect(refused.code).toBe(-32602);
      const missing = await v2
        .getPrompt({
          name: 'draft_reasonable_cause_statement',
          arguments: { filing_id: '00000000-0000-4000-8000-000000000000' },
        })
        .catch((error) => error);
      expect(missing.code).toBe(-32602);
    } finally {
      await Promise.all([v1.close(), v2.close()]);
    }
  });
});
