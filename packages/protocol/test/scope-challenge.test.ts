import { describe, expect, it } from 'vitest';
import { callTool, GOOD_TOKEN, makeServer, post, RESOURCE_METADATA_URL, rpc, rpcError } from './helpers.js';

const bearer = { authorization: `Bearer ${GOOD_TOKEN}` };

describe('authorizeToolCall: the 403 insufficient_scope challenge (SEP-2350)', () => {
  // get_forecast needs "weather:read"; every other tool is allowed.
  const { server, calls } = makeServer({
    authorizeToolCall: (name) => (name === 'get_forecast' ? ['held', 'weather:read'] : undefined),
  });

  it('a refused call answers 403 with one challenge, runs nothing, and an allowed call runs', async () => {
    const before = calls.handled.length;
    const refused = await post(server, callTool('get_forecast', { city: 'Oslo' }, 7), bearer);
    expect(refused.status).toBe(403);
    expect(refused.headers.get('www-authenticate')).toBe(
      `Bearer error="insufficient_scope", scope="held weather:read", resource_metadata="${RESOURCE_METADATA_URL}", error_description="this call needs a broader scope"`,
    );
    expect(await refused.json()).toEqual(
      rpcError(7, { code: -32003, message: 'Forbidden: insufficient scope (needs held weather:read)' }),
    );
    expect(calls.handled.length).toBe(before);
    expect((await post(server, callTool('list_things', {}), bearer)).status).toBe(200);
  });

  it('unknown tools and other methods are not scope-checked', async () => {
    expect((await post(server, callTool('no_such_tool', {}), bearer)).status).toBe(200);
    expect((await post(server, rpc('tools/list', {}), bearer)).status).toBe(200);
  });

  it('scope tokens are never echoed with a quote or backslash', async () => {
    const { server: odd } = makeServer({ authorizeToolCall: () => ['a"b\\c'] });
    const refused = await post(odd, callTool('list_things', {}), bearer);
    expect(refused.headers.get('www-authenticate')).toContain('scope="abc"');
  });
});
