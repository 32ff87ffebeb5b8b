import { createApiKey } from '@filing-mcp/filing-domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CompanionHarness, startCompanionHarness } from './companion-harness.js';

// Every name of Object.prototype (and `__proto__`, `constructor`, `prototype`) sent through each
// lookup a client's string reaches, over the real socket of @filing-mcp/node-http: tool, prompt and
// resource names, JSON-RPC methods, URI template variables, completion arguments, form_data keys
// and field paths, elicitation response keys, OAuth form keys and values, companion paths. A
// lookup on a plain object finds the prototype's member and crashes (HTTP 500 -32603): each must
// answer the specification's error for an unknown name instead.

const NAMES = [
  ...new Set([...Object.getOwnPropertyNames(Object.prototype), '__proto__', 'constructor', 'prototype']),
];

let harness: CompanionHarness;
let key: string;
let nextId = 1;

beforeAll(async () => {
  harness = await startCompanionHarness();
  ({ key } = await createApiKey(harness.db, { userId: harness.userId }));
});

afterAll(async () => {
  await harness?.close();
});

interface Answer {
  status: number;
  body: any;
}

async function answerOf(response: Response): Promise<Answer> {
  const text = await response.text();
  let body: unknown = text;
  // A JSON body, or the one `data:` line of a single-message event stream.
  const data = text.split('\n').find((line) => line.startsWith('data: '));
  try {
    body = JSON.parse(data === undefined ? text : data.slice('data: '.length));
  } catch {
    // An HTML page or an empty body: the status says enough.
  }
  return { status: response.status, body };
}

/** One JSON-RPC request on the 2025 wire (or the 2026 one, with its headers and `_meta`). */
async function rpc(method: string, params: Record<string, unknown>, modern = false): Promise<Answer> {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    authorization: `Bearer ${key}`,
    'mcp-protocol-version': modern ? '2026-07-28' : '2025-06-18',
  };
  let sent = params;
  if (modern) {
    headers['mcp-method'] = method;
    if (typeof params.name === 'string') headers['mcp-name'] = params.name;
    sent = {
      ...params,
      _meta: {
        'io.modelcontextprotocol/protocolVersion': '2026-07-28',
        'io.modelcontextprotocol/clientInfo': { name: 'fuzz', version: '1.0.0' },
        'io.modelcontextprotocol/clientCapabilities': { elicitation: { form: {} } },
      },
    };
  }
  const response = await fetch(harness.baseUrl, {
    method: 'POST',
    headers,
    body: JSON.stringify({ jsonrpc: '2.0', id: nextId++, method, params: sent }),
  });
  return answerOf(response);
}

/** An answer that is no crash: below 500, and no -32603 (a client's input is never an internal error). */
function expectNoCrash(answer: Answer, what: string): void {
  const shown = JSON.stringify(answer.body).slice(0, 300);
  expect(answer.status, `${what}: ${shown}`).toBeLessThan(500);
  expect(answer.body?.error?.code, `${what}: ${shown}`).not.toBe(-32603);
}

function objectWith(name: string, value: unknown): Record<string, unknown> {
  // A computed key: an own property named `__proto__` too, as JSON.parse builds it on the server.
  return { [name]: value };
}

