import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { inspectParams, MAX_PARAMS_DEPTH } from '../src/jsonrpc/client-input.js';
import { plainBodyText } from '../src/jsonrpc/message.js';
import { json, makeServer, post } from './helpers.js';

// Strings of any UTF-16 code units: NULs and lone surrogates included.
const anyText = fc.string({ unit: 'binary', maxLength: 12 });
const params = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    anyText,
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(anyText, tie('value'), { maxKeys: 4 }),
  ),
})).value;

/** `value` nested `levels` arrays deep. */
function nested(levels: number, value: unknown = 1): unknown {
  let inner = value;
  for (let level = 0; level < levels; level++) inner = [inner];
  return inner;
}

describe('plainBodyText: the body text that rules out every params problem', () => {
  it('never passes a body whose params inspectParams refuses (property)', () => {
    fc.assert(
      fc.property(params, (value) => {
        const text = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { value } });
        if (plainBodyText(text)) expect(inspectParams(JSON.parse(text).params)).toBeUndefined();
      }),
      { numRuns: 2000 },
    );
  });

  it('is false for an escaped NUL or surrogate, and for a body long enough to nest too deep', () => {
    expect(plainBodyText('{"params":{"a":"x\\u0000"}}')).toBe(false);
    expect(plainBodyText('{"params":{"a":"\\ud800"}}')).toBe(false);
    const deep = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'm', params: nested(MAX_PARAMS_DEPTH + 1) });
    expect(plainBodyText(deep)).toBe(false);
    expect(inspectParams(JSON.parse(deep).params)).toEqual({ kind: 'depth' });
    expect(plainBodyText('{"jsonrpc":"2.0","id":1,"method":"tools/list"}')).toBe(true);
  });

  it('a short 2026-07-28 request with an escaped NUL in its params is still -32602', async () => {
    const { server } = makeServer();
    const body = JSON.stringify({
      jsonrpc: '2.0',
      id: 7,
      method: 'tools/list',
      params: {
        cursor: 'a\u0000b',
        _meta: {
          'io.modelcontextprotocol/protocolVersion': '2026-07-28',
          'io.modelcontextprotocol/clientCapabilities': {},
        },
      },
    });
    expect(body.length).toBeLessThan(2 * MAX_PARAMS_DEPTH);
    const response = await post(server, body, {
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': 'tools/list',
    });
    expect(await json(response)).toMatchObject({
      id: 7,
      error: { code: -32602, message: 'Invalid params: cursor: must not contain the NUL character (U+0000)' },
    });
  });
});
