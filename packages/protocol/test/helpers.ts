import { expect } from 'vitest';
import { z } from 'zod';
import { createMcpServer, defineTool, ToolError } from '../src/index.js';
import type { AuthInfo, McpServerOptions } from '../src/index.js';

export const RESOURCE_METADATA_URL =
  'https://tax.example/api/mcp-server/.well-known/oauth-protected-resource';
export const GOOD_TOKEN = 'nf_' + 'a'.repeat(64);
export const USER: AuthInfo = { userId: 'user-1', credentialPrefix: 'nf_aaaa' };

export const CORS_EXPECTED = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, OPTIONS, DELETE',
  'access-control-allow-headers':
    'authorization, x-client-info, apikey, content-type, mcp-session-id, mcp-protocol-version, last-event-id, mcp-method, mcp-name',
  'access-control-expose-headers': 'mcp-session-id, www-authenticate',
};

/** Records what handlers saw, so tests can show that a refused request ran nothing. */
export interface Calls {
  handled: Array<{ tool: string; args: unknown; userId: string }>;
  authenticated: string[];
  errors: Array<{ error: unknown; where: { method?: string; tool?: string } }>;
}

export function testTools(calls: Calls) {
  return [
    defineTool({
      name: 'get_forecast',
      title: 'Forecast',
      description: 'Forecast for a city.',
      inputSchema: z.object({
        city: z.string().min(1).describe('City name'),
        days: z.number().int().min(1).max(7).default(3),
      }),
      outputSchema: z.object({ city: z.string(), days: z.number() }),
      annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true },
      handler: (args, context) => {
        calls.handled.push({ tool: 'get_forecast', args, userId: context.auth.userId });
        return { city: args.city, days: args.days };
      },
    }),
    defineTool({
      name: 'find_filing',
      description: 'Throws a domain error.',
      inputSchema: z.object({ id: z.string() }),
      handler: (args) => {
        calls.handled.push({ tool: 'find_filing', args, userId: '' });
        throw new ToolError('Filing not found');
      },
    }),
    defineTool({
      name: 'explode',
      description: 'Throws an unexpected error.',
      inputSchema: z.object({}),
      handler: () => {
        throw new Error('secret database password leaked in stack');
      },
    }),
    defineTool({
      name: 'list_things',
      description: 'Returns an array, which is not allowed.',
      inputSchema: z.object({}),
      handler: () => [1, 2, 3] as unknown as Record<string, unknown>,
    }),
    defineTool({
      name: 'wrong_output',
      description: 'Returns a result that breaks its outputSchema.',
      inputSchema: z.object({}),
      outputSchema: z.object({ count: z.number() }),
      handler: () => ({ count: 'many' }),
    }),
    defineTool({
      name: 'nested',
      description: 'Deep arguments.',
      inputSchema: z.object({
        partners: z.array(z.object({ name: z.string(), isForeign: z.boolean() })),
        limit: z.number().int().optional(),
      }),
      handler: (args) => ({ count: args.partners.length }),
    }),
  ];
}

export function makeServer(overrides: Partial<McpServerOptions> = {}) {
  const calls: Calls = { handled: [], authenticated: [], errors: [] };
  const server = createMcpServer({
    serverInfo: { name: 'filing-mcp', version: '1.1.0' },
    instructions: 'Manages US LLC filings. Call get_form_schema first, then create_filing.',
    tools: testTools(calls),
    resourceMetadataUrl: RESOURCE_METADATA_URL,
    authenticate: async (credential) => {
      calls.authenticated.push(credential.slice(0, 3));
      return credential === GOOD_TOKEN ? USER : undefined;
    },
    onError: (error, where) => calls.errors.push({ error, where }),
    ...overrides,
  });
  return { server, calls };
}

export function post(
  server: { fetch(request: Request): Promise<Response> },
  body: unknown,
  headers: Record<string, string> = {},
): Promise<Response> {
  return server.fetch(
    new Request('http://localhost/mcp', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    }),
  );
}

export const auth = { authorization: `Bearer ${GOOD_TOKEN}` };

export function rpc(method: string, params?: unknown, id: string | number = 1) {
  return params === undefined ? { jsonrpc: '2.0', id, method } : { jsonrpc: '2.0', id, method, params };
}

export function callTool(name: string, args?: unknown, id: string | number = 1) {
  return rpc('tools/call', args === undefined ? { name } : { name, arguments: args }, id);
}

/** Asserts the CORS headers every answer carries, exactly {@link CORS_EXPECTED}. */
export function expectCorsHeaders(response: Response): void {
  expect(expectCors(response)).toEqual(CORS_EXPECTED);
}

export function expectCors(response: Response) {
  const actual: Record<string, string | null> = {};
  for (const name of Object.keys(CORS_EXPECTED)) actual[name] = response.headers.get(name);
  return actual;
}

/** The parsed JSON body; `any` because tests probe shapes the types cannot know. */
export async function json(response: Response): Promise<any> {
  return response.json();
}

/** The exact body of a JSON-RPC error answer, for `toEqual`. */
export function rpcError(
  id: string | number | null,
  error: { code: number; message: string; data?: unknown },
) {
  return { jsonrpc: '2.0', id, error };
}
