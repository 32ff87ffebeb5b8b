import { testDatabases } from '@filing-mcp/test-db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configFromEnv } from '../../src/index.js';
import {
  APP_URL,
  BASE_URL,
  type Harness,
  newUser,
  SESSION_SECRET,
  startHarness,
  userSessionJwt,
} from '../support/helpers.js';

const REQUIRED = { MCP_BASE_URL: BASE_URL, APP_URL, SESSION_JWT_SECRET: SESSION_SECRET };
const REDIRECT_URI = 'http://127.0.0.1:8976/callback';
const DAY_MS = 86_400_000;

describe('abuse-limit settings from the environment', () => {
  it('RATE_LIMITS=off turns every limit off; per-minute limits and client expiry are read', () => {
    expect(configFromEnv({ ...REQUIRED, RATE_LIMITS: 'off' }).rateLimits).toBe(false);
    expect(
      configFromEnv({
        ...REQUIRED,
        RATE_LIMITS: 'on',
        RATE_LIMIT_REGISTER_PER_MINUTE: '7',
        RATE_LIMIT_TOOLS_CALL_PER_MINUTE: '100',
        OAUTH_UNUSED_CLIENT_TTL_SECONDS: '3600',
        OAUTH_IDLE_CLIENT_TTL_SECONDS: '86400',
      }),
    ).toMatchObject({
      rateLimits: { register: 7, toolsCall: 100 },
      clientExpiry: { unusedSeconds: 3600, idleSeconds: 86400 },
    });
  });

  it('a bad value names its variable', () => {
    expect(() => configFromEnv({ ...REQUIRED, RATE_LIMITS: 'sometimes' })).toThrow(
      'Invalid environment: RATE_LIMITS',
    );
    expect(() => configFromEnv({ ...REQUIRED, RATE_LIMIT_TOKEN_PER_MINUTE: '0' })).toThrow(
      'Invalid environment: RATE_LIMIT_TOKEN_PER_MINUTE: must be positive',
    );
    expect(() => configFromEnv({ ...REQUIRED, OAUTH_UNUSED_CLIENT_TTL_SECONDS: 'soon' })).toThrow(
      'Invalid environment: OAUTH_UNUSED_CLIENT_TTL_SECONDS',
    );
  });
});

