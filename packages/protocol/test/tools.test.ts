import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createMcpServer, ToolError } from '../src/index.js';
import { type FixedResponseParts, fixedResponseHook } from '../src/transport.js';
import { auth, callTool, json, makeServer, post, rpc, rpcError, USER } from './helpers.js';

describe('tools/list', () => {
  it('lists every tool with JSON Schema of type object, no zod artefacts, annotations kept', async () => {
    const { server } = makeServer();
    const response = await post(server, rpc('tools/list'));
    expect(response.status).toBe(200);
    const { result } = await json(response);
    expect(result.tools.map((t: { name: string }) => t.name)).toEqual([
      'get_forecast',
      'find_filing',
      'explode',
      'list_things',
      'wrong_output',
      'nested',
    ]);
    expect(result.tools[0]).toEqual({
      name: 'get_forecast',
      title: 'Forecast',
      description: 'Forecast for a city.',
      inputSchema: {
        type: 'object',
        properties: {
          city: { type: 'string', minLength: 1, description: 'City name' },
          days: { type: 'integer', minimum: 1, maximum: 7, default: 3 },
        },
        required: ['city'],
      },
      outputSchema: {
        type: 'object',
        properties: { city: { type: 'string' }, days: { type: 'number' } },
        required: ['city', 'days'],
        additionalProperties: false,
      },
      annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true },
    });
    for (const tool of result.tools) {
      expect(tool.inputSchema.type).toBe('object');
      expect(JSON.stringify(tool)).not.toContain('$schema');
      expect(JSON.stringify(tool)).not.toContain('~standard');
    }
  });

  it('needs no credential and ignores a cursor', async () => {
    const { server, calls } = makeServer();
    const response = await post(server, rpc('tools/list', { cursor: 'x' }));
    expect(response.status).toBe(200);
    expect(calls.authenticated).toEqual([]);
  });
});

