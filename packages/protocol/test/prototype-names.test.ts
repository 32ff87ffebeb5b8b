import { describe, expect, it } from 'vitest';
import { createMcpServer, type PromptDefinition, type ResourceTemplateDefinition } from '../src/index.js';
import { json, post, rpc } from './helpers.js';

// The completion lookups keyed by a client's string (a template variable, a prompt argument, the
// context's arguments), with every name of Object.prototype: an empty completion, never a crash.
// The socket fuzz of every other lookup is packages/companion/test/prototype-names.test.ts.

const NAMES = [
  ...new Set([...Object.getOwnPropertyNames(Object.prototype), '__proto__', 'constructor', 'prototype']),
];

const seen: Array<Readonly<Record<string, string>>> = [];
const templates: ResourceTemplateDefinition[] = [
  {
    uriTemplate: 'test://items/{id}',
    name: 'item',
    complete: {
      id: (value, context) => {
        seen.push(context.arguments);
        return ['10', '11'].filter((id) => id.startsWith(value));
      },
    },
    read: (uri, { id }) => ({ uri, text: `item ${id}` }),
  },
];
const prompts: PromptDefinition[] = [
  {
    name: 'greet',
    arguments: [
      { name: 'who', required: true, complete: (value) => ['Ada'].filter((n) => n.startsWith(value)) },
    ],
    get: ({ who }) => ({ messages: [{ role: 'user', content: { type: 'text', text: `Hello ${who}` } }] }),
  },
];
const mcp = createMcpServer({
  serverInfo: { name: 'prototype-names', version: '1.0.0' },
  resourceTemplates: templates,
  prompts,
  requireAuth: 'none',
});

describe.each(NAMES)('completion/complete with the prototype name %s', (name) => {
  it('answers an empty completion for it as a variable or an argument', async () => {
    for (const ref of [
      { type: 'ref/resource', uri: 'test://items/{id}' },
      { type: 'ref/prompt', name: 'greet' },
    ]) {
      const response = await post(mcp, rpc('completion/complete', { ref, argument: { name, value: '' } }));
      expect(response.status).toBe(200);
      expect((await json(response)).result).toEqual({ completion: { values: [], total: 0, hasMore: false } });
    }
  });

  it('hands it to the completer as an own argument of the context', async () => {
    seen.length = 0;
    const response = await post(
      mcp,
      rpc('completion/complete', {
        ref: { type: 'ref/resource', uri: 'test://items/{id}' },
        argument: { name: 'id', value: '1' },
        context: { arguments: { [name]: 'chosen' } },
      }),
    );
    expect((await json(response)).result.completion.values).toEqual(['10', '11']);
    expect(Object.hasOwn(seen[0]!, name)).toBe(true);
    expect(seen[0]![name]).toBe('chosen');
  });

  it('refuses it as a prompt with -32602 when a required argument of that name is missing', async () => {
    const response = await post(mcp, rpc('prompts/get', { name: 'greet', arguments: { [name]: 'x' } }));
    expect((await json(response)).error.code).toBe(-32602);
  });
});
