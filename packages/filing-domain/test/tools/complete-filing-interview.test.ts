import { EXAMPLE_PARTNERSHIP_FILING } from '@filing-mcp/irs-forms';
import { type TestDatabase, testDatabases } from '@filing-mcp/test-db';
import {
  Client as ClientV2,
  StreamableHTTPClientTransport as TransportV2,
} from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '../../src/index.js';
import { acceptAll, createPartnership, type Form } from '../support/elicitation-user.js';
import { startSocketServer } from '../support/socket-server.js';

// The partnership interview a user can finish, with the official SDK v2 client pinned to
// 2026-07-28 and its DEFAULT limit of rounds (inputRequired.maxRounds 10: the 11th input_required
// throws): every call ends with a result, the count of answers left only grows when an answer
// opened a question (and the form says so), "I don't know" stays open as a note for the
// preparer, and the last message names who must act and the money already owed.

/** The count a form's message gives: "still need 145 answers" / "one answer". */
function countOf(form: Form): number {
  const match = /still need (one|\d+) answers?/.exec(form.message);
  expect(match, form.message).not.toBeNull();
  return match![1] === 'one' ? 1 : Number(match![1]);
}

describe.each(testDatabases())('the partnership interview on $name', ({ create }) => {
  let database: TestDatabase;
  let close: (() => Promise<void>) | undefined;
  let baseUrl: string;
  let key: string;

  beforeAll(async () => {
    ({ database, baseUrl, close } = await startSocketServer(create));
    key = (await createApiKey(database.db, { userId: 'complete-filing-interview-user' })).key;
  });

  afterAll(() => close?.());

  /** The official client with its defaults: no inputRequired option, so maxRounds is 10. */
  async function connect(answer: (form: Form) => Record<string, unknown>): Promise<ClientV2> {
    const client = new ClientV2(
      { name: 'complete-filing-interview', version: '1.0.0' },
      { versionNegotiation: { mode: { pin: '2026-07-28' } }, capabilities: { elicitation: { form: {} } } },
    );
    client.setRequestHandler('elicitation/create', async (request: any) => answer(request.params) as any);
    await client.connect(
      new TransportV2(new URL(baseUrl), { requestInit: { headers: { authorization: `Bearer ${key}` } } }),
    );
    return client;
  }

  async function formData(id: string): Promise<Record<string, any>> {
    const row = await database.db
      .selectFrom('partnership_filings')
      .select(['form_data'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    return row.form_data as Record<string, any>;
  }

  it('a bare draft ends every call with a result within 9 forms, and the count only grows with a reason', async () => {
    const forms: Form[] = [];
    const client = await connect((form) => {
      forms.push(form);
      return acceptAll(form, 0);
    });
    try {
      const id = await createPartnership(client);
      const outcomes: any[] = [];
      for (let call = 0; call < 3; call++) {
        const shown = forms.length;
        // Never an exception: the SDK's own limit (10) is never reached.
        const result = await client.callTool({
          name: 'complete_filing',
          arguments: { id, kind: 'partnership' },
        });
        const answer = result.structuredContent as any;
        outcomes.push(answer);
        expect(forms.length - shown).toBeLessThanOrEqual(9);
        if (answer.outcome !== 'incomplete') break;
        expect(answer.left).toBeGreaterThan(0);
        expect(answer.message).toContain(
          `${answer.left === 1 ? 'One answer is' : `${answer.left} answers are`} still needed`,
        );
      }
      const last = outcomes.at(-1);
      expect(['ready', 'prepare_elsewhere']).toContain(last.outcome);
      expect(last).toMatchObject({ missing: [], invalid: [], left: 0 });
      if (last.outcome === 'prepare_elsewhere')
        expect(last.message).toContain('A paid preparer must prepare');
      // The whole Schedule B in one form, each question titled with its text.
      const scheduleB = forms.filter((form) => 'scheduleB__line2a' in form.requestedSchema.properties);
      expect(scheduleB).toHaveLength(1);
      const questions = Object.entries(scheduleB[0]!.requestedSchema.properties).filter(([name]) =>
        /^scheduleB__line\d+[a-z]?$/.test(name),
      );
      expect(questions.length).toBeGreaterThanOrEqual(30);
      expect(scheduleB[0]!.requestedSchema.properties.scheduleB__line2a!.title).toBe(
        'Schedule B, question 2a: At the end of the tax year, did any foreign or domestic corporation, partnership, trust, tax-exempt organization or foreign government own, directly or indirectly, 50% or more of the profit, loss, or capital?',
      );
      // The count: it falls, or the form says which answers opened the new questions.
      let before: number | undefined;
      for (const form of forms) {
        const count = countOf(form);
        if (before !== undefined && count > before) expect(form.message).toMatch(/Your last answers opened/);
        before = count;
      }
      console.log(
        `bare draft: ${outcomes.map((one) => one.outcome).join(', ')}; ${forms.length} forms; counts ${forms.map(countOf).join(' ')}`,
      );
    } finally {
      await client.close();
    }
  });

  it('a user who answers one line a form gets incomplete with the count left after the 9th form, not the SDK error', async () => {
    let shown = 0;
    const client = await connect((form) => {
      shown++;
      const first = Object.keys(form.requestedSchema.properties)[0]!;
      const all = acceptAll(form, 0).content as Record<string, unknown>;
      return { action: 'accept', content: first in all ? { [first]: all[first] } : {} };
    });
    try {
      const id = await createPartnership(client);
      const result = await client.callTool({
        name: 'complete_filing',
        arguments: { id, kind: 'partnership' },
      });
      const answer = result.structuredContent as any;
      expect(shown).toBe(9);
      expect(answer).toMatchObject({ id, ready: false, outcome: 'incomplete' });
      expect(answer.left).toBeGreaterThan(50);
      expect(answer.message).toContain(`${answer.left} answers are still needed after 9 forms`);
      expect(answer.stored.length).toBeGreaterThanOrEqual(9);
      expect(answer.fields.length).toBeGreaterThan(0);
    } finally {
      await client.close();
    }
  });

  it('"I don’t know" stays open as a preparer note; the end names the preparer and the money owed first', async () => {
    const forms: Form[] = [];
    const known = EXAMPLE_PARTNERSHIP_FILING.scheduleB as Record<string, unknown>;
    const client = await connect((form) => {
      forms.push(form);
      const content: Record<string, unknown> = {};
      for (const [name, property] of Object.entries(form.requestedSchema.properties)) {
        const line = name.replace(/^scheduleB__/, '');
        if (name === 'scheduleB__line10a' || name === 'scheduleB__line21') content[name] = 'dont_know';
        else if (property.oneOf?.some((option) => option.const === 'dont_know'))
          content[name] = known[line] === true ? 'yes' : 'no';
        else if (line in known) content[name] = known[line];
      }
      return { action: 'accept', content };
    });
    try {
      const { scheduleB: _scheduleB, ...draft } = EXAMPLE_PARTNERSHIP_FILING;
      const id = await createPartnership(client, { ...draft, scheduleB: { line4: true } });
      const result = await client.callTool({
        name: 'complete_filing',
        arguments: { id, kind: 'partnership' },
      });
      const answer = result.structuredContent as any;
      // One form held Schedule B; 10a and 21 offered "I don't know".
      expect(forms).toHaveLength(1);
      const properties = forms[0]!.requestedSchema.properties;
      expect(properties.scheduleB__line10a!.oneOf!.map((option) => option.const)).toEqual([
        'yes',
        'no',
        'dont_know',
      ]);
      expect(properties.scheduleB__line10a!.title).toContain('section 754 election');
      expect(properties.scheduleB__line2a).toMatchObject({ type: 'boolean' });

      // Stored as notes, never as a No: the questions stay open.
      const stored = await formData(id);
      expect(stored.scheduleB.line10a).toBeUndefined();
      expect(stored.scheduleB.line21).toBeUndefined();
      expect(stored.scheduleB.line33).toBe(false);
      expect(stored.preparerNotes.map((note: any) => note.field).sort()).toEqual([
        'scheduleB.line10a',
        'scheduleB.line21',
      ]);
      expect(stored.preparerNotes[0].question).toMatch(/^Schedule B, question (10a|21): /);
      const check = (await client.callTool({ name: 'check_filing', arguments: { id, kind: 'partnership' } }))
        .structuredContent as any;
      expect(check.ready).toBe(false);
      expect(check.missing.map((entry: any) => entry.field)).toEqual(
        expect.arrayContaining(['scheduleB.line10a', 'scheduleB.line21']),
      );
      expect(check.notes).toEqual(
        expect.arrayContaining([expect.stringMatching(/^Left for a paid preparer: scheduleB\.line10a \(/)]),
      );
      const got = (await client.callTool({ name: 'get_partnership_filing', arguments: { id } }))
        .structuredContent as any;
      expect(got.form_data.preparerNotes).toHaveLength(2);

      // The end: a paid preparer must act; the money already owed comes first.
      const past = check.withholding_1446.installments.filter((entry: any) => entry.status === 'past_due');
      expect(past.length).toBeGreaterThan(0);
      const owed = past.reduce((sum: number, entry: any) => sum + entry.amount - entry.paid, 0);
      expect(answer).toMatchObject({ outcome: 'prepare_elsewhere', ready: false, left: 0 });
      expect(answer.preparer_notes.map((note: any) => note.field).sort()).toEqual([
        'scheduleB.line10a',
        'scheduleB.line21',
      ]);
      expect(answer.message).toMatch(/^Money already owed as of \d{4}-\d{2}-\d{2}: section 1446 tax of \$/);
      expect(answer.message).toContain(`section 1446 tax of $${owed.toLocaleString('en-US')} is past due`);
      expect(answer.message.indexOf('section 1446')).toBeLessThan(
        answer.message.indexOf('A paid preparer must'),
      );
      expect(answer.message).toContain('A paid preparer must prepare');
      expect(answer.message).toContain('scheduleB.line10a, scheduleB.line21');

      // Called again, nothing is asked: the notes keep the questions for the preparer.
      const again = await client.callTool({
        name: 'complete_filing',
        arguments: { id, kind: 'partnership' },
      });
      expect(forms).toHaveLength(1);
      expect((again.structuredContent as any).outcome).toBe('prepare_elsewhere');
    } finally {
      await client.close();
    }
  });
  it('"I don’t know" to a stored answer the check refuses is not asked again', async () => {
    const forms: Form[] = [];
    const client = await connect((form) => {
      forms.push(form);
      return { action: 'accept', content: { scheduleB__line33: 'dont_know' } };
    });
    try {
      // Electing out under section 6221(b) is refused on a late return: the check asks again.
      const late = { ...EXAMPLE_PARTNERSHIP_FILING.scheduleB, line33: true };
      const id = await createPartnership(client, { ...EXAMPLE_PARTNERSHIP_FILING, scheduleB: late });
      const result = await client.callTool({
        name: 'complete_filing',
        arguments: { id, kind: 'partnership' },
      });
      const answer = result.structuredContent as any;
      expect(forms).toHaveLength(1);
      expect(Object.keys(forms[0]!.requestedSchema.properties)).toContain('scheduleB__line33');
      expect(answer.outcome).toBe('prepare_elsewhere');
      expect(answer.message).toContain('answer scheduleB.line33');
      expect((await formData(id)).preparerNotes).toEqual([
        expect.objectContaining({ field: 'scheduleB.line33' }),
      ]);
    } finally {
      await client.close();
    }
  });
});
