import { testDatabases } from '@filing-mcp/test-db';
import { describe, expect, it } from 'vitest';
import { expectOAuthError, oauthSuite, postForm } from './helpers.js';

// A NUL or a lone surrogate in any OAuth parameter once reached a query and answered 500.
describe.each(testDatabases())('client text at the OAuth boundary on $name', ({ create }) => {
  const suite = oauthSuite(create);

  it('GET /authorize with client_id=%00 is invalid_request 400, never a redirect', async () => {
    const before = await suite.tableCounts();
    const response = await fetch(
      `${suite.server.baseUrl}/authorize?client_id=%00&redirect_uri=x&response_type=code`,
      { redirect: 'manual' },
    );
    expect(await expectOAuthError(response, 400, 'invalid_request')).toBe(
      'the parameter client_id must not contain the NUL character (U+0000)',
    );
    expect(await suite.tableCounts()).toEqual(before);
  });

  it('a NUL in the redirect_uri of a known client is refused without redirecting', async () => {
    const client = await suite.server.register({ redirect_uris: ['http://127.0.0.1:9/cb'] });
    const response = await fetch(
      `${suite.server.baseUrl}/authorize?client_id=${client.client_id}&redirect_uri=http://127.0.0.1:9/cb%00&response_type=code`,
      { redirect: 'manual' },
    );
    expect(response.status).toBe(400);
    expect(response.headers.get('location')).toBeNull();
  });

  it('POST /token with a NUL code (form) or a lone surrogate (JSON) is invalid_request 400', async () => {
    const { client, redirectUri } = await suite.server.codeFor();
    const form = await postForm(`${suite.server.baseUrl}/token`, {
      grant_type: 'authorization_code',
      code: 'abc\u0000',
      redirect_uri: redirectUri,
      client_id: client.client_id,
    });
    expect(await expectOAuthError(form, 400, 'invalid_request')).toBe(
      'the parameter code must not contain the NUL character (U+0000)',
    );
    const json = await fetch(`${suite.server.baseUrl}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: `{"grant_type":"refresh_token","refresh_token":"mcp_rt_\\ud800","client_id":"${client.client_id}"}`,
    });
    expect(await expectOAuthError(json, 400, 'invalid_request')).toBe(
      'the parameter refresh_token must not contain an unpaired UTF-16 surrogate',
    );
  });

  it('Basic credentials holding %00 are invalid_request 400 at /token and /revoke', async () => {
    for (const path of ['/token', '/revoke']) {
      const response = await postForm(
        `${suite.server.baseUrl}${path}`,
        { grant_type: 'refresh_token', refresh_token: 'x', token: 'x' },
        { authorization: `Basic ${btoa('client%00:secret')}` },
      );
      expect(await expectOAuthError(response, 400, 'invalid_request')).toBe(
        'the Basic credentials must not contain the NUL character (U+0000)',
      );
    }
  });

  it('POST /register with NUL or lone surrogates in client metadata is invalid_client_metadata 400', async () => {
    const before = await suite.tableCounts();
    const bodies: Array<[string, string]> = [
      ['{"redirect_uris":["http://127.0.0.1:9/cb"],"client_name":"a\\u0000b"}', 'client_name'],
      ['{"redirect_uris":["http://127.0.0.1:9/cb\\udc00"]}', 'redirect_uris'],
      ['{"redirect_uris":["http://127.0.0.1:9/cb"],"logo_uri":{"x":["\\ud800"]}}', 'logo_uri'],
    ];
    for (const [body, field] of bodies) {
      const response = await fetch(`${suite.server.baseUrl}/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
      const description = await expectOAuthError(response, 400, 'invalid_client_metadata');
      expect(description.startsWith(`${field} must not contain`)).toBe(true);
    }
    expect(await suite.tableCounts()).toEqual(before);
  });

  it('a registration document nested deeper than 16 levels, or over 16 KiB, is refused', async () => {
    const deep = '{"a":'.repeat(1000) + '1' + '}'.repeat(1000);
    const nested = await fetch(`${suite.server.baseUrl}/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: `{"redirect_uris":["http://127.0.0.1:9/cb"],"extra":${deep}}`,
    });
    expect(await expectOAuthError(nested, 400, 'invalid_client_metadata')).toBe(
      'the body is nested deeper than 16 levels',
    );
    const large = await fetch(`${suite.server.baseUrl}/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        redirect_uris: ['http://127.0.0.1:9/cb'],
        extras: Array.from({ length: 10 }, () => 'x'.repeat(2000)),
      }),
    });
    expect(await expectOAuthError(large, 400, 'invalid_client_metadata')).toBe(
      'the registration document must be at most 16384 bytes',
    );
    const longField = await fetch(`${suite.server.baseUrl}/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ redirect_uris: ['http://127.0.0.1:9/cb'], policy_uri: 'x'.repeat(5000) }),
    });
    expect(await expectOAuthError(longField, 400, 'invalid_client_metadata')).toBe(
      'policy_uri must be at most 4096 characters',
    );
  });

  it('POST /approve with a NUL in a forwarded field is a 400 naming it, and issues no code', async () => {
    const client = await suite.server.register({ redirect_uris: ['http://127.0.0.1:9/cb'] });
    const before = await suite.tableCounts();
    const result = await suite.server.approve('user-1', {
      client_id: client.client_id,
      redirect_uri: 'http://127.0.0.1:9/cb',
      state: 's\u0000',
    });
    expect(result).toEqual({
      status: 400,
      body: {
        code: 400,
        message: 'Bad request',
        detail: 'invalid_request: the parameter state must not contain the NUL character (U+0000)',
      },
    });
    expect(await suite.tableCounts()).toEqual(before);
  });
});
