import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createMcpServer, defineTool } from '../src/index.js';
import { json, post, rpc } from './helpers.js';

const tools = [
  defineTool({ name: 'noop', description: 'Does nothing', inputSchema: z.object({}), handler: () => ({}) }),
];
const prompts = [{ name: 'p', get: () => ({ messages: [] }) }];

function listen(server: ReturnType<typeof createMcpServer>, notifications: unknown, id = 'sub-1') {
  return post(
    server,
    rpc(
      'subscriptions/listen',
      {
        notifications,
        _meta: {
          'io.modelcontextprotocol/protocolVersion': '2026-07-28',
          'io.modelcontextprotocol/clientCapabilities': {},
        },
      },
      id,
    ),
    {
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': 'subscriptions/listen',
    },
  );
}

/** Reads SSE frames from an open stream until `count` messages arrived. */
async function read(reader: ReadableStreamDefaultReader<Uint8Array>, count: number): Promise<any[]> {
  const decoder = new TextDecoder();
  let text = '';
  const messages: any[] = [];
  while (messages.length < count) {
    const { value, done } = await reader.read();
    if (done) break;
    text += decoder.decode(value);
    let end = text.indexOf('\n\n');
    while (end !== -1) {
      const frame = text.slice(0, end);
      text = text.slice(end + 2);
      if (frame.startsWith('event: message'))
        messages.push(JSON.parse(frame.slice(frame.indexOf('data: ') + 6)));
      end = text.indexOf('\n\n');
    }
  }
  return messages;
}

describe('subscriptions/listen with listChanged', () => {
  it('acknowledges the honoured filter, then delivers only the asked-for changes, tagged', async () => {
    const server = createMcpServer({
      serverInfo: { name: 's', version: '1' },
      tools,
      prompts,
      listChanged: true,
    });
    const response = await listen(server, { promptsListChanged: true, resourcesListChanged: true });
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    const reader = response.body!.getReader();
    const [ack] = await read(reader, 1);
    expect(ack).toEqual({
      jsonrpc: '2.0',
      method: 'notifications/subscriptions/acknowledged',
      params: {
        notifications: { promptsListChanged: true },
        _meta: { 'io.modelcontextprotocol/subscriptionId': 'sub-1' },
      },
    });
    server.notifyListChanged('tools');
    server.notifyListChanged('prompts');
    const [changed] = await read(reader, 1);
    expect(changed).toEqual({
      jsonrpc: '2.0',
      method: 'notifications/prompts/list_changed',
      params: { _meta: { 'io.modelcontextprotocol/subscriptionId': 'sub-1' } },
    });
    await reader.cancel();
    server.notifyListChanged('prompts');
  });

  it('declares listChanged only when opted in, and refuses to announce what it does not serve', async () => {
    const server = createMcpServer({
      serverInfo: { name: 's', version: '1' },
      tools,
      prompts,
      listChanged: true,
    });
    const init = await post(
      server,
      rpc('initialize', {
        protocolVersion: '2025-11-25',
        capabilities: {},
        clientInfo: { name: 'c', version: '1' },
      }),
    );
    expect((await json(init)).result.capabilities).toMatchObject({
      tools: { listChanged: true },
      prompts: { listChanged: true },
    });
    expect(() => server.notifyListChanged('resources')).toThrow(TypeError);
    const plain = createMcpServer({ serverInfo: { name: 's', version: '1' }, tools });
    expect(() => plain.notifyListChanged('tools')).toThrow(TypeError);
  });

  it('ends at once when nothing asked for is announced, and refuses a missing filter with -32602', async () => {
    const server = createMcpServer({ serverInfo: { name: 's', version: '1' }, tools, listChanged: true });
    const text = await (await listen(server, { promptsListChanged: true })).text();
    expect(text).toContain('"notifications":{}');
    expect(text).toContain('"resultType":"complete"');
    const invalid = await json(await listen(server, undefined));
    expect(invalid.error.code).toBe(-32602);
  });
});