describe('tools/call', () => {
  it('a handler result becomes structuredContent and one text item holding the same JSON', async () => {
    const { server, calls } = makeServer();
    const response = await post(server, callTool('get_forecast', { city: 'Oslo', days: 2 }), auth);
    expect(response.status).toBe(200);
    const body = await json(response);
    expect(body).toEqual({
      jsonrpc: '2.0',
      id: 1,
      result: {
        content: [{ type: 'text', text: '{"city":"Oslo","days":2}' }],
        structuredContent: { city: 'Oslo', days: 2 },
      },
    });
    expect(calls.handled).toEqual([
      { tool: 'get_forecast', args: { city: 'Oslo', days: 2 }, userId: 'user-1' },
    ]);
  });

  it('missing arguments default to {} (and zod defaults apply)', async () => {
    const { server } = makeServer();
    const response = await post(server, callTool('nested', undefined), auth);
    const body = await json(response);
    expect(body.result.isError).toBe(true);
    expect(body.result.content[0].text).toBe(
      'Invalid arguments: partners: Invalid input: expected array, received undefined',
    );
  });

  it('a validation failure is an isError result naming every failing field', async () => {
    const { server, calls } = makeServer();
    const response = await post(
      server,
      callTool('nested', { partners: [{ name: 5, isForeign: true }, { name: 'B' }], limit: 1.5 }),
      auth,
    );
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual({
      jsonrpc: '2.0',
      id: 1,
      result: {
        isError: true,
        content: [
          {
            type: 'text',
            text:
              'Invalid arguments: partners.0.name: Invalid input: expected string, received number; ' +
              'partners.1.isForeign: Invalid input: expected boolean, received undefined; ' +
              'limit: Invalid input: expected int, received number',
          },
        ],
      },
    });
    expect(calls.handled).toEqual([]);
  });

  it('a ToolError becomes an isError result with its message, without structuredContent', async () => {
    const { server, calls } = makeServer();
    const response = await post(server, callTool('find_filing', { id: 'x' }), auth);
    expect(await json(response)).toEqual({
      jsonrpc: '2.0',
      id: 1,
      result: { isError: true, content: [{ type: 'text', text: 'Filing not found' }] },
    });
    expect(calls.errors).toEqual([]);
  });

  it('any other throw is -32603 Internal error, with no message or stack leaked, and onError called', async () => {
    const { server, calls } = makeServer();
    const response = await post(server, callTool('explode', {}), auth);
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual(rpcError(1, { code: -32603, message: 'Internal error' }));
    expect(text).not.toContain('secret');
    expect(calls.errors).toHaveLength(1);
    expect(calls.errors[0]!.where).toEqual({ method: 'tools/call', tool: 'explode' });
    expect((calls.errors[0]!.error as Error).message).toContain('secret database password');
  });

  it('a handler returning a non-object is an internal error', async () => {
    const { server, calls } = makeServer();
    const response = await post(server, callTool('list_things', {}), auth);
    expect((await json(response)).error).toEqual({ code: -32603, message: 'Internal error' });
    expect(String(calls.errors[0]!.error)).toContain('returned an array, not a plain object');
  });

  it('a handler result that breaks its outputSchema is an internal error', async () => {
    const { server, calls } = makeServer();
    const response = await post(server, callTool('wrong_output', {}), auth);
    expect((await json(response)).error).toEqual({ code: -32603, message: 'Internal error' });
    expect(String(calls.errors[0]!.error)).toContain('does not match its outputSchema');
  });

  it('a frozen static result is answered identically on every call, and a frozen result that breaks its outputSchema fails every time', async () => {
    const descriptor = Object.freeze({ kind: 'demo', fields: Object.freeze({ a: 'first field' }) });
    const broken = Object.freeze({ kind: 42 });
    let handled = 0;
    const { server, calls } = makeServer({
      tools: [
        {
          name: 'static_descriptor',
          description: 'Answers the same frozen object every time.',
          inputSchema: z.object({ broken: z.boolean().default(false) }),
          outputSchema: z.object({ kind: z.string(), fields: z.record(z.string(), z.string()) }),
          handler: (args) => {
            handled += 1;
            return args.broken ? broken : descriptor;
          },
        },
      ],
    });
    const first = await json(await post(server, callTool('static_descriptor', {}), auth));
    const second = await json(await post(server, callTool('static_descriptor', {}), auth));
    expect(handled).toBe(2);
    expect(first.result).toEqual({
      content: [{ type: 'text', text: JSON.stringify(descriptor) }],
      structuredContent: { kind: 'demo', fields: { a: 'first field' } },
    });
    expect(second).toEqual(first);
    for (let attempt = 0; attempt < 2; attempt++) {
      const failed = await json(await post(server, callTool('static_descriptor', { broken: true }), auth));
      expect(failed.error).toEqual({ code: -32603, message: 'Internal error' });
    }
    expect(calls.errors).toHaveLength(2);
  });

  it('a frozen result is encoded once per wire: later answers share its bytes, as a bridge sees them', async () => {
    const descriptor = Object.freeze({ kind: 'demo', note: 'the same every time' });
    const { server } = makeServer({
      tools: [
        {
          name: 'static_descriptor',
          description: 'Answers the same frozen object every time.',
          inputSchema: z.object({}),
          outputSchema: z.object({ kind: z.string(), note: z.string() }),
          handler: () => descriptor,
        },
      ],
    });
    const meta = {
      'io.modelcontextprotocol/protocolVersion': '2026-07-28',
      'io.modelcontextprotocol/clientCapabilities': {},
    };
    const wires = [
      { body: (id: number) => callTool('static_descriptor', {}, id), headers: auth },
      {
        body: (id: number) =>
          rpc('tools/call', { name: 'static_descriptor', arguments: {}, _meta: meta }, id),
        headers: {
          ...auth,
          'mcp-protocol-version': '2026-07-28',
          'mcp-method': 'tools/call',
          'mcp-name': 'static_descriptor',
        },
      },
    ];
    for (const wire of wires) {
      // What a socket bridge receives through fixedResponseHook.
      const parts: FixedResponseParts[] = [];
      for (const id of [1, 2, 3]) {
        const request = new Request('http://localhost/mcp', {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...wire.headers },
          body: JSON.stringify(wire.body(id)),
        });
        Object.defineProperty(request, fixedResponseHook, {
          value: (answer: FixedResponseParts) => {
            parts.push(answer);
            return new Response(answer.body, { status: answer.status, headers: answer.headers });
          },
        });
        expect((await server.fetch(request)).status).toBe(200);
      }
      expect(parts[1]!.bodyChunks?.[1]).toBe(parts[0]!.bodyChunks![1]);
      expect(parts[2]!.bodyChunks?.[1]).toBe(parts[0]!.bodyChunks![1]);
      // Byte for byte what a plain request reads.
      const plain = await (await post(server, wire.body(3), wire.headers)).text();
      expect(new TextDecoder().decode(parts[2]!.body!)).toBe(plain);
      expect(JSON.parse(plain).result.structuredContent).toEqual(descriptor);
    }
  });

  it('unknown tool is -32602 (HTTP 200)', async () => {
    const { server } = makeServer();
    const response = await post(server, callTool('no_such_tool', {}), auth);
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual(
      rpcError(1, {
        code: -32602,
        message:
          'Unknown tool: no_such_tool. Valid tools: get_forecast, find_filing, explode, list_things, wrong_output, nested',
      }),
    );
  });

  it.each([
    ['params missing', undefined, 'Invalid params: expected an object with name'],
    ['params an array', ['get_forecast'], 'Invalid params: expected an object with name'],
    ['name missing', { arguments: {} }, 'Invalid params: name must be a string'],
    ['name not a string', { name: 3 }, 'Invalid params: name must be a string'],
    [
      'arguments an array',
      { name: 'get_forecast', arguments: [1] },
      'Invalid params: arguments must be an object',
    ],
    [
      'arguments a string',
      { name: 'get_forecast', arguments: 'city=Oslo' },
      'Invalid params: arguments must be an object',
    ],
  ])('%s: -32602', async (_name, params, message) => {
    const { server, calls } = makeServer();
    const response = await post(server, rpc('tools/call', params), auth);
    expect(response.status).toBe(200);
    expect((await json(response)).error).toEqual({ code: -32602, message });
    expect(calls.handled).toEqual([]);
  });

  it('the handler receives auth, the request, a signal and a waitUntil that reaches the adapter, each usable destructured', async () => {
    const seen: unknown[] = [];
    const waited: Promise<unknown>[] = [];
    const server = createMcpServer({
      serverInfo: { name: 's', version: '1' },
      tools: [
        {
          name: 'probe',
          description: 'Reports its context.',
          inputSchema: z.object({}),
          handler: (_args, { auth, request, signal, waitUntil, progress, log, clientCapabilities }) => {
            seen.push(auth, request.headers.get('x-test'), signal instanceof AbortSignal, signal.aborted);
            waitUntil(Promise.resolve('later'));
            progress(1, 2);
            log('info', 'not streamed, so dropped');
            seen.push(clientCapabilities);
            return { ok: true };
          },
        },
      ],
      authenticate: async () => USER,
    });
    const response = await server.fetch(
      new Request('http://localhost/', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-test': 'yes', authorization: 'Bearer t' },
        body: JSON.stringify(callTool('probe', {})),
      }),
      { waitUntil: (promise: Promise<unknown>) => waited.push(promise) },
    );
    expect((await json(response)).result.structuredContent).toEqual({ ok: true });
    expect(seen).toEqual([USER, 'yes', true, false, {}]);
    expect(await Promise.all(waited)).toEqual(['later']);
  });

  it('a rejected waitUntil promise without an adapter hook goes to onError', async () => {
    const errors: unknown[] = [];
    const server = createMcpServer({
      serverInfo: { name: 's', version: '1' },
      tools: [
        {
          name: 'background',
          description: 'Starts failing background work.',
          inputSchema: z.object({}),
          handler: (_args, context) => {
            context.waitUntil(Promise.reject(new Error('background failed')));
            return { ok: true };
          },
        },
      ],
      authenticate: async () => USER,
      onError: (error) => errors.push(error),
    });
    const response = await post(server, callTool('background', {}), { authorization: 'Bearer t' });
    expect(response.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(errors.map(String)).toEqual(['Error: background failed']);
  });

  it('a ToolError from another copy of the package is still recognised by its code', async () => {
    const server = createMcpServer({
      serverInfo: { name: 's', version: '1' },
      tools: [
        {
          name: 'foreign',
          description: 'Throws a look-alike.',
          inputSchema: z.object({}),
          handler: () => {
            throw Object.assign(new Error('Filing not found'), { name: 'ToolError', code: 'tool_error' });
          },
        },
      ],
      authenticate: async () => USER,
    });
    const response = await post(server, callTool('foreign', {}), { authorization: 'Bearer t' });
    expect((await json(response)).result).toEqual({
      isError: true,
      content: [{ type: 'text', text: 'Filing not found' }],
    });
  });
});