describe.each(NAMES)('the prototype name %s (PGlite only: the lookups by name touch no storage)', (name) => {
  it('as a tool name: 200 and -32602 Unknown tool', async () => {
    for (const modern of [false, true]) {
      const answer = await rpc('tools/call', { name, arguments: {} }, modern);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(answer.body.error.code).toBe(-32602);
      expect(answer.body.error.message).toMatch(/^Unknown tool: /);
    }
  });

  it('as a JSON-RPC method: 200 and -32601 Method not found', async () => {
    const answer = await rpc(name, {});
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.error.code).toBe(-32601);
  });

  it('as a prompt name: 200 and -32602 Unknown prompt', async () => {
    const answer = await rpc('prompts/get', { name, arguments: {} });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.error.code).toBe(-32602);
  });

  it('as a resource URI and a URI template variable: a resource error, never a crash', async () => {
    for (const uri of [
      name,
      `filing://filings/${name}/packet.pdf`,
      `filing://partnership/${name}/packet.pdf`,
    ]) {
      const answer = await rpc('resources/read', { uri });
      expectNoCrash(answer, uri);
      expect(answer.body.error?.code, uri).toBeDefined();
    }
  });

  it('as a completion reference and argument: never a crash', async () => {
    for (const ref of [
      { type: 'ref/prompt', name },
      { type: 'ref/prompt', name: 'prepare_form_5472' },
      { type: 'ref/resource', uri: 'filing://filings/{id}/packet.pdf' },
    ]) {
      const answer = await rpc('completion/complete', {
        ref,
        argument: { name, value: '' },
        context: { arguments: objectWith(name, 'x') },
      });
      expectNoCrash(answer, JSON.stringify(ref));
    }
  });

  it('as tool arguments, form_data keys and field paths: a tool answer, never a crash', async () => {
    const calls: Array<[string, Record<string, unknown>]> = [
      ['get_form_schema', { kind: name }],
      ['get_form_schema', objectWith(name, 1)],
      ['create_filing', { llc_name: 'Prototype LLC', form_data: objectWith(name, 1) }],
      ['create_filing', { llc_name: 'Prototype LLC', form_data: { relatedParties: [objectWith(name, 1)] } }],
      ['update_filing', { id: name, form_data: {} }],
      ['get_filing', { id: name }],
    ];
    for (const [tool, args] of calls) {
      const answer = await rpc('tools/call', { name: tool, arguments: args });
      expect(answer.status, `${tool} ${JSON.stringify(answer.body)}`).toBe(200);
      expectNoCrash(answer, tool);
    }
  });

  it('as a form_data key and in a field path of a real filing: the merge reaches no prototype', async () => {
    // A field path through a prototype's name does not parse (dbb9c3d): the spec's tool error.
    const refusedPath = ['__proto__', 'constructor', 'prototype'].includes(name);
    const forms: Array<[string, Record<string, unknown>, Array<string | number>]> = [
      ['key', objectWith(name, { polluted: 'owned' }), [name, 'polluted']],
      ['nested key', { partVII: objectWith(name, { polluted: 'owned' }) }, ['partVII', name, 'polluted']],
      ['path', objectWith(`${name}.polluted`, 'owned'), [name, 'polluted']],
      ['nested path', objectWith(`partVII.${name}.polluted`, 'owned'), ['partVII', name, 'polluted']],
      // `constructor.prototype.x` is Object.prototype.x when the path walks inherited members.
      ['path through prototype', objectWith(`${name}.prototype.polluted`, 'owned'), []],
      [
        'path in a list item',
        objectWith(`relatedParties[0].${name}.polluted`, 'owned'),
        ['relatedParties', 0, name, 'polluted'],
      ],
    ];
    for (const [what, formData, stored] of forms) {
      const id = await harness.createFiling({
        llcName: 'Merged LLC',
        formData: { llcName: 'Merged LLC', relatedParties: [{ id: 'p1', name: 'Lion Pte Ltd' }] },
      });
      const row = () =>
        harness.db
          .selectFrom('filings')
          .select(['form_data', 'llc_name', 'ein', 'updated_at'])
          .where('id', '=', id)
          .executeTakeFirstOrThrow();
      const before = await row();
      const answer = await rpc('tools/call', {
        name: 'update_filing',
        arguments: { id, form_data: formData },
      });
      const shown = `${what}: ${JSON.stringify(answer.body).slice(0, 400)}`;
      expect(answer.status, shown).toBe(200);
      expectNoCrash(answer, shown);
      expect(({} as { polluted?: unknown }).polluted, shown).toBeUndefined();
      expect(Object.hasOwn(Object, 'polluted'), shown).toBe(false);
      const result = answer.body.result;
      const after = await row();
      if ((refusedPath && what.includes('path')) || what === 'path through prototype') {
        expect(result.isError, shown).toBe(true);
        expect(result.content[0].text, shown).toContain('does not fit the filing as it is now');
        expect(after, shown).toEqual(before);
      } else if (name === '__proto__') {
        // A `__proto__` key names no field: dropped (an object holding only it is left empty).
        expect(result.isError, shown).not.toBe(true);
        expect(JSON.stringify(after.form_data), shown).not.toContain('polluted');
        expect(after.form_data, shown).toMatchObject(before.form_data as object);
      } else {
        // Any other name is a field the form does not know: kept as sent, as an own field, and said.
        expect(result.isError, shown).not.toBe(true);
        let value: any = after.form_data;
        for (const segment of stored) {
          expect(Object.hasOwn(value, segment), `${shown} ${segment}`).toBe(true);
          value = value[segment];
        }
        expect(value, shown).toBe('owned');
        expect(result.structuredContent.unrecognized_fields.join(' '), shown).toContain(name);
      }
      // The fields already there are kept, whatever the answer.
      expect((after.form_data as any).relatedParties[0], shown).toMatchObject({
        id: 'p1',
        name: 'Lion Pte Ltd',
      });
      expect((after.form_data as any).llcName, shown).toBe('Merged LLC');
    }
  });

  it('as an elicitation response key and field: never a crash', async () => {
    const id = await harness.createFiling({ llcName: 'Elicited LLC', formData: {} });
    for (const responseKey of [name, `filing.complete.${name}`]) {
      const answer = await rpc(
        'tools/call',
        {
          name: 'complete_filing',
          arguments: { id },
          inputResponses: objectWith(responseKey, { action: 'accept', content: objectWith(name, 'x') }),
        },
        true,
      );
      expectNoCrash(answer, responseKey);
    }
  });

  it('as OAuth form keys and values: a 4xx OAuth error', async () => {
    for (const body of [
      new URLSearchParams({ grant_type: name }),
      new URLSearchParams([
        [name, 'x'],
        ['grant_type', 'authorization_code'],
      ]),
    ]) {
      const response = await fetch(`${harness.baseUrl}/token`, { method: 'POST', body });
      const answer = await answerOf(response);
      expect(answer.status, JSON.stringify(answer.body)).toBeGreaterThanOrEqual(400);
      expect(answer.status).toBeLessThan(500);
      expect(typeof answer.body.error).toBe('string');
    }
    const registered = await fetch(`${harness.baseUrl}/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ redirect_uris: ['http://127.0.0.1:9/cb'], ...objectWith(name, 'x') }),
    });
    expect((await answerOf(registered)).status).toBeLessThan(500);
  });

  it('as a stored form_data field: the filing pages label it as a word', async () => {
    const id = await harness.createFiling({
      llcName: 'Shown LLC',
      formData: { llcName: 'Shown LLC', ...objectWith(name, 'shown'), ...objectWith(`tax_${name}`, 'shown') },
    });
    for (const path of [`/filings/${id}`, `/filings/${id}/print`]) {
      const response = await fetch(`${harness.appUrl}${path}`);
      const body = await response.text();
      expect(response.status, path).toBe(200);
      // A label read from Object.prototype would print the member's source.
      expect(body, path).not.toContain('[native code]');
      expect(body, path).toContain(`<small>${name}</small>`);
    }
  });

  it('in companion paths and query keys: never a 5xx', async () => {
    for (const path of [`/${name}`, `/filings/${name}`, `/oauth/${name}`, `/oauth/authorize?${name}=x`]) {
      const response = await fetch(`${harness.appUrl}${path}`, { redirect: 'manual' });
      expect(response.status, path).toBeLessThan(500);
      await response.arrayBuffer();
    }
  });
});
