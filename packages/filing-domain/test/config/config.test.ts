import { testDatabases } from '@filing-mcp/test-db';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configFromEnv, SettingError } from '../../src/index.js';
import { APP_URL, BASE_URL, type Harness, SESSION_SECRET, startHarness } from '../support/helpers.js';

// Regression: the refresh grace window, relaxed PKCE for public clients and the credential
// lifetimes existed only in the createFilingServer API, so no adapter could set them.

const REQUIRED = { MCP_BASE_URL: BASE_URL, APP_URL, SESSION_JWT_SECRET: SESSION_SECRET };

describe('configFromEnv: OAuth settings', () => {
  it('maps OAUTH_* variables to the OAuth settings', () => {
    const config = configFromEnv({
      ...REQUIRED,
      OAUTH_REFRESH_GRACE_SECONDS: '30',
      OAUTH_REQUIRE_PKCE: 'false',
      OAUTH_CODE_TTL_SECONDS: ' 60 ',
      OAUTH_ACCESS_TOKEN_TTL_SECONDS: '120',
      OAUTH_REFRESH_TOKEN_TTL_SECONDS: '7200',
      SESSION_JWT_MAX_AGE_SECONDS: '3600',
    });
    expect(config).toEqual({
      baseUrl: BASE_URL,
      appUrl: APP_URL,
      session: { secret: SESSION_SECRET, maxAgeSeconds: 3600 },
      refreshGraceSeconds: 30,
      requirePkce: false,
      lifetimes: { authorizationCode: 60, accessToken: 120, refreshToken: 7200 },
    });
  });

  it('leaves unset or blank variables out, so the defaults apply', () => {
    const config = configFromEnv({
      ...REQUIRED,
      OAUTH_REFRESH_GRACE_SECONDS: '',
      OAUTH_REQUIRE_PKCE: ' ',
      SESSION_JWT_MAX_AGE_SECONDS: '',
      OAUTH_ACCESS_TOKEN_TTL_SECONDS: '900',
    });
    expect(config).toEqual({
      baseUrl: BASE_URL,
      appUrl: APP_URL,
      session: { secret: SESSION_SECRET },
      lifetimes: { accessToken: 900 },
    });
  });

  it.each([
    ['TRUE', true],
    ['true', true],
    ['False', false],
  ])('reads OAUTH_REQUIRE_PKCE=%s as %s', (value, expected) => {
    expect(configFromEnv({ ...REQUIRED, OAUTH_REQUIRE_PKCE: value }).requirePkce).toBe(expected);
  });

  it('accepts OAUTH_REFRESH_GRACE_SECONDS=0 (off, the default)', () => {
    expect(configFromEnv({ ...REQUIRED, OAUTH_REFRESH_GRACE_SECONDS: '0' }).refreshGraceSeconds).toBe(0);
  });

  it.each([
    ['OAUTH_REFRESH_GRACE_SECONDS', 'soon', 'must be an integer'],
    ['OAUTH_REFRESH_GRACE_SECONDS', '-1', 'must be 0 or more'],
    ['OAUTH_REFRESH_GRACE_SECONDS', '2.5', 'must be an integer'],
    ['OAUTH_REQUIRE_PKCE', 'yes', 'must be true or false'],
    ['OAUTH_REQUIRE_PKCE', '0', 'must be true or false'],
    ['DATABASE_NAMED_STATEMENTS', 'yes', 'must be true or false'],
    ['DATABASE_NAMED_STATEMENTS', 'on', 'must be true or false'],
    ['OAUTH_CODE_TTL_SECONDS', '0', 'must be positive'],
    ['OAUTH_CODE_TTL_SECONDS', '5m', 'must be an integer'],
    ['OAUTH_ACCESS_TOKEN_TTL_SECONDS', '-3600', 'must be positive'],
    ['OAUTH_ACCESS_TOKEN_TTL_SECONDS', '1.5', 'must be an integer'],
    ['OAUTH_REFRESH_TOKEN_TTL_SECONDS', '1e6', 'must be an integer'],
    ['OAUTH_REFRESH_TOKEN_TTL_SECONDS', '99999999999999', 'must be at most'],
    ['SESSION_JWT_MAX_AGE_SECONDS', '0', 'must be positive'],
    ['SESSION_JWT_MAX_AGE_SECONDS', '1.5', 'must be an integer'],
    ['SESSION_JWT_MAX_AGE_SECONDS', '1d', 'must be an integer'],
  ])('%s=%s throws an error naming the variable', (name, value, message) => {
    const read = () => configFromEnv({ ...REQUIRED, [name]: value });
    expect(read).toThrow(SettingError);
    expect(read).toThrow(`Invalid environment: ${name}: ${message}`);
  });
});

