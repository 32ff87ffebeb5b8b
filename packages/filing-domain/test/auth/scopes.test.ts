import { randomUUID } from 'node:crypto';
import { testDatabases } from '@filing-mcp/test-db';
import { describe, expect, it } from 'vitest';
import { createApiKey, listApiKeys } from '../../src/index.js';
import { TOOL_SCOPES } from '../../src/auth/scopes.js';
import { BASE_URL, callTool, oauthGrant, ok, postForm, replyBody, useHarness } from '../support/helpers.js';

const RESOURCE_METADATA = `${BASE_URL}/.well-known/oauth-protected-resource`;

function challenge(scope: string): string {
  return (
    `Bearer error="insufficient_scope", scope="${scope}", resource_metadata="${RESOURCE_METADATA}", ` +
    'error_description="this call needs a broader scope"'
  );
}

describe.each(testDatabases())('least-privilege scopes on $name', (variant) => {
  const harness = useHarness(variant);

  async function countFilings(userId: string): Promise<number> {
    const rows = await harness()
      .db.selectFrom('filings')
      .select('id')
      .where('user_id', '=', userId)
      .execute();
    return rows.length;
  }

  it('both metadata documents advertise mcp, filings:read and filings:write, never offline_access', async () => {
    for (const path of ['/.well-known/oauth-authorization-server', '/.well-known/oauth-protected-resource']) {
      const response = await harness().server.fetch(new Request(`${BASE_URL}${path}`));
      expect(((await response.json()) as { scopes_supported: string[] }).scopes_supported).toEqual([
        'mcp',
        'filings:read',
        'filings:write',
      ]);
    }
  });

  it('a filings:read token lists and reads, and gets 403 with the exact challenge on create_filing', async () => {
    const userId = `user-${randomUUID()}`;
    const grant = await oauthGrant(harness().server, userId, { scope: 'filings:read' });
    expect(grant.scope).toBe('filings:read');
    expect((await ok(harness().server, grant.accessToken, 'list_filings')).filings).toEqual([]);
    await ok(harness().server, grant.accessToken, 'get_form_schema', { kind: '5472' });
    await ok(harness().server, grant.accessToken, 'list_payments');

    const refused = await callTool(harness().server, grant.accessToken, 'create_filing', {
      form_data: { llcName: 'Nope LLC' },
    });
    expect(refused.status).toBe(403);
    expect(refused.raw).toMatchObject({
      jsonrpc: '2.0',
      error: { code: -32003, message: 'Forbidden: insufficient scope (needs filings:read filings:write)' },
    });
    expect(await countFilings(userId)).toBe(0);
  });

  it('the challenge header names the held scope and the needed one; a batch gets one challenge for all', async () => {
    const grant = await oauthGrant(harness().server, `user-${randomUUID()}`, { scope: 'filings:write' });
    const request = (body: unknown) =>
      harness().server.fetch(
        new Request(BASE_URL, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${grant.accessToken}` },
          body: JSON.stringify(body),
        }),
      );
    const single = await request({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'list_filings', arguments: {} },
    });
    expect(single.status).toBe(403);
    expect(single.headers.get('www-authenticate')).toBe(challenge('filings:write filings:read'));
    expect(single.headers.get('access-control-expose-headers')).toContain('www-authenticate');

    const batch = await request([
      { jsonrpc: '2.0', id: 1, method: 'tools/list' },
      { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'create_filing', arguments: {} } },
      { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'get_filing', arguments: {} } },
    ]);
    expect(batch.status).toBe(403);
    expect(batch.headers.get('www-authenticate')).toBe(challenge('filings:write filings:read'));
    expect((await replyBody(batch)).map((message: any) => message.id)).toEqual([3]);
    // A write alone passes.
    await ok(harness().server, grant.accessToken, 'create_filing', { form_data: { llcName: 'W LLC' } });
  });

  it('mcp satisfies every narrower scope; asking for mcp and a narrower one grants mcp', async () => {
    const grant = await oauthGrant(harness().server, `user-${randomUUID()}`, { scope: 'filings:read mcp' });
    expect(grant.scope).toBe('mcp');
    await ok(harness().server, grant.accessToken, 'create_filing', { form_data: { llcName: 'M LLC' } });
    await ok(harness().server, grant.accessToken, 'list_filings');
    const both = await oauthGrant(harness().server, `user-${randomUUID()}`, {
      scope: 'filings:write filings:read',
    });
    expect(both.scope).toBe('filings:read filings:write');
    await ok(harness().server, both.accessToken, 'create_filing', { form_data: { llcName: 'B LLC' } });
  });

  it('an unknown scope is invalid_scope; a refresh may narrow the scope but never widen it', async () => {
    await expect(oauthGrant(harness().server, 'u', { scope: 'filings:admin' })).rejects.toThrow(
      /invalid_scope.*unknown scope \\"filings:admin\\"/,
    );
    const grant = await oauthGrant(harness().server, `user-${randomUUID()}`);
    const narrowed = await postForm(harness().server, '/token', {
      grant_type: 'refresh_token',
      refresh_token: grant.refreshToken,
      client_id: grant.clientId,
      scope: 'filings:read',
    });
    expect(narrowed.status).toBe(200);
    const next = (await narrowed.json()) as { scope: string; refresh_token: string; access_token: string };
    expect(next.scope).toBe('filings:read');
    expect(
      (await callTool(harness().server, next.access_token, 'delete_filing', { id: randomUUID() })).status,
    ).toBe(403);
    const widened = await postForm(harness().server, '/token', {
      grant_type: 'refresh_token',
      refresh_token: next.refresh_token,
      client_id: grant.clientId,
      scope: 'mcp',
    });
    expect(widened.status).toBe(400);
    expect(await widened.json()).toMatchObject({ error: 'invalid_scope' });
  });

  it('API keys take scopes: default mcp; a filings:read key reads but cannot write; a bad scope stores nothing', async () => {
    const userId = `user-${randomUUID()}`;
    const everything = await createApiKey(harness().db, { userId });
    expect(everything.scope).toBe('mcp');
    const reader = await createApiKey(harness().db, { userId, scope: 'filings:read' });
    expect(reader.scope).toBe('filings:read');
    await ok(harness().server, reader.key, 'list_filings');
    const refused = await callTool(harness().server, reader.key, 'delete_filing', { id: randomUUID() });
    expect(refused.status).toBe(403);
    await ok(harness().server, everything.key, 'create_filing', { form_data: { llcName: 'K LLC' } });
    expect((await listApiKeys(harness().db, userId)).map((key) => key.scope).sort()).toEqual([
      'filings:read',
      'mcp',
    ]);
    await expect(createApiKey(harness().db, { userId, scope: 'filings:read admin' })).rejects.toThrow(
      'unknown scope "admin"; supported: mcp, filings:read, filings:write',
    );
    expect(await listApiKeys(harness().db, userId)).toHaveLength(2);
  });

  it('TOOL_SCOPES gives every listed tool its scope (complete_filing both)', async () => {
    const response = await harness().server.fetch(
      new Request(BASE_URL, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      }),
    );
    const names = ((await response.json()) as any).result.tools.map((tool: { name: string }) => tool.name);
    expect(Object.keys(TOOL_SCOPES).sort()).toEqual([...names].sort());
    expect(TOOL_SCOPES.complete_filing).toEqual(['filings:read', 'filings:write']);
  });
});