describe.each(testDatabases())('abuse limits on $name', (variant) => {
  let harness: Harness;
  let offset = 0;
  const advance = (ms: number) => {
    offset += ms;
    harness.advance(ms);
  };
  /** Moves the clock just past the start of a one-minute window, so a test never straddles two. */
  const startOfWindow = () => advance(60_000 - ((Date.now() + offset) % 60_000) + 50);

  beforeAll(async () => {
    harness = await startHarness(
      variant,
      configFromEnv({
        ...REQUIRED,
        RATE_LIMIT_REGISTER_PER_MINUTE: '2',
        RATE_LIMIT_APPROVE_PER_MINUTE: '1',
        RATE_LIMIT_TOOLS_CALL_PER_MINUTE: '4',
      }),
    );
  });
  afterAll(async () => {
    await harness?.close();
  });

  const register = (clientAddress?: string) =>
    harness.server.fetch(
      new Request(`${BASE_URL}/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ redirect_uris: [REDIRECT_URI] }),
      }),
      clientAddress === undefined ? undefined : { clientAddress },
    );
  const clientCount = async () =>
    Number(
      (
        await harness.db
          .selectFrom('oauth_clients')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('/register: over the limit of one address, 429 with Retry-After and nothing stored; other addresses unaffected', async () => {
    startOfWindow();
    const before = await clientCount();
    expect((await register('198.51.100.1')).status).toBe(201);
    expect((await register('198.51.100.1')).status).toBe(201);
    const limited = await register('198.51.100.1');
    expect(limited.status).toBe(429);
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(limited.headers.get('access-control-allow-origin')).toBe('*');
    expect(await limited.json()).toEqual({
      error: 'too_many_requests',
      error_description: 'rate limit reached; retry later',
    });
    expect(await clientCount()).toBe(before + 2);
    expect((await register('198.51.100.2')).status).toBe(201);
    // The next window starts afresh.
    advance(60_000);
    expect((await register('198.51.100.1')).status).toBe(201);
  });

  it('/approve answers its 429 in the spec shape', async () => {
    const approve = () =>
      userSessionJwt('approver', Date.now() + offset).then((jwt) =>
        harness.server.fetch(
          new Request(`${BASE_URL}/approve`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${jwt}` },
            body: JSON.stringify({ client_id: 'nobody', redirect_uri: REDIRECT_URI }),
          }),
          { clientAddress: '198.51.100.9' },
        ),
      );
    startOfWindow();
    expect((await approve()).status).toBe(400);
    const limited = await approve();
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({ code: 429, message: 'Too many requests' });
  });

  it('tools/call: per credential, 429 with JSON-RPC -32004; another credential is unaffected', async () => {
    const first = await newUser(harness.db);
    const second = await newUser(harness.db);
    const call = (key: string) =>
      harness.server.fetch(
        new Request(BASE_URL, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
          body: JSON.stringify({
            jsonrpc: '2.0',
            id: 1,
            method: 'tools/call',
            params: { name: 'list_filings', arguments: {} },
          }),
        }),
      );
    startOfWindow();
    for (let i = 0; i < 4; i++) expect((await call(first.key)).status).toBe(200);
    const limited = await call(first.key);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(await limited.json()).toEqual({
      jsonrpc: '2.0',
      id: 1,
      error: {
        code: -32004,
        message: 'Too many requests: the tools/call limit of this credential is reached; retry later',
      },
    });
    expect((await call(second.key)).status).toBe(200);
    await harness.server.close();
    const counters = await harness.db.selectFrom('rate_limit_counters').selectAll().execute();
    expect(counters.length).toBeGreaterThan(0);
  });

  it('cleanup deletes clients that never obtained a token after a day and idle ones after 90 days', async () => {
    advance(60_000);
    const registerClient = async () => ((await (await register()).json()) as { client_id: string }).client_id;
    const unused = await registerClient();
    const used = await registerClient();
    // `used` obtains a token pair through the whole flow.
    // Signed at the moved clock: the earlier tests moved it minutes ahead of the real one.
    const jwt = await userSessionJwt('expiry-user', Date.now() + offset);
    const approved = await harness.server.fetch(
      new Request(`${BASE_URL}/approve`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${jwt}` },
        body: JSON.stringify({
          client_id: used,
          redirect_uri: REDIRECT_URI,
          code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
          code_challenge_method: 'S256',
        }),
      }),
    );
    const { code } = (await approved.json()) as { code: string };
    const token = await harness.server.fetch(
      new Request(`${BASE_URL}/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code,
          redirect_uri: REDIRECT_URI,
          client_id: used,
          code_verifier: 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk',
        }),
      }),
    );
    expect(token.status).toBe(200);
    const exists = async (clientId: string) =>
      (await harness.db
        .selectFrom('oauth_clients')
        .select('client_id')
        .where('client_id', '=', clientId)
        .executeTakeFirst()) !== undefined;

    advance(DAY_MS / 2);
    await harness.server.cleanup();
    expect([await exists(unused), await exists(used)]).toEqual([true, true]);

    advance(DAY_MS);
    const first = await harness.server.cleanup();
    expect(first.clients).toBeGreaterThanOrEqual(1);
    expect([await exists(unused), await exists(used)]).toEqual([false, true]);

    // The refresh token lives 30 days; 90 days after it died the client goes, tokens and all.
    advance(60 * DAY_MS);
    await harness.server.cleanup();
    expect(await exists(used)).toBe(true);
    advance(61 * DAY_MS);
    await harness.server.cleanup();
    expect(await exists(used)).toBe(false);
    const leftovers = await harness.db
      .selectFrom('oauth_tokens')
      .select('id')
      .where('client_id', '=', used)
      .execute();
    expect(leftovers).toEqual([]);
  });
});