async function sessionJwt(userId: string, expiresIn = '5m'): Promise<string> {
  return new SignJWT({})
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(userId)
    .setIssuedAt()
    .setExpirationTime(expiresIn)
    .sign(new TextEncoder().encode(SESSION_SECRET));
}

describe.each(testDatabases())('OAuth settings from the environment take effect on $name', (variant) => {
  let harness: Harness;
  const redirectUri = 'http://127.0.0.1:8976/callback';

  beforeAll(async () => {
    harness = await startHarness(
      variant,
      configFromEnv({
        ...REQUIRED,
        OAUTH_REFRESH_GRACE_SECONDS: '30',
        OAUTH_REQUIRE_PKCE: 'false',
        OAUTH_CODE_TTL_SECONDS: '60',
        OAUTH_ACCESS_TOKEN_TTL_SECONDS: '120',
        OAUTH_REFRESH_TOKEN_TTL_SECONDS: '7200',
        SESSION_JWT_MAX_AGE_SECONDS: '600',
      }),
    );
  });
  afterAll(async () => {
    await harness?.close();
  });

  const post = (path: string, body: string | URLSearchParams, headers: Record<string, string>) =>
    harness.server.fetch(new Request(`${BASE_URL}${path}`, { method: 'POST', headers, body }));
  const form = (params: Record<string, string>) =>
    post('/token', new URLSearchParams(params), { 'content-type': 'application/x-www-form-urlencoded' });

  it('a public client without PKCE gets a code, a session JWT longer than the maximum age is refused, and the lifetimes and grace window are the configured ones', async () => {
    const registered = await post('/register', JSON.stringify({ redirect_uris: [redirectUri] }), {
      'content-type': 'application/json',
    });
    expect(registered.status).toBe(201);
    const { client_id } = (await registered.json()) as { client_id: string };

    const authorize = await harness.server.fetch(
      new Request(
        `${BASE_URL}/authorize?${new URLSearchParams({ client_id, redirect_uri: redirectUri, response_type: 'code', state: 's' })}`,
      ),
    );
    expect(authorize.status).toBe(302);
    expect(authorize.headers.get('location')).toMatch(new RegExp(`^${APP_URL}/oauth/authorize\\?`));

    const userId = `user-${crypto.randomUUID()}`;
    // SESSION_JWT_MAX_AGE_SECONDS=600: a session JWT living an hour is refused.
    const tooLong = await post('/approve', JSON.stringify({ client_id, redirect_uri: redirectUri }), {
      'content-type': 'application/json',
      authorization: `Bearer ${await sessionJwt(userId, '1h')}`,
    });
    expect(tooLong.status).toBe(401);
    expect(await tooLong.json()).toEqual({ code: 401, message: 'Unauthorized' });
    const approved = await post('/approve', JSON.stringify({ client_id, redirect_uri: redirectUri }), {
      'content-type': 'application/json',
      authorization: `Bearer ${await sessionJwt(userId)}`,
    });
    expect(approved.status).toBe(200);
    const { code } = (await approved.json()) as { code: string };
    const codeRow = await harness.db
      .selectFrom('oauth_codes')
      .select(['created_at', 'expires_at'])
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(codeRow.expires_at.getTime() - codeRow.created_at.getTime()).toBe(60_000);

    const token = await form({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      client_id,
    });
    expect(token.status).toBe(200);
    const tokens = (await token.json()) as { expires_in: number; refresh_token: string };
    expect(tokens.expires_in).toBe(120);
    const tokenRow = await harness.db
      .selectFrom('oauth_tokens')
      .select(['created_at', 'access_expires_at', 'refresh_expires_at'])
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(tokenRow.access_expires_at.getTime() - tokenRow.created_at.getTime()).toBe(120_000);
    expect(tokenRow.refresh_expires_at.getTime() - tokenRow.created_at.getTime()).toBe(7_200_000);

    // Two parallel refreshes of one token, as some clients do: within the grace window both succeed.
    const first = await form({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token });
    const second = await form({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token });
    expect([first.status, second.status]).toEqual([200, 200]);
    const live = await harness.db
      .selectFrom('oauth_tokens')
      .select('id')
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .execute();
    expect(live).toHaveLength(2);
  });
});
