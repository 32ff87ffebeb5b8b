import { describe, expect, it } from 'vitest';
import { MAX_PARAMS_DEPTH } from '../src/index.js';
import { auth, callTool, json, makeServer, post, rpcError } from './helpers.js';

/** `{"a":{"a":...}}` nested `depth` objects deep, built as text (no recursion anywhere). */
function nestedText(depth: number): string {
  return '{"a":'.repeat(depth - 1) + '{}' + '}'.repeat(depth - 1);
}

describe('client input at the boundary (one module: client-input.ts)', () => {
  it('an id that does not survive a JSON round trip (1e999) is -32600 with id null, HTTP 400', async () => {
    const { server, calls } = makeServer();
    const response = await post(server, '{"jsonrpc":"2.0","id":1e999,"method":"ping"}');
    expect(response.status).toBe(400);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual(
      rpcError(null, { code: -32600, message: 'Invalid Request: id must be a string or a finite number' }),
    );
    expect(calls.handled).toEqual([]);
  });

  it('in a batch, only the message with the bad id is refused', async () => {
    const { server } = makeServer();
    const response = await post(
      server,
      '[{"jsonrpc":"2.0","id":-1e999,"method":"ping"},{"jsonrpc":"2.0","id":2,"method":"ping"}]',
    );
    expect(response.status).toBe(200);
    const body = JSON.parse(await response.text());
    expect(body).toEqual([
      rpcError(null, { code: -32600, message: 'Invalid Request: id must be a string or a finite number' }),
      { jsonrpc: '2.0', id: 2, result: {} },
    ]);
  });

  it(`params nested deeper than ${MAX_PARAMS_DEPTH} levels are -32602, without calling the tool`, async () => {
    const { server, calls } = makeServer();
    const deep = nestedText(5000);
    const response = await post(
      server,
      `{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"nested","arguments":{"partners":${deep}}}}`,
      auth,
    );
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual(
      rpcError(3, { code: -32602, message: `Invalid params: nested deeper than ${MAX_PARAMS_DEPTH} levels` }),
    );
    expect(calls.handled).toEqual([]);
    expect(calls.errors).toEqual([]);
  });

  it(`params exactly ${MAX_PARAMS_DEPTH} levels deep are accepted`, async () => {
    const { server } = makeServer();
    // params (1) > arguments (2) > partners... : MAX_PARAMS_DEPTH objects in all.
    const inner = nestedText(MAX_PARAMS_DEPTH - 2);
    const response = await post(
      server,
      `{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"get_forecast","arguments":{"city":"Oslo","x":${inner}}}}`,
      auth,
    );
    expect((await json(response)).result.structuredContent).toEqual({ city: 'Oslo', days: 3 });

    const tooDeep = nestedText(MAX_PARAMS_DEPTH - 1);
    const refused = await post(
      server,
      `{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"get_forecast","arguments":{"city":"Oslo","x":${tooDeep}}}}`,
      auth,
    );
    expect((await json(refused)).error.code).toBe(-32602);
  });

  it('a NUL in a tool argument is a tool error naming the field; the tool does not run', async () => {
    const { server, calls } = makeServer();
    const response = await post(server, callTool('get_forecast', { city: 'Os\u0000lo' }), auth);
    expect(await json(response)).toEqual({
      jsonrpc: '2.0',
      id: 1,
      result: {
        content: [
          { type: 'text', text: 'Invalid arguments: city: must not contain the NUL character (U+0000)' },
        ],
        isError: true,
      },
    });
    expect(calls.handled).toEqual([]);
  });

  it('an unpaired surrogate deep in the arguments is named by its path; a paired one is fine', async () => {
    const { server, calls } = makeServer();
    // The raw escape: JSON.stringify would keep the lone surrogate, but spell it out to be sure.
    const body = `{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"nested","arguments":{"partners":[{"name":"ok","isForeign":true},{"name":"x\\ud800","isForeign":false}]}}}`;
    const response = await post(server, body, auth);
    expect((await json(response)).result).toEqual({
      content: [
        {
          type: 'text',
          text: 'Invalid arguments: partners.1.name: must not contain an unpaired UTF-16 surrogate',
        },
      ],
      isError: true,
    });
    for (const lone of ['\\udc00x', 'x\\ud800', '\\udfff\\ud800']) {
      const answer = await json(await post(server, body.replace('x\\ud800', lone), auth));
      expect(answer.result.isError).toBe(true);
    }
    const paired = await post(server, callTool('get_forecast', { city: 'Oslo \ud83d\ude00' }), auth);
    expect((await json(paired)).result.structuredContent).toEqual({ city: 'Oslo \ud83d\ude00', days: 3 });
    expect(calls.handled).toHaveLength(1);
  });

  it('a NUL in an argument name is refused too', async () => {
    const { server } = makeServer();
    const response = await post(server, callTool('get_forecast', { city: 'Oslo', 'bad\u0000key': 1 }), auth);
    expect((await json(response)).result.isError).toBe(true);
  });

  it('a NUL or lone surrogate in other params is -32602 naming the field', async () => {
    const { server } = makeServer();
    const response = await post(
      server,
      '{"jsonrpc":"2.0","id":6,"method":"initialize","params":{"protocolVersion":"2025-06-18","clientInfo":{"name":"a\\u0000b"}}}',
    );
    expect(await json(response)).toEqual(
      rpcError(6, {
        code: -32602,
        message: 'Invalid params: clientInfo.name: must not contain the NUL character (U+0000)',
      }),
    );
    const name = await post(
      server,
      '{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"\\udc00"}}',
      auth,
    );
    expect((await json(name)).error).toEqual({
      code: -32602,
      message: 'Invalid params: name: must not contain an unpaired UTF-16 surrogate',
    });
  });

  it('a notification with bad params gets no answer (202), as any notification', async () => {
    const { server } = makeServer();
    const response = await post(
      server,
      '{"jsonrpc":"2.0","method":"notifications/initialized","params":{"x":"a\\u0000"}}',
    );
    expect(response.status).toBe(202);
  });
});
