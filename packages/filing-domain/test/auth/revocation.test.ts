import { randomUUID } from 'node:crypto';
import { testDatabases } from '@filing-mcp/test-db';
import { describe, expect, it } from 'vitest';
import { listApiKeys } from '../../src/index.js';
import { callTool, newUser, oauthGrant, ok, postForm, useHarness } from '../support/helpers.js';

/**
 * Revocation at once: every path that ends a credential drops it from the cache of the
 * process that ended it, so the very next call with it answers 401, well within the cache TTL
 * (default 5 s; the harness clock does not move here).
 */
describe.each(testDatabases())('revocation takes effect at once on $name', (variant) => {
  const harness = useHarness(variant);

  async function expectRefused(credential: string): Promise<void> {
    const outcome = await callTool(harness().server, credential, 'list_filings');
    expect(outcome.status).toBe(401);
    expect(outcome.raw.error).toMatchObject({ code: -32001, message: 'Unauthorized' });
  }

  async function grantInCache() {
    const grant = await oauthGrant(harness().server, `user-${randomUUID()}`);
    // The first call verifies the token and caches it.
    await ok(harness().server, grant.accessToken, 'list_filings');
    return grant;
  }

  it('/revoke of an access token', async () => {
    const grant = await grantInCache();
    const revoked = await postForm(harness().server, '/revoke', {
      token: grant.accessToken,
      client_id: grant.clientId,
    });
    expect(revoked.status).toBe(200);
    await expectRefused(grant.accessToken);
  });

  it('/revoke of a refresh token ends the access token of its grant', async () => {
    const grant = await grantInCache();
    const revoked = await postForm(harness().server, '/revoke', {
      token: grant.refreshToken,
      token_type_hint: 'refresh_token',
      client_id: grant.clientId,
    });
    expect(revoked.status).toBe(200);
    await expectRefused(grant.accessToken);
  });

  it('a replayed authorization code ends the tokens issued from it', async () => {
    const grant = await grantInCache();
    const replay = await postForm(harness().server, '/token', {
      grant_type: 'authorization_code',
      code: grant.code,
      redirect_uri: grant.redirectUri,
      client_id: grant.clientId,
      code_verifier: grant.codeVerifier,
    });
    expect(replay.status).toBe(400);
    expect(await replay.json()).toMatchObject({ error: 'invalid_grant' });
    await expectRefused(grant.accessToken);
  });

  it('a refresh rotation ends the previous access token; reusing the old refresh token ends the family', async () => {
    const grant = await grantInCache();
    const rotated = await postForm(harness().server, '/token', {
      grant_type: 'refresh_token',
      refresh_token: grant.refreshToken,
      client_id: grant.clientId,
    });
    expect(rotated.status).toBe(200);
    const next = (await rotated.json()) as { access_token: string };
    await expectRefused(grant.accessToken);
    await ok(harness().server, next.access_token, 'list_filings');

    const reuse = await postForm(harness().server, '/token', {
      grant_type: 'refresh_token',
      refresh_token: grant.refreshToken,
      client_id: grant.clientId,
    });
    expect(reuse.status).toBe(400);
    await expectRefused(next.access_token);
  });

  it('an API key revoked through the server', async () => {
    const { userId, key } = await newUser(harness().db);
    await ok(harness().server, key, 'list_filings');
    const [apiKey] = await listApiKeys(harness().db, userId);
    // Another user's id changes nothing.
    expect(await harness().server.revokeApiKey(apiKey!.id, 'someone-else')).toBe(false);
    await ok(harness().server, key, 'list_filings');
    expect(await harness().server.revokeApiKey(apiKey!.id, userId)).toBe(true);
    await expectRefused(key);
    expect(await listApiKeys(harness().db, userId)).toEqual([]);
  });

  it('forgetCredentials drops a credential another process ended', async () => {
    const { userId, key } = await newUser(harness().db);
    await ok(harness().server, key, 'list_filings');
    const [apiKey] = await listApiKeys(harness().db, userId);
    // Deleted behind the server's back, as the CLI does: cached, it still passes...
    const deleted = await harness()
      .db.deleteFrom('api_keys')
      .where('id', '=', apiKey!.id)
      .returning('key_hash')
      .executeTakeFirstOrThrow();
    await ok(harness().server, key, 'list_filings');
    // ...until the announcement of its hash arrives.
    harness().server.forgetCredentials([deleted.key_hash]);
    await expectRefused(key);
  });
});
