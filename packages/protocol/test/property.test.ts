import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GOOD_TOKEN, makeServer } from './helpers.js';

/** Checks one response the way a client would: every rule of the property in one place. */
async function assertWellFormed(response: Response): Promise<void> {
  expect(response.status).toBeLessThan(500);
  const text = await response.text();
  if (response.status === 202) {
    expect(text).toBe('');
    return;
  }
  const contentType = response.headers.get('content-type');
  let messages: unknown[];
  if (contentType === 'text/event-stream') {
    expect(response.status).toBe(200);
    const frames = text.split('\n\n');
    expect(frames.pop()).toBe('');
    messages = frames.map((frame) => {
      const [event, data, ...rest] = frame.split('\n');
      expect(event).toBe('event: message');
      expect(rest).toEqual([]);
      expect(data!.startsWith('data: ')).toBe(true);
      return JSON.parse(data!.slice(6));
    });
  } else {
    expect(contentType).toBe('application/json');
    const body = JSON.parse(text);
    messages = Array.isArray(body) ? body : [body];
    expect(messages.length).toBeGreaterThan(0);
  }
  for (const message of messages) {
    expect(message).toBeTypeOf('object');
    const m = message as Record<string, unknown>;
    expect(m.jsonrpc).toBe('2.0');
    expect(m.id === null || typeof m.id === 'string' || typeof m.id === 'number').toBe(true);
    expect('result' in m !== 'error' in m).toBe(true);
    if ('error' in m) {
      const error = m.error as Record<string, unknown>;
      expect(Number.isInteger(error.code)).toBe(true);
      expect(error.message).toBeTypeOf('string');
    }
  }
  if (response.status >= 400) expect(messages).not.toHaveLength(0);
}

const methods = fc.constantFrom(
  'initialize',
  'ping',
  'tools/list',
  'tools/call',
  'resources/list',
  'prompts/list',
  'notifications/initialized',
  'notifications/cancelled',
  'unknown/method',
);
const ids = fc.oneof(fc.string(), fc.integer(), fc.double(), fc.constant(null), fc.boolean(), fc.object());
const toolNames = fc.constantFrom('get_forecast', 'find_filing', 'explode_not', 'nested', 'no_such');
const rpcShaped = fc.record(
  {
    jsonrpc: fc.oneof(fc.constant('2.0'), fc.constant('1.0'), fc.anything()),
    id: ids,
    method: fc.oneof(methods, fc.anything()),
    params: fc.oneof(
      fc.record(
        {
          name: fc.oneof(toolNames, fc.anything()),
          arguments: fc.oneof(fc.object(), fc.anything()),
          protocolVersion: fc.oneof(fc.constantFrom('2025-06-18', '2024-01-01'), fc.anything()),
        },
        { requiredKeys: [] },
      ),
      fc.anything(),
    ),
  },
  { requiredKeys: [] },
);
const headerSets = fc.record(
  {
    accept: fc.constantFrom('application/json', 'text/event-stream', 'application/json, text/event-stream'),
    authorization: fc.constantFrom(`Bearer ${GOOD_TOKEN}`, 'Bearer nf_bad', 'Basic x'),
  },
  { requiredKeys: [] },
);

function send(server: ReturnType<typeof makeServer>['server'], body: string | Uint8Array, headers: object) {
  return server.fetch(
    new Request('http://localhost/', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body,
    }),
  );
}

describe('property: no input yields a 5xx or a malformed answer', () => {
  // explode is excluded from the tool names above: a handler bug is the one intended -32603 path.
  const { server } = makeServer();

  it('arbitrary bytes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 512 }), headerSets, async (bytes, headers) => {
        await assertWellFormed(await send(server, bytes, headers));
      }),
      { numRuns: 300 },
    );
  });

  it('arbitrary JSON', async () => {
    await fc.assert(
      fc.asyncProperty(fc.jsonValue({ maxDepth: 4 }), headerSets, async (value, headers) => {
        await assertWellFormed(await send(server, JSON.stringify(value), headers));
      }),
      { numRuns: 300 },
    );
  });

  it('arbitrary JSON-RPC-shaped objects, single and batched', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(rpcShaped, fc.array(rpcShaped, { minLength: 0, maxLength: 6 })),
        headerSets,
        async (payload, headers) => {
          // fc.anything() may produce undefined or values JSON cannot hold; send what JSON makes of them.
          const body = JSON.stringify(payload) ?? 'null';
          await assertWellFormed(await send(server, body, headers));
        },
      ),
      { numRuns: 500 },
    );
  });
});
