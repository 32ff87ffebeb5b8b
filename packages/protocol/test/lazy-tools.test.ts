import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { createMcpServer, defineTool, type ToolDefinition } from '../src/index.js';
import { buildToolValidators, toolJsonSchemas } from '../src/internal.js';
import { auth, callTool, GOOD_TOKEN, json, makeServer, post, rpc, testTools, USER } from './helpers.js';

/** The test tools with their schemas built on first use and their JSON Schemas given up front. */
function lazyTools(built: string[]): ToolDefinition<any, any>[] {
  const calls = { handled: [], authenticated: [], errors: [] };
  return testTools(calls).map((tool) => {
    const { inputSchema, outputSchema } = tool as ToolDefinition<any, any>;
    return {
      ...tool,
      ...toolJsonSchemas(tool),
      inputSchema: async () => {
        built.push(`${tool.name}.input`);
        return inputSchema;
      },
      ...(outputSchema !== undefined && {
        outputSchema: () => {
          built.push(`${tool.name}.output`);
          return outputSchema as z.ZodObject<any>;
        },
      }),
    };
  });
}

function lazyServer(built: string[]) {
  return createMcpServer({
    serverInfo: { name: 'filing-mcp', version: '1.1.0' },
    instructions: 'Manages US LLC filings. Call get_form_schema first, then create_filing.',
    tools: lazyTools(built),
    authenticate: async (credential) => (credential === GOOD_TOKEN ? USER : undefined),
  });
}

describe('lazy tool schemas', () => {
  it('list the same bytes as eager zod schemas, building no schema', async () => {
    const built: string[] = [];
    const eager = await (await post(makeServer().server, rpc('tools/list'))).text();
    const lazy = await (await post(lazyServer(built), rpc('tools/list'))).text();
    expect(lazy).toBe(eager);
    expect(built).toEqual([]);
  });

  it('build a tool’s schemas on its first call only, and validate with the same errors', async () => {
    const built: string[] = [];
    const lazy = lazyServer(built);
    const { server: eager } = makeServer();
    for (const args of [{ city: '' }, { city: 'Oslo', days: 9 }, { city: 'Oslo', days: 2 }]) {
      const lazyAnswer = await (await post(lazy, callTool('get_forecast', args), auth)).text();
      const eagerAnswer = await (await post(eager, callTool('get_forecast', args), auth)).text();
      expect(lazyAnswer).toBe(eagerAnswer);
    }
    expect(built).toEqual(['get_forecast.input', 'get_forecast.output']);
    const wrong = await json(await post(lazy, callTool('wrong_output', {}), auth));
    expect(wrong.error.code).toBe(-32603);
    expect(built).toEqual([
      'get_forecast.input',
      'get_forecast.output',
      'wrong_output.input',
      'wrong_output.output',
    ]);
  });

  it('a schema that fails to build answers an internal error and is built again on the next call', async () => {
    let attempts = 0;
    const errors: unknown[] = [];
    const server = createMcpServer({
      serverInfo: { name: 't', version: '1' },
      tools: [
        defineTool({
          name: 'flaky',
          description: 'Its schema fails to build once.',
          inputSchema: () => {
            attempts += 1;
            if (attempts === 1) throw new Error('module failed to load');
            return z.object({ n: z.number() });
          },
          inputJsonSchema: { type: 'object', properties: { n: { type: 'number' } }, required: ['n'] },
          handler: (args) => ({ n: args.n }),
        }),
      ],
      authenticate: async () => USER,
      onError: (error) => errors.push(error),
    });
    const first = await json(await post(server, callTool('flaky', { n: 1 }), auth));
    expect(first.error).toEqual({ code: -32603, message: 'Internal error' });
    expect(errors).toHaveLength(1);
    const second = await json(await post(server, callTool('flaky', { n: 1 }), auth));
    expect(second.result.structuredContent).toEqual({ n: 1 });
  });

  it('a lazy schema without its JSON Schema is refused when the server is built', () => {
    expect(() =>
      createMcpServer({
        serverInfo: { name: 't', version: '1' },
        tools: [{ name: 'x', description: 'x', inputSchema: () => z.object({}), handler: () => ({}) }],
      }),
    ).toThrow('Tool x builds its inputSchema lazily, so it needs inputJsonSchema');
  });

  it('buildToolValidators builds every validator and fails on a definition error', async () => {
    const built: string[] = [];
    await buildToolValidators(lazyTools(built));
    expect(built).toContain('nested.input');
    expect(built).toContain('wrong_output.output');
    await expect(
      buildToolValidators([
        {
          name: 'bad',
          description: 'Its schema is no zod object.',
          inputSchema: () => ({ type: 'object' }) as unknown as z.ZodObject<any>,
          inputJsonSchema: { type: 'object' },
          handler: () => ({}),
        },
      ]),
    ).rejects.toThrow('inputSchema of tool bad must be a zod object schema');
  });
});
