// The journey from a bare draft to ready: an official SDK v1 client on 2025-11-25, which declares no
// elicitation, brings a bare Form 5472 draft to ready in at most 6 tool calls, following only the
// answers' words: each field complete_filing names comes with the exact update that stores it, and
// the simulated user fills in those updates, nothing else.
import { testDatabases } from '@filing-mcp/test-db';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '../../src/index.js';
import { type SocketServer, startSocketServer } from '../support/socket-server.js';
import { TEXT_ANSWERS } from '../support/elicitation-user.js';

type Field = { field: string; title: string; description: string; type: string; update: string };

/** The answer to one field, read from what the field says it is (its type, its words). */
function answer(field: Field): unknown {
  const key = field.field
    .split(/[.[\]]+/)
    .filter(Boolean)
    .at(-1)!;
  const words = `${field.title} ${field.description}`;
  if (field.type === 'boolean') return /must be true/.test(words);
  if (field.type === 'integer' || field.type === 'number') return 1000;
  const choices = /^(one|any) of (.*)$/.exec(field.type);
  if (choices) {
    const first = choices[2]!.split(/,\s*/)[0]!.replace(/^"|"$/g, '');
    return choices[1] === 'any' ? [first] : first;
  }
  if (key in TEXT_ANSWERS) return TEXT_ANSWERS[key];
  if (/countr|citizenship/i.test(key)) return 'Spain';
  if (/date/i.test(key)) return '2025-06-30';
  return `Answer for ${key}`;
}

/** The update calls the answer names, merged into one: its words say several go in one form_data. */
function updateFrom(fields: Field[]): { name: string; arguments: Record<string, any> } {
  const calls = fields.map((field) => {
    const space = field.update.indexOf(' ');
    const json = field.update.slice(space + 1).replace(/<[^>]*>/, JSON.stringify(answer(field)));
    return { name: field.update.slice(0, space), arguments: JSON.parse(json) };
  });
  const form_data = Object.assign({}, ...calls.map((call) => call.arguments.form_data));
  expect(new Set(calls.map((call) => call.name))).toEqual(new Set(['update_filing']));
  return { name: calls[0]!.name, arguments: { ...calls[0]!.arguments, form_data } };
}

describe.each(testDatabases())('the journey without elicitation on $name', ({ create }) => {
  let socket: SocketServer;
  let key: string;

  beforeAll(async () => {
    socket = await startSocketServer(create);
    key = (await createApiKey(socket.database.db, { userId: 'journey-v1-user' })).key;
  });
  afterAll(() => socket?.close());

  it('an SDK v1 client on 2025-11-25 brings a bare draft to ready in at most 6 calls', async () => {
    const transport = new StreamableHTTPClientTransport(new URL(socket.baseUrl), {
      requestInit: { headers: { authorization: `Bearer ${key}` } },
    });
    const client = new Client({ name: 'journey-v1', version: '1.0.0' });
    await client.connect(transport);
    try {
      expect(transport.protocolVersion).toBe('2025-11-25');
      const calls: string[] = [];
      const call = async (name: string, args: Record<string, unknown>) => {
        calls.push(name);
        const result = await client.callTool({ name, arguments: args });
        expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
        return result.structuredContent as any;
      };

      const { id } = await call('create_filing', { form_data: {} });
      let answer = await call('complete_filing', { id });
      while (answer.outcome === 'ask_the_user' && calls.length < 12) {
        expect(answer.fields.length).toBeGreaterThan(0);
        const update = updateFrom(answer.fields);
        await call(update.name, update.arguments);
        answer = await call('complete_filing', { id });
      }
      expect(answer).toMatchObject({ id, ready: true, outcome: 'ready' });
      expect(calls.length).toBeLessThanOrEqual(6);
      const check = await call('check_filing', { id });
      expect(check).toMatchObject({ ready: true, missing: [], invalid: [] });
    } finally {
      await client.close();
    }
  });
});
