import { createKyselyOAuthStore } from '@filing-mcp/oauth-core/kysely';
import { testDatabases } from '@filing-mcp/test-db';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApproveError } from '../src/index.js';
import {
  type AuthorizationRequest,
  authorizationParams,
  expectIssuedCode,
  expectOAuthError,
  oauthSuite,
  randomUserId,
  type RunningServer,
  s256,
  VERIFIER,
} from './helpers.js';

/** What the in-process call answered, in `/approve`'s terms. */
async function inProcess(
  server: RunningServer,
  userId: string,
  params: Record<string, string | undefined>,
): Promise<{ status: number; detail?: string | undefined; code?: string; redirectTo?: string }> {
  try {
    const grant = await server.oauth.completeAuthorization({ userId, params });
    return { status: 200, ...grant };
  } catch (error) {
    if (!(error instanceof ApproveError)) throw error;
    return { status: error.status, detail: error.detail };
  }
}

describe.each(testDatabases())('completeAuthorization (in-process /approve) on $name', ({ create }) => {
  const suite = oauthSuite(create);
  let request: AuthorizationRequest;
  const REDIRECT = 'https://client.example/cb?keep=1';

  beforeAll(async () => {
    request = {
      client: await suite.server.register({ redirect_uris: [REDIRECT] }),
      redirectUri: REDIRECT,
      challenge: await s256(VERIFIER),
      resource: suite.server.baseUrl,
    };
  });

  function params(overrides: Record<string, string | undefined> = {}): Record<string, string | undefined> {
    return authorizationParams(request, overrides);
  }

  it('issues a code as /approve does, and the code exchanges once for tokens of that user', async () => {
    const userId = randomUserId();
    const grant = await suite.server.oauth.completeAuthorization({ userId, params: params() });
    const row = await expectIssuedCode(suite.db, grant.redirectTo, grant.code, suite.server.baseUrl);
    expect(row.user_id).toBe(userId);
    expect(row.client_id).toBe(request.client.client_id);

    const exchanged = await suite.server.exchange({
      client: request.client,
      code: grant.code,
      redirectUri: REDIRECT,
    });
    expect(exchanged.status).toBe(200);
    const tokens = (await exchanged.json()) as { access_token: string };
    expect((await suite.server.oauth.verifyAccessToken(tokens.access_token))?.userId).toBe(userId);

    // A replayed code is refused, and revokes what it issued, whichever path issued it.
    const replayed = await suite.server.exchange({
      client: request.client,
      code: grant.code,
      redirectUri: REDIRECT,
    });
    await expectOAuthError(replayed, 400, 'invalid_grant');
    expect(await suite.server.oauth.verifyAccessToken(tokens.access_token)).toBeUndefined();
  });

  const refused: Array<[string, string, Record<string, string | undefined>]> = [
    ['an unusable user id (empty)', '', {}],
    ['an unusable user id (too long)', 'u'.repeat(256), {}],
    ['an unusable user id (control character)', 'user\u0007', {}],
    ['an unknown client', 'user', { client_id: 'no-such-client' }],
    ['an unregistered redirect URI', 'user', { redirect_uri: 'https://attacker.example/cb' }],
    ['an unknown scope', 'user', { scope: 'mcp admin' }],
    ['no code_challenge', 'user', { code_challenge: undefined, code_challenge_method: undefined }],
    ['an unknown challenge method', 'user', { code_challenge_method: 'S512' }],
    ['another resource', 'user', { resource: 'https://elsewhere.example/mcp' }],
    ['a control character in state', 'user', { state: 'a\u0000b' }],
  ];

  it.each(refused)(
    'refuses %s with the error /approve answers, writing nothing',
    async (_, who, overrides) => {
      const userId = who === 'user' ? randomUserId() : who;
      const before = await suite.tableCounts();
      const direct = await inProcess(suite.server, userId, params(overrides));
      const overHttp = await suite.server.approve(userId, params(overrides));
      expect(direct.status).toBeGreaterThanOrEqual(400);
      expect(direct.status).toBe(overHttp.status);
      expect(direct.detail).toBe(overHttp.body.detail);
      expect(await suite.tableCounts()).toEqual(before);
    },
  );

  it('answers 503 as /approve does when the store asks for a retry, and 500 for any other failure', async () => {
    const failing = (name: string) => ({
      ...createKyselyOAuthStore(suite.db),
      createAuthorizationCode: async () => {
        throw Object.assign(new Error('connection refused'), { name });
      },
    });
    const unavailable = (error: unknown) => ((error as Error).name === 'Unavailable' ? 3 : undefined);
    for (const [name, status] of [
      ['Unavailable', 503],
      ['Broken', 500],
    ] as const) {
      const server = await suite.start({ store: failing(name), unavailable });
      const body = params({ resource: server.baseUrl });
      const direct = await inProcess(server, randomUserId(), body);
      const overHttp = await server.approve(randomUserId(), body);
      expect([direct.status, overHttp.status]).toEqual([status, status]);
    }
  });
});
