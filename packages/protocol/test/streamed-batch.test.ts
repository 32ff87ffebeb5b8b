import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineTool } from '../src/index.js';
import { BATCH_IN_FLIGHT } from '../src/http/streamed-batch.js';
import { auth, callTool, makeServer, post, rpc } from './helpers.js';

/** A tool that takes a few turns of the event loop and counts how many of it run at once. */
function slowTool() {
  const load = { now: 0, peak: 0, started: 0 };
  const tool = defineTool({
    name: 'slow_echo',
    description: 'Echoes after a pause.',
    inputSchema: z.object({ n: z.number() }),
    handler: async (args) => {
      load.started++;
      load.now++;
      load.peak = Math.max(load.peak, load.now);
      await new Promise((resolve) => setTimeout(resolve, 2 + (args.n % 3)));
      load.now--;
      return { content: [{ type: 'text' as const, text: 'x'.repeat(1000) + String(args.n) }] };
    },
  });
  return { tool, load };
}

const batchOf = (count: number) => [
  ...Array.from({ length: count }, (_, index) => callTool('slow_echo', { n: index }, index + 1)),
  { jsonrpc: '2.0', method: 'notifications/initialized' },
  7,
];

describe('a batch larger than BATCH_IN_FLIGHT is streamed, a few members at a time', () => {
  it.each([
    { accept: 'application/json', contentType: 'application/json' },
    { accept: 'application/json, text/event-stream', contentType: 'text/event-stream' },
  ])(
    'answers every request in order ($contentType), with at most BATCH_IN_FLIGHT running at once',
    async ({ accept, contentType }) => {
      const { tool, load } = slowTool();
      const { server } = makeServer({ tools: [tool] });
      const response = await post(server, batchOf(40), { ...auth, accept });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe(contentType);
      expect(response.headers.get('cache-control')).toContain('no-store');
      const text = await response.text();
      const messages =
        contentType === 'application/json'
          ? JSON.parse(text)
          : text
              .split('\n\n')
              .filter((frame) => frame !== '')
              .map((frame) => {
                expect(frame.startsWith('event: message\ndata: ')).toBe(true);
                return JSON.parse(frame.slice('event: message\ndata: '.length));
              });
      // 40 answers in the batch's order, then the invalid member's -32600; none for the notification.
      expect(messages).toHaveLength(41);
      expect(messages.slice(0, 40).map((message: { id: number }) => message.id)).toEqual(
        Array.from({ length: 40 }, (_, index) => index + 1),
      );
      expect(messages[17].result.content[0].text).toContain('x17');
      expect(messages[40]).toEqual({
        jsonrpc: '2.0',
        id: null,
        error: { code: -32600, message: 'Invalid Request: expected a JSON-RPC object' },
      });
      expect(load.started).toBe(40);
      expect(load.peak).toBeGreaterThan(1);
      expect(load.peak).toBeLessThanOrEqual(BATCH_IN_FLIGHT);
    },
  );

  it('runs no more than BATCH_IN_FLIGHT ahead of what the client has read', async () => {
    const { tool, load } = slowTool();
    const { server } = makeServer({ tools: [tool] });
    const response = await post(server, batchOf(40), auth);
    const reader = response.body!.getReader();
    await reader.read();
    await new Promise((resolve) => setTimeout(resolve, 50));
    // One answer read: the members after the window have not started.
    expect(load.started).toBeLessThanOrEqual(1 + BATCH_IN_FLIGHT + 1);
    await reader.cancel();
  });

  it('a small batch is answered as before', async () => {
    const { server } = makeServer();
    const batch = Array.from({ length: BATCH_IN_FLIGHT }, (_, index) => rpc('ping', undefined, index));
    const response = await post(server, batch);
    const answers = (await response.json()) as Array<{ id: number }>;
    expect(answers.map((message) => message.id)).toEqual(batch.map((message) => message.id));
  });
});
