import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  createMcpServer,
  defineTool,
  inputRequired,
  type McpServerOptions,
  type PromptDefinition,
  type ResourceDefinition,
  type ResourceTemplateDefinition,
  toolResult,
} from '../src/index.js';
import { json, post, rpc } from './helpers.js';

const PNG = 'iVBORw0KGgo=';
const resources: ResourceDefinition[] = ['a', 'b', 'c', 'd', 'e'].map((name) => ({
  uri: `test://${name}`,
  name,
  mimeType: 'text/plain',
  read: (uri: string) => ({ uri, mimeType: 'text/plain', text: `content of ${name}` }),
}));
resources.push(
  { uri: 'test://binary', name: 'binary', mimeType: 'image/png', read: (uri) => ({ uri, blob: PNG }) },
  { uri: 'test://empty', name: 'empty', read: () => [] },
  {
    uri: 'test://secret',
    name: 'secret',
    read: (uri, { inputResponses }) =>
      inputResponses?.pin === undefined
        ? inputRequired({
            inputRequests: {
              pin: {
                method: 'elicitation/create',
                params: { message: 'PIN?', requestedSchema: { type: 'object' } },
              },
            },
          })
        : { uri, text: 'opened' },
  },
);
const resourceTemplates: ResourceTemplateDefinition[] = [
  {
    uriTemplate: 'test://items/{id}',
    name: 'item',
    complete: { id: (value) => ['10', '11', '20'].filter((id) => id.startsWith(value)) },
    read: (uri, { id }) => ({ uri, text: `item ${id}` }),
  },
];
const prompts: PromptDefinition[] = [
  {
    name: 'greet',
    description: 'Greets someone',
    arguments: [
      {
        name: 'who',
        required: true,
        complete: (value) => ['Ada', 'Alan', 'Grace'].filter((n) => n.startsWith(value)),
      },
    ],
    get: ({ who }) => ({ messages: [{ role: 'user', content: { type: 'text', text: `Hello ${who}` } }] }),
  },
  {
    name: 'picture',
    get: () => ({
      messages: [
        { role: 'user', content: { type: 'image', data: PNG, mimeType: 'image/png' } },
        { role: 'user', content: { type: 'resource', resource: { uri: 'test://a', text: 'embedded' } } },
      ],
    }),
  },
];

