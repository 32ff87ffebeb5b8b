import { testDatabases } from '@filing-mcp/test-db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configFromEnv } from '../../src/index.js';
import {
  APP_URL,
  BASE_URL,
  type Harness,
  SESSION_SECRET,
  startHarness,
  userSessionJwt,
} from '../support/helpers.js';

const REDIRECT_URI = 'http://127.0.0.1:8976/callback';
const ATTACKED_ADDRESS = '203.0.113.40';

describe.each(testDatabases())('failed /token attempts limited per client first on $name', (variant) => {
  let harness: Harness;

  beforeAll(async () => {
    harness = await startHarness(
      variant,
      configFromEnv({
        MCP_BASE_URL: BASE_URL,
        APP_URL,
        SESSION_JWT_SECRET: SESSION_SECRET,
        RATE_LIMIT_TOKEN_PER_MINUTE: '40',
        RATE_LIMIT_TOKEN_CLIENT_FAILURES_PER_MINUTE: '5',
      }),
    );
    // One rate-limit window for the whole test.
    harness.freeze();
  });
  afterAll(async () => {
    await harness?.close();
  });

  const register = async () => {
    const response = await harness.server.fetch(
      new Request(`${BASE_URL}/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ redirect_uris: [REDIRECT_URI] }),
      }),
    );
    return ((await response.json()) as { client_id: string }).client_id;
  };
  const token = (fields: Record<string, string>, clientAddress = ATTACKED_ADDRESS) =>
    harness.server.fetch(
      new Request(`${BASE_URL}/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields),
      }),
      { clientAddress },
    );
  const guess = (clientId: string, clientAddress?: string) =>
    token(
      {
        grant_type: 'authorization_code',
        code: 'mcp_code_wrong',
        redirect_uri: REDIRECT_URI,
        client_id: clientId,
        code_verifier: 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk',
      },
      clientAddress,
    );
  const hits = async (bucket: string) =>
    Number(
      (
        await harness.db
          .selectFrom('rate_limit_counters')
          .select('hits')
          .where('bucket', '=', bucket)
          .executeTakeFirst()
      )?.hits ?? 0,
    );

  it('50 failed attempts against one client lock that client out at that address, not its neighbours', async () => {
    const attacked = await register();
    const neighbour = await register();
    const statuses: number[] = [];
    for (let i = 0; i < 50; i++) statuses.push((await guess(attacked)).status);
    expect(statuses.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
    expect(new Set(statuses.slice(5))).toEqual(new Set([429]));
    const refused = await guess(attacked);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(await refused.json()).toEqual({
      error: 'too_many_requests',
      error_description: 'rate limit reached; retry later',
    });
    // The database holds the client's five failures, and the address's count saw only them: the
    // refused attempts used none of the address's /token limit (40).
    expect(await hits(`tokenClientFailures:${ATTACKED_ADDRESS}:${attacked}`)).toBe(5);
    expect(await hits(`token:${ATTACKED_ADDRESS}`)).toBe(5);

    // The neighbour at the same address completes its flow.
    const jwt = await userSessionJwt('token-limit-user', harness.now());
    const approved = await harness.server.fetch(
      new Request(`${BASE_URL}/approve`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${jwt}` },
        body: JSON.stringify({
          client_id: neighbour,
          redirect_uri: REDIRECT_URI,
          code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
          code_challenge_method: 'S256',
        }),
      }),
    );
    const { code } = (await approved.json()) as { code: string };
    const exchanged = await token({
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT_URI,
      client_id: neighbour,
      code_verifier: 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk',
    });
    expect(exchanged.status).toBe(200);
    expect(await exchanged.json()).toMatchObject({ token_type: 'Bearer' });
    const row = await harness.db
      .selectFrom('oauth_tokens')
      .select('client_id')
      .where('client_id', '=', neighbour)
      .executeTakeFirst();
    expect(row?.client_id).toBe(neighbour);
    // The attacked client from another address is not locked out either.
    expect((await guess(attacked, '203.0.113.41')).status).toBe(400);
  });

  it('reads the client from HTTP Basic credentials as well', async () => {
    const attacked = await register();
    const basic = `Basic ${btoa(`${encodeURIComponent(attacked)}:wrong-secret`)}`;
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const response = await harness.server.fetch(
        new Request(`${BASE_URL}/token`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: basic },
          body: new URLSearchParams({ grant_type: 'authorization_code', code: 'mcp_code_wrong' }),
        }),
        { clientAddress: '203.0.113.42' },
      );
      statuses.push(response.status);
    }
    expect(statuses.slice(5)).toEqual([429, 429]);
    expect(statuses.slice(0, 5).every((status) => status === 400 || status === 401)).toBe(true);
  });
});
