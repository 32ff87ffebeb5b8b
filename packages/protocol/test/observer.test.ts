import { describe, expect, it } from 'vitest';
import type { McpMessageObserver, McpMessageOutcome, McpMessageStart } from '../src/index.js';
import { auth, callTool, json, makeServer, post, rpc } from './helpers.js';

interface Seen {
  start: Omit<McpMessageStart, 'request'>;
  outcome?: McpMessageOutcome;
  ranInside: boolean;
}

/** An observer that records every start and outcome, and whether the work ran inside `run`. */
function recordingObserver(): { observer: McpMessageObserver; seen: Seen[] } {
  const seen: Seen[] = [];
  const observer: McpMessageObserver = {
    start({ method, id, params }) {
      const entry: Seen = { start: { method, id, params }, ranInside: false };
      seen.push(entry);
      return {
        run: async (work) => {
          entry.ranInside = true;
          return work();
        },
        end: (outcome) => {
          entry.outcome = outcome;
        },
      };
    },
  };
  return { observer, seen };
}

describe('message observer (the tracing and metrics hook)', () => {
  it('reports a successful tools/call with no error, and leaves the answer unchanged', async () => {
    const { observer, seen } = recordingObserver();
    const { server } = makeServer({ observer });
    const { server: plain } = makeServer();
    const body = callTool('get_forecast', { city: 'Oslo' }, 7);
    const observed = await (await post(server, body, auth)).text();
    expect(observed).toBe(await (await post(plain, body, auth)).text());
    expect(seen).toEqual([
      {
        start: { method: 'tools/call', id: 7, params: { name: 'get_forecast', arguments: { city: 'Oslo' } } },
        outcome: {},
        ranInside: true,
      },
    ]);
  });

  it('reports an isError tool result as toolError, a JSON-RPC error with its code and message', async () => {
    const { observer, seen } = recordingObserver();
    const { server } = makeServer({ observer });
    await post(server, callTool('find_filing', { id: 'x' }, 1), auth);
    await post(server, callTool('no_such_tool', {}, 2), auth);
    await post(server, callTool('explode', {}, 3), auth);
    await post(server, rpc('nope/nothing', {}, 4));
    expect(seen.map((entry) => entry.outcome)).toEqual([
      { toolError: true },
      {
        errorCode: -32602,
        errorMessage:
          'Unknown tool: no_such_tool. Valid tools: get_forecast, find_filing, explode, list_things, wrong_output, nested',
      },
      { errorCode: -32603, errorMessage: 'Internal error' },
      { errorCode: -32601, errorMessage: 'Method not found' },
    ]);
  });

  it('reports every message of a request refused with 401, with the challenge status', async () => {
    const { observer, seen } = recordingObserver();
    const { server, calls } = makeServer({ observer });
    const response = await post(server, [
      callTool('get_forecast', { city: 'Oslo' }, 'a'),
      rpc('ping', {}, 'b'),
    ]);
    expect(response.status).toBe(401);
    expect(calls.handled).toEqual([]);
    expect(seen.map((entry) => [entry.start.id, entry.outcome, entry.ranInside])).toEqual([
      ['a', { errorCode: -32001, errorMessage: 'Unauthorized', httpStatus: 401 }, false],
      ['b', { errorCode: -32001, errorMessage: 'Unauthorized', httpStatus: 401 }, false],
    ]);
  });

  it('observes each member of a batch and notifications, and nothing for a request that is no JSON-RPC', async () => {
    const { observer, seen } = recordingObserver();
    const { server } = makeServer({ observer });
    const response = await post(server, [
      rpc('ping', {}, 1),
      { jsonrpc: '2.0', method: 'notifications/initialized' },
    ]);
    expect(await json(response)).toEqual([{ jsonrpc: '2.0', id: 1, result: {} }]);
    expect(seen.map((entry) => [entry.start.method, entry.start.id, entry.outcome])).toEqual([
      ['ping', 1, {}],
      ['notifications/initialized', undefined, {}],
    ]);
    seen.length = 0;
    await post(server, 'not json');
    expect(seen).toEqual([]);
  });
});