const events: string[] = [];
const tools = [
  defineTool({
    name: 'mixed',
    description: 'Every content kind',
    inputSchema: z.object({}),
    handler: () =>
      toolResult({
        content: [
          { type: 'text', text: 'hi' },
          { type: 'image', data: PNG, mimeType: 'image/png' },
          { type: 'audio', data: 'UklGRg==', mimeType: 'audio/wav' },
          { type: 'resource', resource: { uri: 'test://a', text: 'x' } },
          { type: 'resource_link', uri: 'test://b', name: 'b' },
        ],
      }),
  }),
  defineTool({
    name: 'sum',
    description: 'Structured result checked against outputSchema',
    inputSchema: z.object({ a: z.number(), b: z.number(), lie: z.boolean().default(false) }),
    outputSchema: z.object({ sum: z.number() }),
    handler: ({ a, b, lie }) =>
      toolResult({
        content: [{ type: 'text', text: String(a + b) }],
        structuredContent: lie ? { sum: 'no' } : { sum: a + b },
      }),
  }),
  defineTool({
    name: 'raw_schema',
    description: 'Lists its JSON Schema verbatim',
    inputSchema: z.object({ region: z.string() }),
    inputJsonSchema: {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      $defs: { r: { $anchor: 'r', type: 'string' } },
      properties: { region: { $ref: '#/$defs/r', 'x-mcp-header': 'Region' } },
      required: ['region'],
      additionalProperties: false,
    },
    handler: ({ region }) => ({ region }),
  }),
  defineTool({
    name: 'slow',
    description: 'Reports progress, logs, and stops when cancelled',
    inputSchema: z.object({ steps: z.number().int() }),
    handler: async ({ steps }, { progress, log, signal }) => {
      log('debug', 'starting');
      for (let step = 1; step <= steps; step++) {
        progress(step, steps, `step ${step}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
        if (signal.aborted) {
          events.push('aborted');
          return { done: false };
        }
      }
      log('warning', 'finished');
      return { done: true };
    },
  }),
  defineTool({
    name: 'ask',
    description: 'Asks for a name, then for a confirmation, keeping state between rounds',
    inputSchema: z.object({}),
    handler: (_args, { inputResponses, state }) => {
      const name = (inputResponses?.name as { content?: { name?: string } } | undefined)?.content?.name;
      if (state === undefined && name !== undefined) {
        return inputRequired({
          inputRequests: {
            sure: { method: 'sampling/createMessage', params: { messages: [], maxTokens: 5 } },
          },
          state: { name },
        });
      }
      if (state !== undefined) return { greeting: `Hello ${(state as { name: string }).name}` };
      return inputRequired({
        inputRequests: {
          name: {
            method: 'elicitation/create',
            params: { message: 'Name?', requestedSchema: { type: 'object' } },
          },
        },
      });
    },
  }),
];

function server(overrides: Partial<McpServerOptions> = {}) {
  return createMcpServer({
    serverInfo: { name: 'everything', version: '1.0.0' },
    tools,
    resources,
    resourceTemplates,
    prompts,
    logging: true,
    requireAuth: 'none',
    pageSize: 2,
    requestStateSecret: 'k'.repeat(32),
    ...overrides,
  });
}

const MODERN_META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': { elicitation: {}, sampling: {} },
};

/** A 2026-07-28 request with every header the wire needs. */
function modern(
  mcp: ReturnType<typeof server>,
  method: string,
  params: Record<string, unknown>,
  extra: { headers?: Record<string, string>; meta?: Record<string, unknown> } = {},
) {
  const name = (params.name ?? params.uri) as string | undefined;
  return post(mcp, rpc(method, { ...params, _meta: { ...MODERN_META, ...extra.meta } }, 9), {
    accept: 'application/json',
    'mcp-protocol-version': '2026-07-28',
    'mcp-method': method,
    ...(name === undefined ? {} : { 'mcp-name': name }),
    ...extra.headers,
  });
}

/** The JSON-RPC messages of an SSE body. */
async function frames(response: Response): Promise<any[]> {
  const text = await response.text();
  return text
    .split('\n\n')
    .filter((frame) => frame.startsWith('event: message'))
    .map((frame) => JSON.parse(frame.slice(frame.indexOf('data: ') + 6)));
}

describe('resources', () => {
  it('lists resources page by page with opaque cursors, and refuses a bad cursor with -32602', async () => {
    const mcp = server();
    const uris: string[] = [];
    let cursor: string | undefined;
    for (let pages = 0; pages < 10; pages++) {
      const body = await json(await post(mcp, rpc('resources/list', cursor === undefined ? {} : { cursor })));
      expect(body.result.resources.length).toBeLessThanOrEqual(2);
      uris.push(...body.result.resources.map((resource: { uri: string }) => resource.uri));
      cursor = body.result.nextCursor;
      if (cursor === undefined) break;
    }
    expect(uris).toEqual(resources.map((resource) => resource.uri));
    const bad = await json(await post(mcp, rpc('resources/list', { cursor: 'not-ours' })));
    expect(bad.error.code).toBe(-32602);
    const templates = await json(await post(mcp, rpc('resources/templates/list', {})));
    expect(templates.result).toEqual({
      resourceTemplates: [{ uriTemplate: 'test://items/{id}', name: 'item' }],
    });
  });

  it('reads text, binary and templated resources', async () => {
    const mcp = server();
    expect((await json(await post(mcp, rpc('resources/read', { uri: 'test://a' })))).result).toEqual({
      contents: [{ uri: 'test://a', mimeType: 'text/plain', text: 'content of a' }],
    });
    expect((await json(await post(mcp, rpc('resources/read', { uri: 'test://binary' })))).result).toEqual({
      contents: [{ uri: 'test://binary', blob: PNG }],
    });
    expect(
      (await json(await post(mcp, rpc('resources/read', { uri: 'test://items/a%20b' })))).result,
    ).toEqual({
      contents: [{ uri: 'test://items/a%20b', text: 'item a b' }],
    });
  });

  it('answers an unknown or empty resource with -32602 and data.uri, on both wires, never -32002', async () => {
    const mcp = server();
    for (const uri of ['test://missing', 'test://empty', 'test://items/1/extra']) {
      const legacy = await json(await post(mcp, rpc('resources/read', { uri })));
      expect(legacy.error).toEqual({ code: -32602, message: `Resource not found: ${uri}`, data: { uri } });
      const response = await modern(mcp, 'resources/read', { uri });
      expect(response.status).toBe(200);
      expect((await json(response)).error).toEqual({
        code: -32602,
        message: `Resource not found: ${uri}`,
        data: { uri },
      });
    }
  });

  it('puts caching hints and resultType on 2026 list and read results only', async () => {
    const mcp = server({ cacheHints: { ttlMs: 60_000, cacheScope: 'public' } });
    for (const [method, params] of [
      ['resources/list', {}],
      ['resources/templates/list', {}],
      ['prompts/list', {}],
      ['resources/read', { uri: 'test://a' }],
    ] as const) {
      const body = await json(await modern(mcp, method, params));
      expect(body.result).toMatchObject({ resultType: 'complete', ttlMs: 60_000, cacheScope: 'public' });
      const legacy = await json(await post(mcp, rpc(method, params)));
      expect(legacy.result.ttlMs).toBeUndefined();
    }
  });
});

describe('prompts and completions', () => {
  it('lists prompts without their completers and renders one with arguments', async () => {
    const mcp = server({ pageSize: 10 });
    const list = await json(await post(mcp, rpc('prompts/list', {})));
    expect(list.result.prompts).toEqual([
      { name: 'greet', description: 'Greets someone', arguments: [{ name: 'who', required: true }] },
      { name: 'picture' },
    ]);
    const got = await json(await post(mcp, rpc('prompts/get', { name: 'greet', arguments: { who: 'Ada' } })));
    expect(got.result).toEqual({
      messages: [{ role: 'user', content: { type: 'text', text: 'Hello Ada' } }],
    });
    const picture = await json(await post(mcp, rpc('prompts/get', { name: 'picture' })));
    expect(picture.result.messages.map((message: any) => message.content.type)).toEqual([
      'image',
      'resource',
    ]);
  });

  it('refuses a missing required argument, a non-string argument and an unknown prompt with -32602', async () => {
    const mcp = server();
    for (const params of [
      { name: 'greet' },
      { name: 'greet', arguments: { who: 7 } },
      { name: 'nope' },
      { name: 42 },
    ]) {
      const body = await json(await post(mcp, rpc('prompts/get', params)));
      expect(body.error.code).toBe(-32602);
    }
    expect((await json(await post(mcp, rpc('prompts/get', { name: 'greet' })))).error.message).toContain(
      'who',
    );
  });

  it('completes prompt arguments and template variables', async () => {
    const mcp = server();
    const complete = async (ref: Record<string, string>, argument: { name: string; value: string }) =>
      json(await post(mcp, rpc('completion/complete', { ref, argument })));
    const prompt = await complete({ type: 'ref/prompt', name: 'greet' }, { name: 'who', value: 'A' });
    expect(prompt.result).toEqual({ completion: { values: ['Ada', 'Alan'], total: 2, hasMore: false } });
    const template = await complete(
      { type: 'ref/resource', uri: 'test://items/{id}' },
      { name: 'id', value: '1' },
    );
    expect(template.result.completion.values).toEqual(['10', '11']);
    const unknown = await complete({ type: 'ref/prompt', name: 'nope' }, { name: 'x', value: '' });
    expect(unknown.error.code).toBe(-32602);
  });

  it('declares only the capabilities of what is registered', async () => {
    const initialize = rpc('initialize', {
      protocolVersion: '2025-11-25',
      capabilities: {},
      clientInfo: { name: 't', version: '1' },
    });
    const full = await json(await post(server(), initialize));
    expect(full.result.capabilities).toEqual({
      tools: { listChanged: false },
      resources: {},
      prompts: {},
      completions: {},
      logging: {},
    });
    const bare = createMcpServer({ serverInfo: { name: 'x', version: '1' }, tools, requireAuth: 'none' });
    expect((await json(await post(bare, initialize))).result.capabilities).toEqual({
      tools: { listChanged: false },
    });
    const response = await modern(bare as ReturnType<typeof server>, 'prompts/list', {});
    expect(response.status).toBe(404);
    expect((await json(response)).error.code).toBe(-32601);
  });
});

describe('tool results', () => {
  it('answers every content kind as the handler wrote it', async () => {
    const body = await json(await post(server(), rpc('tools/call', { name: 'mixed', arguments: {} })));
    expect(body.result.content.map((item: { type: string }) => item.type)).toEqual([
      'text',
      'image',
      'audio',
      'resource',
      'resource_link',
    ]);
  });

  it('checks structuredContent against outputSchema: a mismatch is an internal error, not a result', async () => {
    const errors: unknown[] = [];
    const mcp = server({ onError: (error) => errors.push(error) });
    const ok = await json(await post(mcp, rpc('tools/call', { name: 'sum', arguments: { a: 1, b: 2 } })));
    expect(ok.result).toEqual({ content: [{ type: 'text', text: '3' }], structuredContent: { sum: 3 } });
    const bad = await json(
      await post(mcp, rpc('tools/call', { name: 'sum', arguments: { a: 1, b: 2, lie: true } })),
    );
    expect(bad.error).toEqual({ code: -32603, message: 'Internal error' });
    expect(String(errors[0])).toContain('outputSchema');
  });

  it('lists a JSON Schema 2020-12 input schema verbatim', async () => {
    const body = await json(await post(server(), rpc('tools/list')));
    const raw = body.result.tools.find((tool: { name: string }) => tool.name === 'raw_schema');
    expect(raw.inputSchema).toEqual(tools[2]!.inputJsonSchema);
  });
});

describe('Mcp-Param headers (x-mcp-header, 2026 wire)', () => {
  const call = (headers: Record<string, string>, region = 'Hello') =>
    modern(server(), 'tools/call', { name: 'raw_schema', arguments: { region } }, { headers });

  it('accepts the plain and the base64 form of the value', async () => {
    for (const value of ['Hello', '  Hello ', '=?base64?SGVsbG8=?=']) {
      const response = await call({ 'mcp-param-region': value });
      expect(response.status).toBe(200);
      expect((await json(response)).result.structuredContent).toEqual({ region: 'Hello' });
    }
    const utf8 = String.fromCharCode(...new TextEncoder().encode('Zürich'));
    const unicode = await call({ 'mcp-param-region': `=?base64?${btoa(utf8)}?=` }, 'Zürich');
    expect(unicode.status).toBe(200);
  });

  it('refuses a missing, different or malformed header with 400 and -32020, before the tool runs', async () => {
    const cases: Record<string, string>[] = [
      {},
      { 'mcp-param-region': 'Bye' },
      { 'mcp-param-region': '=?base64?SGVsbG8?=' },
      { 'mcp-param-region': '=?base64?SGVs!!!bG8=?=' },
    ];
    for (const headers of cases) {
      const response = await call(headers);
      expect(response.status).toBe(400);
      expect((await json(response)).error.code).toBe(-32020);
    }
  });
});

describe('progress, logging and cancellation on the request stream', () => {
  it('streams progress for a progressToken and every log level on the legacy wire', async () => {
    const response = await post(
      server(),
      rpc('tools/call', { name: 'slow', arguments: { steps: 3 }, _meta: { progressToken: 'p-1' } }),
      { accept: 'application/json, text/event-stream' },
    );
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    const messages = await frames(response);
    expect(messages.map((message) => message.method ?? 'result')).toEqual([
      'notifications/message',
      'notifications/progress',
      'notifications/progress',
      'notifications/progress',
      'notifications/message',
      'result',
    ]);
    expect(messages[1].params).toEqual({ progressToken: 'p-1', progress: 1, total: 3, message: 'step 1' });
    expect(messages[5].result.structuredContent).toEqual({ done: true });
  });

  it('on 2026 logs only at or above _meta logLevel, and nothing without it', async () => {
    const mcp = server();
    const withLevel = await frames(
      await modern(
        mcp,
        'tools/call',
        { name: 'slow', arguments: { steps: 1 } },
        { meta: { 'io.modelcontextprotocol/logLevel': 'info' }, headers: { accept: 'text/event-stream' } },
      ),
    );
    expect(withLevel.filter((m) => m.method === 'notifications/message').map((m) => m.params.data)).toEqual([
      'finished',
    ]);
    const without = await modern(
      mcp,
      'tools/call',
      { name: 'slow', arguments: { steps: 1 } },
      {
        headers: { accept: 'text/event-stream' },
      },
    );
    const messages = await frames(without);
    expect(messages.map((message) => message.method ?? 'result')).toEqual(['result']);
  });

  it('aborts the handler signal when the client closes the stream', async () => {
    events.length = 0;
    const response = await post(
      server(),
      rpc('tools/call', { name: 'slow', arguments: { steps: 50 }, _meta: { progressToken: 1 } }),
      { accept: 'text/event-stream' },
    );
    const reader = response.body!.getReader();
    await reader.read();
    await reader.cancel();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(events).toEqual(['aborted']);
  });
});

describe('input_required (SEP-2322, 2026 wire)', () => {
  it('round-trips elicitation, then sampling with sealed state, then completes', async () => {
    const mcp = server();
    const first = await json(await modern(mcp, 'tools/call', { name: 'ask', arguments: {} }));
    expect(first.result).toMatchObject({
      resultType: 'input_required',
      inputRequests: { name: { method: 'elicitation/create' } },
    });
    expect(first.result.ttlMs).toBeUndefined();
    const second = await json(
      await modern(mcp, 'tools/call', {
        name: 'ask',
        arguments: {},
        inputResponses: { name: { action: 'accept', content: { name: 'Ada' } } },
      }),
    );
    expect(second.result.resultType).toBe('input_required');
    expect(second.result.requestState).toMatch(/^v1\./);
    expect(JSON.stringify(second)).not.toContain('Ada');
    const third = await json(
      await modern(mcp, 'tools/call', {
        name: 'ask',
        arguments: {},
        inputResponses: { sure: { role: 'assistant', content: { type: 'text', text: 'yes' } } },
        requestState: second.result.requestState,
      }),
    );
    expect(third.result).toMatchObject({
      resultType: 'complete',
      structuredContent: { greeting: 'Hello Ada' },
    });
    const tampered = await json(
      await modern(mcp, 'tools/call', {
        name: 'ask',
        arguments: {},
        requestState: `${second.result.requestState.slice(0, -4)}AAAA`,
      }),
    );
    expect(tampered.error.code).toBe(-32602);
  });

  it('answers -32021 with requiredCapabilities (HTTP 400) when the client lacks the capability', async () => {
    const response = await modern(
      server(),
      'tools/call',
      { name: 'ask', arguments: {} },
      {
        meta: { 'io.modelcontextprotocol/clientCapabilities': {} },
      },
    );
    expect(response.status).toBe(400);
    expect((await json(response)).error).toMatchObject({
      code: -32021,
      data: { requiredCapabilities: { elicitation: {} } },
    });
  });

  it('on the legacy wire, a tool that needs input answers an isError result naming the revision', async () => {
    const body = await json(await post(server(), rpc('tools/call', { name: 'ask', arguments: {} })));
    expect(body.result.isError).toBe(true);
    expect(body.result.content[0].text).toContain('2026-07-28');
  });

  it('works for resources too, and a legacy read that needs input is -32600', async () => {
    const mcp = server();
    const first = await json(await modern(mcp, 'resources/read', { uri: 'test://secret' }));
    expect(first.result.resultType).toBe('input_required');
    expect(first.result.ttlMs).toBeUndefined();
    const second = await json(
      await modern(mcp, 'resources/read', {
        uri: 'test://secret',
        inputResponses: { pin: { action: 'accept' } },
      }),
    );
    expect(second.result).toMatchObject({ resultType: 'complete', contents: [{ text: 'opened' }] });
    const legacy = await json(await post(mcp, rpc('resources/read', { uri: 'test://secret' })));
    expect(legacy.error.code).toBe(-32600);
  });

  it('refuses malformed inputResponses with -32602', async () => {
    for (const inputResponses of [12345, null, { name: 'not an object' }]) {
      const body = await json(
        await modern(server(), 'tools/call', { name: 'ask', arguments: {}, inputResponses }),
      );
      expect(body.error.code).toBe(-32602);
    }
  });
});
