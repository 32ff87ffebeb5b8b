import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { defineTool, JsonRpcErrorCode, type RetryableError } from '../src/index.js';
import { auth, callTool, json, makeServer, post, rpcError } from './helpers.js';

class Unavailable extends Error {}

const RETRY: RetryableError = {
  status: 503,
  code: JsonRpcErrorCode.ServiceUnavailable,
  message: 'Service unavailable',
  retryAfterSeconds: 2.5,
};
const retryableError = (error: unknown) => (error instanceof Unavailable ? RETRY : undefined);
const flaky = defineTool({
  name: 'flaky',
  description: 'Its store is down.',
  inputSchema: z.object({}),
  handler: () => {
    throw new Unavailable('down');
  },
});

describe('retryable errors (the database is down, a rate limit is reached)', () => {
  it('a tool failing with one: HTTP status and Retry-After of the answer, JSON-RPC error, not reported', async () => {
    const { server: withFlaky, calls } = makeServer({ retryableError, tools: [flaky] });
    const response = await post(withFlaky, callTool('flaky', {}), auth);
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('3');
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(await json(response)).toEqual(rpcError(1, { code: -32005, message: 'Service unavailable' }));
    expect(calls.errors).toEqual([]);
    // Even when SSE is accepted, an error status is answered in JSON.
    const sse = await post(withFlaky, callTool('flaky', {}), { ...auth, accept: 'text/event-stream' });
    expect(sse.headers.get('content-type')).toBe('application/json');
  });

  it('in a batch only that message gets the error; the batch answers 200', async () => {
    const { server } = makeServer({ retryableError, tools: [flaky] });
    const response = await post(
      server,
      [callTool('flaky', {}, 1), { jsonrpc: '2.0', id: 2, method: 'ping' }],
      auth,
    );
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual([
      { jsonrpc: '2.0', id: 1, error: { code: -32005, message: 'Service unavailable' } },
      { jsonrpc: '2.0', id: 2, result: {} },
    ]);
  });

  it('authenticate failing with one answers its status before any method runs', async () => {
    const { server, calls } = makeServer({
      retryableError,
      authenticate: async () => {
        throw new Unavailable('down');
      },
    });
    const response = await post(server, callTool('get_forecast', { city: 'Oslo' }, 9), auth);
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('3');
    expect(await json(response)).toEqual(rpcError(9, { code: -32005, message: 'Service unavailable' }));
    expect(calls.handled).toEqual([]);
  });

  it('other errors stay -32603 and are reported', async () => {
    const { server, calls } = makeServer({ retryableError });
    const response = await post(server, callTool('explode', {}), auth);
    expect((await json(response)).error).toEqual({ code: -32603, message: 'Internal error' });
    expect(calls.errors).toHaveLength(1);
  });
});
