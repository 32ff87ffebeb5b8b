import { testDatabases } from '@filing-mcp/test-db';
import { describe, expect, it } from 'vitest';
import { codeHash, oauthSuite, postForm, randomUserId, s256, VERIFIER } from './helpers.js';

describe.each(testDatabases())('no raw credential at rest or in logs on $name', ({ create }) => {
  const suite = oauthSuite(create);

  it('after register, approve, exchange, replay, refresh, reuse and revoke', async () => {
    const raw: string[] = [];
    const redirectUri = 'https://client.example/cb';
    const client = await suite.server.register({
      redirect_uris: [redirectUri],
      token_endpoint_auth_method: 'client_secret_post',
    });
    raw.push(client.client_secret!);
    const auth = { client_id: client.client_id, client_secret: client.client_secret! };
    const { body } = await suite.server.approve(randomUserId(), {
      client_id: client.client_id,
      redirect_uri: redirectUri,
      code_challenge: await s256(VERIFIER),
      code_challenge_method: 'S256',
    });
    const code = body.code as string;
    raw.push(code);
    // Right after /approve the code is at rest too: only its hash is.
    const afterApprove = JSON.stringify(await suite.db.selectFrom('oauth_codes').selectAll().execute());
    expect(afterApprove).not.toContain(code);
    expect(afterApprove).not.toContain(code.slice('mcp_code_'.length));
    expect(afterApprove).toContain(await codeHash(code));
    const exchangeParams = {
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      code_verifier: VERIFIER,
      ...auth,
    };
    const first = (await (await postForm(`${suite.server.baseUrl}/token`, exchangeParams)).json()) as Record<
      string,
      string
    >;
    raw.push(first.access_token!, first.refresh_token!);
    const second = (await (
      await postForm(`${suite.server.baseUrl}/token`, {
        grant_type: 'refresh_token',
        refresh_token: first.refresh_token!,
        ...auth,
      })
    ).json()) as Record<string, string>;
    raw.push(second.access_token!, second.refresh_token!);
    // Failures and attacks get logged too: wrong secret, reuse of a rotated token, code replay, revocation.
    await postForm(`${suite.server.baseUrl}/token`, {
      ...exchangeParams,
      client_secret: 'mcp_secret_wrong_guess',
    });
    await postForm(`${suite.server.baseUrl}/token`, {
      grant_type: 'refresh_token',
      refresh_token: first.refresh_token!,
      ...auth,
    });
    await postForm(`${suite.server.baseUrl}/token`, exchangeParams);
    await postForm(`${suite.server.baseUrl}/revoke`, { token: second.access_token!, ...auth });
    expect(raw.every((value) => typeof value === 'string' && value.length > 40)).toBe(true);

    const dump = JSON.stringify(
      await Promise.all(
        (['oauth_clients', 'oauth_codes', 'oauth_tokens'] as const).map((table) =>
          suite.db.selectFrom(table).selectAll().execute(),
        ),
      ),
    );
    for (const value of raw) expect(dump).not.toContain(value);
    expect(dump).not.toContain(VERIFIER);
    expect(dump).not.toContain(code.slice('mcp_code_'.length));
    // The used code is kept, as its hash only, so that its replay could still be recognised.
    const codeRow = await suite.db
      .selectFrom('oauth_codes')
      .selectAll()
      .where('code_hash', '=', await codeHash(code))
      .executeTakeFirstOrThrow();
    expect(codeRow.used_at).not.toBeNull();
    expect(Object.keys(codeRow)).not.toContain('code');

    const logged = JSON.stringify(suite.server.events);
    expect(suite.server.events.map((event) => event.event)).toEqual(
      expect.arrayContaining([
        'client_registered',
        'code_issued',
        'token_issued',
        'token_refreshed',
        'refresh_token_reuse',
        'code_replay',
        'token_revoked',
      ]),
    );
    for (const value of [...raw, code, 'mcp_secret_wrong_guess', VERIFIER])
      expect(logged).not.toContain(value);
    expect(logged).not.toMatch(/mcp_(at|rt|code|secret)_/);
  });
});
