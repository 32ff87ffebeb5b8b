// get_form_schema without zod (src/tools/form-schema-tool.ts, what a call runs) against its zod
// definition (src/tools/form-schema-definition.ts): the same checks of good and bad arguments, issue
// for issue, the same answers, and through a server the same bytes, errors included.
import type { FilingDatabase } from '../../src/storage/database.js';
import { createMcpServer, type McpServerOptions } from '@filing-mcp/protocol';
import type { Kysely } from 'kysely';
import type * as z from 'zod';
import { describe, expect, it } from 'vitest';
import { FILING_KIND_LIST } from '../../src/kinds/filing-kinds.js';
import { formSchemaDefinition, formSchemaOutput } from '../../src/tools/form-schema-definition.js';
import {
  checkFormSchemaAnswer,
  checkFormSchemaArguments,
  formSchemaHandler,
} from '../../src/tools/form-schema-tool.js';
import { createEagerFilingTools } from '../../src/tools/filing-tool-definitions.js';
import { createFilingTools } from '../../src/tools/filing-tools.js';

// get_form_schema never touches the database.
const db = {} as Kysely<FilingDatabase>;
const appUrl = 'https://app.example.test';

/** Arguments as a client sends them (JSON), good and bad. */
const ARGUMENTS: unknown[] = [
  {},
  { kind: '5472' },
  { kind: 'partnership' },
  { kind: 'form-5472-1120' },
  { kind: 'form-1065' },
  { formType: 'form-1065' },
  { form: 'partnership' },
  { form: '5472', kind: 'partnership' },
  { kind: 'partnership', formType: '5472', form: 'form-1065' },
  { kind: 'nope' },
  { kind: 'w2' },
  { kind: '' },
  { kind: ' 5472' },
  { kind: 'Partnership' },
  { kind: 'FORM-1065' },
  { kind: 5472 },
  { kind: null },
  { kind: true },
  { kind: ['5472'] },
  { kind: { kind: '5472' } },
  { formType: 1065 },
  { kind: 'x', formType: 'y', form: 'z' },
  { type: 'partnership' },
  { limit: 0 },
  { kind: '5472', extra: 1 },
  { b: 1, a: 2, kind: 'nope' },
  { form_type: '5472', Kind: '5472' },
  JSON.parse('{"__proto__": "5472"}'),
  JSON.parse('{"__proto__": {"kind": "nope"}, "kind": "5472"}'),
  { constructor: 'x' },
  { toString: 'x', hasOwnProperty: 1 },
  { kind: undefined },
  { kind: '5472', form: undefined },
  [],
  null,
  '5472',
  7,
];

const label = (value: unknown) => (value === undefined ? 'undefined' : JSON.stringify(value));

describe('get_form_schema without zod', () => {
  const reference = formSchemaDefinition().inputSchema as z.ZodObject<any>;

  it.each(ARGUMENTS.map((args) => [label(args), args]))(
    'checks %s as the zod definition does, issue for issue',
    (_, args) => {
      const zod = reference.safeParse(args);
      const plain = checkFormSchemaArguments(args);
      expect(JSON.stringify(plain)).toBe(JSON.stringify(zod));
      expect(plain.success).toBe(zod.success);
      if (plain.success && zod.success) {
        expect(Object.entries(plain.data)).toEqual(Object.entries(zod.data));
      } else if (!plain.success && !zod.success) {
        // What the protocol core reads of a failure: each issue's path and message.
        expect(plain.error.issues.map(({ path, message }) => ({ path, message }))).toEqual(
          zod.error.issues.map(({ path, message }) => ({ path, message })),
        );
      }
    },
  );

  it('answers each kind as the zod output schema gives it, and refuses what it would refuse', async () => {
    const answer = formSchemaHandler();
    const output = formSchemaOutput();
    for (const kind of FILING_KIND_LIST) {
      const answered = await answer({ kind });
      expect(answered.kind).toBe(kind);
      const zod = output.safeParse(answered);
      expect(zod.success).toBe(true);
      const plain = checkFormSchemaAnswer(answered);
      expect(plain).toEqual({ success: true, data: answered });
      expect(JSON.stringify(plain.success && plain.data)).toBe(JSON.stringify(zod.data));
      // The same frozen object again: the protocol core serializes it once.
      expect(await answer({ form: kind })).toBe(answered);
      expect(Object.isFrozen(answered.schema)).toBe(true);
    }
    const good = await answer({});
    const bad: unknown[] = [
      { ...good, kind: 'w2' },
      { ...good, description: 1 },
      { ...good, fields: { a: 1 } },
      { ...good, fields: [] },
      { ...good, schema: 'x' },
      { ...good, transaction_kinds: [{ kind: 'k', part: 'IV', line: '9' }] },
      { ...good, transaction_kinds: [{ kind: 'k', part: 'IV', line: '9', label: 'l', example: 3 }] },
      { ...good, transaction_kinds: {} },
      (({ description: _, ...rest }) => rest)(good),
      [],
      null,
    ];
    for (const answerValue of bad) {
      expect(output.safeParse(answerValue).success).toBe(false);
      expect(checkFormSchemaAnswer(answerValue).success).toBe(false);
    }
  });

  function server(tools: McpServerOptions['tools']) {
    return createMcpServer({
      serverInfo: { name: 'filing-mcp', version: '1.1.0' },
      tools,
      authenticate: async () => ({ userId: 'user-1' }),
    });
  }

  async function call(mcp: ReturnType<typeof server>, args: unknown, id: number): Promise<string> {
    const response = await mcp.fetch(
      new Request('https://api.example.test/mcp-server', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
          authorization: 'Bearer key',
        },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id,
          method: 'tools/call',
          params: { name: 'get_form_schema', arguments: args },
        }),
      }),
    );
    return `${response.status} ${await response.text()}`;
  }

  it('answers every call through a server byte for byte as the zod definition does', async () => {
    // The tools as the server registers them (get_form_schema without zod) and the zod definitions.
    const lazy = server(createFilingTools({ db, appUrl }));
    const eager = server(createEagerFilingTools({ db, appUrl }));
    const answers = new Set<string>();
    for (const [index, args] of ARGUMENTS.entries()) {
      // JSON carries no undefined: those cases are the zod checks' above.
      if (args !== null && typeof args === 'object' && Object.values(args).includes(undefined)) continue;
      const answered = await call(lazy, args, index);
      expect(answered).toBe(await call(eager, args, index));
      answers.add(answered.replace(/"id":\d+/, ''));
    }
    // The table reaches both kinds' answers and several different errors.
    expect([...answers].filter((text) => text.includes('"structuredContent"')).length).toBe(2);
    expect([...answers].filter((text) => text.includes('Invalid arguments')).length).toBeGreaterThan(8);
    expect(await call(lazy, { type: 'partnership' }, 1)).toContain(
      'Invalid arguments: (arguments): Unknown argument \\"type\\": use kind (\\"5472\\" or \\"partnership\\")',
    );
  });
});
