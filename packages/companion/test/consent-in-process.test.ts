import { createHash } from 'node:crypto';
import { testDatabases } from '@filing-mcp/test-db';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { escapeHtml } from '../src/html.js';
import { createCompanionApp, mountCompanion, SessionJwtSignIn } from '../src/index.js';
import { type CompanionHarness, startCompanionHarness } from './companion-harness.js';
import { formPost } from './sessions.js';

const VERIFIER = 'a-verifier-that-is-long-enough-for-pkce-0123456789';
const CHALLENGE = createHash('sha256').update(VERIFIER).digest('base64url');

/** The consent page's Approve calls the core's completeAuthorization in process, not /approve. */
describe.each(testDatabases())('Approve on the consent page, in process, on $name', ({ create }) => {
  let harness: CompanionHarness;
  beforeAll(async () => {
    harness = await startCompanionHarness(create);
  });
  afterAll(() => harness?.close());

  type Fetch = (request: Request) => Promise<Response>;
  const codeCount = async () =>
    Number(
      (
        await harness.db
          .selectFrom('oauth_codes')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const sessionJwt = (sub: string, secret = harness.sessionSecret) =>
    new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(sub)
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode(secret));

  async function request(redirectUri: string, extra: Record<string, string | undefined> = {}) {
    const clientId = await harness.registerClient([redirectUri], 'In-process Client');
    const params: Record<string, string> = {};
    const all = { client_id: clientId, redirect_uri: redirectUri, scope: 'mcp', state: 's-1' };
    for (const [key, value] of Object.entries({
      ...all,
      code_challenge: CHALLENGE,
      code_challenge_method: 'S256',
      resource: harness.baseUrl,
      ...extra,
    })) {
      if (value !== undefined) params[key] = value;
    }
    return { clientId, params };
  }

  /** Opens the consent page (as the browser would, with `cookie`), then posts Approve with its CSRF token. */
  async function approve(fetchPage: Fetch, params: Record<string, string>, cookie = ''): Promise<Response> {
    const query = new URLSearchParams({ ...params, response_type: 'code' });
    const page = await fetchPage(
      new Request(`${harness.appUrl}/oauth/authorize?${query}`, { headers: { cookie } }),
    );
    expect(page.status).toBe(200);
    const csrfCookie = page.headers.get('set-cookie')?.split(';')[0];
    const token = /name="csrf_token" value="([^"]+)"/.exec(await page.text())![1]!;
    const fields = { ...params, response_type: 'code', csrf_token: token, decision: 'approve' };
    const cookies = [cookie, csrfCookie].filter(Boolean).join('; ');
    return fetchPage(formPost(`${harness.appUrl}/oauth/authorize`, fields, cookies));
  }

  /** What POST /approve answers for the same parameters, with a session JWT of `userId`. */
  async function overHttp(userId: string, params: Record<string, string>) {
    const response = await fetch(`${harness.baseUrl}/approve`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${await sessionJwt(userId)}` },
      body: JSON.stringify(params),
    });
    return { status: response.status, body: (await response.json()) as { detail?: string } };
  }

  const pages: Fetch = (request) => harness.companion.fetch(request);

  it.each([
    ['an unknown scope', { scope: 'admin' }],
    ['another resource', { resource: 'https://elsewhere.example/mcp' }],
    ['no code_challenge', { code_challenge: undefined, code_challenge_method: undefined }],
    ['an unknown challenge method', { code_challenge_method: 'S512' }],
  ])('refuses %s with the detail /approve answers, and writes no code', async (_, extra) => {
    const { params } = await request('http://127.0.0.1:9/refused', extra);
    const before = await codeCount();
    const response = await approve(pages, params);
    const http = await overHttp(harness.userId, params);
    expect(http.status).toBe(400);
    expect(response.status).toBe(400);
    expect(response.headers.get('location')).toBeNull();
    expect(await response.text()).toContain(
      `The authorization server refused this request: ${escapeHtml(http.body.detail!)}`,
    );
    expect(await codeCount()).toBe(before);
  });

  it('refuses a user id no grant can name, as /approve refuses its session JWT (401), writing nothing', async () => {
    const wrongUser = 'u'.repeat(256);
    const companion = mountCompanion(harness.core, {
      db: harness.db,
      appUrl: harness.appUrl,
      baseUrl: harness.baseUrl,
      userId: wrongUser,
      session: { secret: harness.sessionSecret },
    });
    const { params } = await request('http://127.0.0.1:9/wrong-user');
    const before = await codeCount();
    const response = await approve((r) => companion.fetch(r), params);
    expect(response.status).toBe(502);
    expect(await response.text()).toContain('The authorization server answered 401; no code was issued.');
    expect((await overHttp(wrongUser, params)).status).toBe(401);
    expect(await codeCount()).toBe(before);
  });

  it('refuses Approve once the page session has expired: a sign-in, no code', async () => {
    let now = Date.now();
    const signIn = new SessionJwtSignIn({
      session: { secret: harness.sessionSecret },
      cookieSecret: harness.sessionSecret,
      sessionTtlMs: 60_000,
      now: () => now,
    });
    const app = createCompanionApp({
      db: harness.db,
      appUrl: harness.appUrl,
      baseUrl: harness.baseUrl,
      userId: harness.userId,
      sessionSecret: harness.sessionSecret,
      core: harness.core,
      signIn,
    });
    const signInPage = await app.fetch(new Request(`${harness.appUrl}/sign-in`));
    const csrfCookie = signInPage.headers.get('set-cookie')!.split(';')[0]!;
    const csrf = /name="csrf_token" value="([^"]+)"/.exec(await signInPage.text())![1]!;
    const signInForm = { csrf_token: csrf, session: await sessionJwt('alice-in-process') };
    const signedIn = await app.fetch(formPost(`${harness.appUrl}/sign-in`, signInForm, csrfCookie));
    expect(signedIn.status).toBe(303);
    const session = signedIn.headers.get('set-cookie')!.split(';')[0]!;
    const { params } = await request('http://127.0.0.1:9/expired');
    const query = new URLSearchParams({ ...params, response_type: 'code' });
    const page = await app.fetch(
      new Request(`${harness.appUrl}/oauth/authorize?${query}`, { headers: { cookie: session } }),
    );
    expect(page.status).toBe(200);
    const token = /name="csrf_token" value="([^"]+)"/.exec(await page.text())![1]!;
    const pageCsrf = page.headers.get('set-cookie')?.split(';')[0];
    now += 61_000;
    const before = await codeCount();
    const fields = { ...params, response_type: 'code', csrf_token: token, decision: 'approve' };
    const cookies = [session, pageCsrf ?? csrfCookie].join('; ');
    const late = await app.fetch(formPost(`${harness.appUrl}/oauth/authorize`, fields, cookies));
    expect(late.status).toBe(401);
    expect(late.headers.get('location')).toBeNull();
    expect(await codeCount()).toBe(before);
  });

  it('issues a code for the page’s user that exchanges once; its replay is refused and revokes the tokens', async () => {
    const redirectUri = 'http://127.0.0.1:9/replay';
    const { clientId, params } = await request(redirectUri);
    const response = await approve(pages, params);
    expect(response.status).toBe(303);
    const location = new URL(response.headers.get('location')!);
    const code = location.searchParams.get('code')!;
    expect(Object.fromEntries(location.searchParams)).toEqual({ code, state: 's-1', iss: harness.baseUrl });
    const row = await harness.db
      .selectFrom('oauth_codes')
      .select(['user_id', 'client_id'])
      .where('code_hash', '=', createHash('sha256').update(code).digest('hex'))
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ user_id: harness.userId, client_id: clientId });

    const exchange = () =>
      fetch(`${harness.baseUrl}/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code,
          redirect_uri: redirectUri,
          client_id: clientId,
          code_verifier: VERIFIER,
          resource: harness.baseUrl,
        }),
      });
    const first = await exchange();
    expect(first.status).toBe(200);
    const { access_token } = (await first.json()) as { access_token: string };
    const replay = await exchange();
    expect(replay.status).toBe(400);
    expect(((await replay.json()) as { error: string }).error).toBe('invalid_grant');
    const tool = await fetch(harness.baseUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        authorization: `Bearer ${access_token}`,
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'list_filings', arguments: {} },
      }),
    });
    expect(tool.status).toBe(401);
  });
});