describe('construction', () => {
  const base = { serverInfo: { name: 's', version: '1' } };
  const tool = { name: 't', description: 'd', inputSchema: z.object({}), handler: () => ({}) };

  it('refuses duplicate, malformed or undocumented tools and non-object schemas', () => {
    expect(() => createMcpServer({ ...base, tools: [tool, tool] })).toThrow('Tool t is defined twice');
    expect(() => createMcpServer({ ...base, tools: [{ ...tool, name: 'has space' }] })).toThrow(/must match/);
    expect(() => createMcpServer({ ...base, tools: [{ ...tool, description: ' ' }] })).toThrow(
      'Tool t needs a non-empty description',
    );
    expect(() =>
      createMcpServer({
        ...base,
        tools: [{ ...tool, inputSchema: z.string() as unknown as z.ZodObject<{}> }],
      }),
    ).toThrow('inputSchema of tool t must be a z.object()');
  });

  it('refuses a resourceMetadataUrl that is not an absolute URL or would break the challenge', () => {
    for (const url of ['/relative', 'https://x.example/a"b', 'https://x.example/a\\b']) {
      expect(() => createMcpServer({ ...base, tools: [tool], resourceMetadataUrl: url })).toThrow(
        'resourceMetadataUrl must be an absolute URL',
      );
    }
  });

  it('ToolError is an Error with name and code', () => {
    const error = new ToolError('Filing not found', { cause: 'x' });
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('ToolError');
    expect(error.code).toBe('tool_error');
    expect(error.cause).toBe('x');
  });
});
