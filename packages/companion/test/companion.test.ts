import { createHash } from 'node:crypto';
import { testDatabases } from '@filing-mcp/test-db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { escapeHtml, html } from '../src/html.js';
import { type CompanionHarness, startCompanionHarness } from './companion-harness.js';

describe.each(testDatabases())('companion pages on $name', ({ create }) => {
  let harness: CompanionHarness;

  beforeAll(async () => {
    harness = await startCompanionHarness(create);
  });

  afterAll(async () => {
    await harness?.close();
  });

  /** A browser's view of one page: its cookie and the CSRF token in its forms. */
  async function formSession(path = '/api-keys'): Promise<{ cookie: string; token: string }> {
    const response = await fetch(`${harness.appUrl}${path}`);
    const setCookie = response.headers.get('set-cookie') ?? '';
    const cookie = setCookie.split(';')[0]!;
    const token = /name="csrf_token" value="([^"]+)"/.exec(await response.text())?.[1];
    if (!cookie || !token) throw new Error('no CSRF cookie or token on the page');
    return { cookie, token };
  }

  function postForm(path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
    return fetch(`${harness.appUrl}${path}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body: new URLSearchParams(fields).toString(),
    });
  }

  async function apiKeyCount(userId = harness.userId): Promise<number> {
    const row = await harness.db
      .selectFrom('api_keys')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  async function codeCount(): Promise<number> {
    const row = await harness.db
      .selectFrom('oauth_codes')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  function pkceChallenge(): string {
    return createHash('sha256')
      .update('a-verifier-that-is-long-enough-for-pkce-0123456789')
      .digest('base64url');
  }

  function consentQuery(clientId: string, redirectUri: string, extra: Record<string, string> = {}): string {
    return new URLSearchParams({
      client_id: clientId,
      redirect_uri: redirectUri,
      response_type: 'code',
      state: 'state-123',
      code_challenge: pkceChallenge(),
      code_challenge_method: 'S256',
      scope: 'mcp',
      ...extra,
    }).toString();
  }

  describe('escaping', () => {
    it('escapes every interpolated value and keeps trusted fragments', () => {
      expect(escapeHtml(`<a href="x" onclick='y'>&\`</a>`)).toBe(
        '&lt;a href=&quot;x&quot; onclick=&#39;y&#39;&gt;&amp;&#96;&lt;/a&gt;',
      );
      const name = '<script>alert(1)</script>';
      expect(html`<td>${name}</td>${html`<b>${'&'}</b>`}`.value).toBe(
        '<td>&lt;script&gt;alert(1)&lt;/script&gt;</td><b>&amp;</b>',
      );
    });

    it('renders filing data (names, keys, nested values) as text, never as markup', async () => {
      const id = await harness.createFiling({
        llcName: '<script>alert("name")</script> Acme LLC',
        formData: {
          llcName: '<script>alert("name")</script> Acme LLC',
          '<img src=x onerror=alert(1)>': '"><b>bold</b>',
          relatedParties: [{ id: 'p1', name: '<iframe src=//evil>', relationship: 'owner' }],
          isInitialYear: true,
        },
      });
      const response = await fetch(`${harness.appUrl}/filings/${id}`);
      expect(response.status).toBe(200);
      const body = await response.text();
      expect(body).not.toMatch(/<script>alert/);
      expect(body).not.toMatch(/<img src=x/);
      expect(body).not.toMatch(/<b>bold/);
      expect(body).not.toMatch(/<iframe/);
      expect(body).toContain('&lt;script&gt;alert(&quot;name&quot;)&lt;/script&gt; Acme LLC');
      expect(body).toContain('&lt;iframe src=//evil&gt;');
      expect(body).toContain('&lt;img src=x onerror=alert(1)&gt;');
      // Nested values are rendered recursively and readably.
      expect(body).toContain('Related parties');
      expect(body).toContain('Is initial year');
      expect(body).toContain('<dd>Yes</dd>');
    });
  });

  describe('filing pages', () => {
    it('shows form_data fields in the order of the form, not the order jsonb stores them in', async () => {
      const id = await harness.createFiling({
        llcName: 'Order LLC',
        formData: { ein: '12-3456789', taxYearBegin: '2024-01-01', llcName: 'Order LLC', extraField: 'x' },
      });
      const body = await (await fetch(`${harness.appUrl}/filings/${id}`)).text();
      const positions = ['taxYearBegin', 'llcName', 'ein', 'extraField'].map((key) =>
        body.indexOf(`<small>${key}</small>`),
      );
      expect(positions.every((position) => position > 0)).toBe(true);
      expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    });
  });

  describe('security headers', () => {
    it('every page forbids framing, referrers, caching and everything but its own hashed stylesheet', async () => {
      const id = await harness.createFiling({ llcName: 'Headers LLC', formData: {} });
      const clientId = await harness.registerClient(['http://127.0.0.1:9/callback'], 'Header Client');
      const paths = [
        '/',
        '/api-keys',
        `/filings/${id}`,
        `/filings/${id}/print`,
        `/oauth/authorize?${consentQuery(clientId, 'http://127.0.0.1:9/callback')}`,
        '/no-such-page',
      ];
      for (const path of paths) {
        const response = await fetch(`${harness.appUrl}${path}`);
        const csp = response.headers.get('content-security-policy') ?? '';
        expect(csp, path).toContain("default-src 'none'");
        expect(csp, path).toContain("frame-ancestors 'none'");
        expect(csp, path).toContain("base-uri 'none'");
        expect(csp, path).not.toContain('unsafe-inline');
        expect(response.headers.get('x-frame-options'), path).toBe('DENY');
        expect(response.headers.get('referrer-policy'), path).toBe('no-referrer');
        expect(response.headers.get('cache-control'), path).toBe('no-store');
        expect(response.headers.get('x-content-type-options'), path).toBe('nosniff');
        expect(response.headers.get('content-type'), path).toBe('text/html; charset=utf-8');
        // The one inline stylesheet must be exactly what the CSP hash allows.
        const style = /<style>([\s\S]*?)<\/style>/.exec(await response.text())?.[1] ?? '';
        const hash = createHash('sha256').update(style).digest('base64');
        expect(csp, path).toContain(`style-src 'sha256-${hash}'`);
        expect(path === '/no-such-page' ? 404 : 200, path).toBe(response.status);
      }
    });

    it('the consent page may send the browser only to itself and the validated redirect origin', async () => {
      const clientId = await harness.registerClient(['http://127.0.0.1:7777/cb'], 'Form Action Client');
      const response = await fetch(
        `${harness.appUrl}/oauth/authorize?${consentQuery(clientId, 'http://127.0.0.1:7777/cb')}`,
      );
      expect(response.headers.get('content-security-policy')).toContain(
        "form-action 'self' http://127.0.0.1:7777;",
      );
    });
  });

  describe('CSRF', () => {
    it('refuses a form without a token with 403 and creates no key', async () => {
      const { cookie } = await formSession();
      const response = await postForm(
        '/api-keys',
        { name: 'no token', expires_in: '30d' },
        { cookie, origin: harness.origin },
      );
      expect(response.status).toBe(403);
      expect(await response.text()).toContain('missing or invalid CSRF token');
      expect(await apiKeyCount()).toBe(0);
    });

    it('refuses a token without its cookie, and a token of another cookie', async () => {
      const first = await formSession();
      const second = await formSession();
      const withoutCookie = await postForm('/api-keys', { csrf_token: first.token, expires_in: '30d' });
      expect(withoutCookie.status).toBe(403);
      const crossed = await postForm(
        '/api-keys',
        { csrf_token: first.token, expires_in: '30d' },
        { cookie: second.cookie },
      );
      expect(crossed.status).toBe(403);
      expect(await apiKeyCount()).toBe(0);
    });

    it('refuses a cross-site submission even with a valid token: Origin and Sec-Fetch-Site', async () => {
      const { cookie, token } = await formSession();
      const fields = { csrf_token: token, name: 'evil', expires_in: '30d' };
      const foreignOrigin = await postForm('/api-keys', fields, { cookie, origin: 'https://evil.example' });
      expect(foreignOrigin.status).toBe(403);
      expect(await foreignOrigin.text()).toContain('origin not allowed');
      const crossSite = await postForm('/api-keys', fields, { cookie, 'sec-fetch-site': 'cross-site' });
      expect(crossSite.status).toBe(403);
      const sameSite = await postForm('/api-keys', fields, { cookie, 'sec-fetch-site': 'same-site' });
      expect(sameSite.status).toBe(403);
      // `Origin: null` (sandboxed frames, data: pages) is trusted only with Sec-Fetch-Site: same-origin.
      const opaque = await postForm('/api-keys', fields, { cookie, origin: 'null' });
      expect(opaque.status).toBe(403);
      expect(await apiKeyCount()).toBe(0);
    });

    it('accepts Origin: null with Sec-Fetch-Site: same-origin, as Chromium sends under no-referrer', async () => {
      const { cookie, token } = await formSession();
      const response = await postForm(
        '/api-keys',
        { csrf_token: token, name: 'opaque origin', expires_in: '30d' },
        { cookie, origin: 'null', 'sec-fetch-site': 'same-origin' },
      );
      expect(response.status).toBe(201);
      expect(await apiKeyCount()).toBe(1);
      await harness.db.deleteFrom('api_keys').where('user_id', '=', harness.userId).execute();
    });

    it('refuses a consent Approve without a token: no authorization code is issued', async () => {
      const redirectUri = 'http://127.0.0.1:9/csrf-callback';
      const clientId = await harness.registerClient([redirectUri], 'CSRF Client');
      const before = await codeCount();
      const fields = Object.fromEntries(new URLSearchParams(consentQuery(clientId, redirectUri)));
      const response = await postForm(
        '/oauth/authorize',
        { ...fields, decision: 'approve' },
        { origin: harness.origin },
      );
      expect(response.status).toBe(403);
      expect(response.headers.get('location')).toBeNull();
      expect(await codeCount()).toBe(before);
    });

    it('accepts a same-origin submission with cookie and token: the key is shown once and stored hashed', async () => {
      const { cookie, token } = await formSession();
      const response = await postForm(
        '/api-keys',
        { csrf_token: token, name: 'laptop <b>', expires_in: '30d' },
        { cookie, origin: harness.origin, 'sec-fetch-site': 'same-origin' },
      );
      expect(response.status).toBe(201);
      const body = await response.text();
      const key = /<p class="secret" id="new-api-key">(nf_[0-9a-f]{64})<\/p>/.exec(body)?.[1];
      expect(key).toBeDefined();
      expect(body).toContain('laptop &lt;b&gt;');
      const rows = await harness.db
        .selectFrom('api_keys')
        .selectAll()
        .where('user_id', '=', harness.userId)
        .execute();
      expect(rows).toHaveLength(1);
      expect(JSON.stringify(rows)).not.toContain(key!);
      expect(rows[0]!.key_hash).toBe(createHash('sha256').update(key!).digest('hex'));
      // The list shows the prefix only, never the key again.
      const list = await (await fetch(`${harness.appUrl}/api-keys`, { headers: { cookie } })).text();
      expect(list).toContain(rows[0]!.prefix);
      expect(list).not.toContain(key!);
      await harness.db.deleteFrom('api_keys').where('user_id', '=', harness.userId).execute();
    });
  });

  describe('bad input changes nothing', () => {
    it('a JSON body is 415, an oversized name or an unknown expiry 400; no key is written', async () => {
      const { cookie, token } = await formSession();
      const json = await fetch(`${harness.appUrl}/api-keys`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify({ csrf_token: token }),
      });
      expect(json.status).toBe(415);
      const long = await postForm(
        '/api-keys',
        { csrf_token: token, name: 'x'.repeat(101), expires_in: '30d' },
        { cookie },
      );
      expect(long.status).toBe(400);
      expect(await long.text()).toContain('No key was created');
      const expiry = await postForm(
        '/api-keys',
        { csrf_token: token, name: 'ok', expires_in: '1000y' },
        { cookie },
      );
      expect(expiry.status).toBe(400);
      expect(await apiKeyCount()).toBe(0);
    });

    it.each([
      ['a NUL', 'laptop\u0000'],
      ['a bell', 'lap\u0007top'],
      ['a line break', 'lap\ntop'],
      ['a tab', 'lap\ttop'],
      ['DEL', 'laptop\u007f'],
      ['a C1 control', 'lap\u0085top'],
    ])('a name with %s is refused 400 with a clear message; no key is written', async (_what, name) => {
      const { cookie, token } = await formSession();
      const before = await apiKeyCount();
      const refused = await postForm('/api-keys', { csrf_token: token, name, expires_in: '30d' }, { cookie });
      expect(refused.status).toBe(400);
      expect(await refused.text()).toContain(
        'The name must not contain control characters (such as NUL, tabs or line breaks). No key was created.',
      );
      expect(await apiKeyCount()).toBe(before);
    });

    it("revoking another user's key answers 404 and leaves it in place", async () => {
      const { createApiKey } = await import('@filing-mcp/filing-domain');
      const other = await createApiKey(harness.db, { userId: 'someone-else' });
      const { cookie, token } = await formSession();
      const response = await postForm(`/api-keys/${other.id}/revoke`, { csrf_token: token }, { cookie });
      expect(response.status).toBe(404);
      expect(await apiKeyCount('someone-else')).toBe(1);
    });
  });

  describe('open redirects', () => {
    it('an unknown client gets an error page (400), never a redirect, on GET and on Deny', async () => {
      const query = consentQuery('mcp_client_unknown', 'https://evil.example/steal');
      const page = await fetch(`${harness.appUrl}/oauth/authorize?${query}`, { redirect: 'manual' });
      expect(page.status).toBe(400);
      expect(page.headers.get('location')).toBeNull();
      expect(await page.text()).toContain('Unknown application');

      const { cookie, token } = await formSession();
      const fields = Object.fromEntries(new URLSearchParams(query));
      const deny = await postForm(
        '/oauth/authorize',
        { ...fields, csrf_token: token, decision: 'deny' },
        { cookie },
      );
      expect(deny.status).toBe(400);
      expect(deny.headers.get('location')).toBeNull();
    });

    it('an unregistered redirect_uri of a known client gets 400 on GET, Deny and Approve; no code is issued', async () => {
      const clientId = await harness.registerClient(['http://127.0.0.1:9/registered'], 'Redirect Client');
      const query = consentQuery(clientId, 'https://evil.example/steal');
      const page = await fetch(`${harness.appUrl}/oauth/authorize?${query}`, { redirect: 'manual' });
      expect(page.status).toBe(400);
      expect(await page.text()).toContain('not registered');

      const before = await codeCount();
      const { cookie, token } = await formSession();
      const fields = Object.fromEntries(new URLSearchParams(query));
      for (const decision of ['deny', 'approve']) {
        const response = await postForm(
          '/oauth/authorize',
          { ...fields, csrf_token: token, decision },
          { cookie },
        );
        expect(response.status, decision).toBe(400);
        expect(response.headers.get('location'), decision).toBeNull();
      }
      expect(await codeCount()).toBe(before);
    });

    it('a duplicated parameter is refused (400) rather than guessed', async () => {
      const clientId = await harness.registerClient(['http://127.0.0.1:9/dup'], 'Dup Client');
      const query = `${consentQuery(clientId, 'http://127.0.0.1:9/dup')}&redirect_uri=${encodeURIComponent('https://evil.example/')}`;
      const page = await fetch(`${harness.appUrl}/oauth/authorize?${query}`, { redirect: 'manual' });
      expect(page.status).toBe(400);
      expect(await page.text()).toContain('more than once');
    });

    it('Deny of a valid request goes back with error=access_denied, state and iss', async () => {
      const redirectUri = 'http://127.0.0.1:9/deny?keep=1';
      const clientId = await harness.registerClient([redirectUri], 'Deny Client');
      const { cookie, token } = await formSession(`/oauth/authorize?${consentQuery(clientId, redirectUri)}`);
      const fields = Object.fromEntries(new URLSearchParams(consentQuery(clientId, redirectUri)));
      const before = await codeCount();
      const response = await postForm(
        '/oauth/authorize',
        { ...fields, csrf_token: token, decision: 'deny' },
        { cookie },
      );
      expect(response.status).toBe(303);
      const location = new URL(response.headers.get('location')!);
      expect(`${location.origin}${location.pathname}`).toBe('http://127.0.0.1:9/deny');
      expect(location.searchParams.get('keep')).toBe('1');
      expect(location.searchParams.get('error')).toBe('access_denied');
      expect(location.searchParams.get('state')).toBe('state-123');
      expect(location.searchParams.get('iss')).toBe(harness.baseUrl);
      expect(location.searchParams.get('code')).toBeNull();
      expect(await codeCount()).toBe(before);
    });

    it('Approve of a valid request gets a code for the local user (completeAuthorization, in process)', async () => {
      const redirectUri = 'http://127.0.0.1:9/approve';
      const clientId = await harness.registerClient([redirectUri], 'Approve Client');
      const { cookie, token } = await formSession(`/oauth/authorize?${consentQuery(clientId, redirectUri)}`);
      const fields = Object.fromEntries(new URLSearchParams(consentQuery(clientId, redirectUri)));
      const response = await postForm(
        '/oauth/authorize',
        { ...fields, csrf_token: token, decision: 'approve' },
        { cookie },
      );
      expect(response.status).toBe(303);
      const location = new URL(response.headers.get('location')!);
      expect(`${location.origin}${location.pathname}`).toBe(redirectUri);
      expect(location.searchParams.get('state')).toBe('state-123');
      expect(location.searchParams.get('iss')).toBe(harness.baseUrl);
      const code = location.searchParams.get('code')!;
      expect(code).toMatch(/^mcp_code_/);
      const stored = await harness.db
        .selectFrom('oauth_codes')
        .selectAll()
        .where('code_hash', '=', createHash('sha256').update(code).digest('hex'))
        .executeTakeFirstOrThrow();
      expect(stored.user_id).toBe(harness.userId);
      expect(stored.client_id).toBe(clientId);
    });
  });

  describe('scopes', () => {
    it('the API-keys page creates a filings:read key and lists its scope; an unknown scope writes nothing', async () => {
      const { cookie, token } = await formSession();
      const page = await (await fetch(`${harness.appUrl}/api-keys`, { headers: { cookie } })).text();
      expect(page).toContain('<option value="filings:read">');
      const bad = await postForm(
        '/api-keys',
        { csrf_token: token, name: 'bad', expires_in: '30d', scope: 'filings:admin' },
        { cookie },
      );
      expect(bad.status).toBe(400);
      expect(await bad.text()).toContain('Choose one of the offered scopes. No key was created.');
      expect(await apiKeyCount()).toBe(0);

      const created = await postForm(
        '/api-keys',
        { csrf_token: token, name: 'reader', expires_in: '30d', scope: 'filings:read' },
        { cookie },
      );
      expect(created.status).toBe(201);
      expect(await created.text()).toContain('<td>filings:read</td>');
      const row = await harness.db
        .selectFrom('api_keys')
        .select('scope')
        .where('user_id', '=', harness.userId)
        .executeTakeFirstOrThrow();
      expect(row.scope).toBe('filings:read');
      await harness.db.deleteFrom('api_keys').where('user_id', '=', harness.userId).execute();
    });

    it('the consent page shows what each requested scope allows', async () => {
      const redirectUri = 'http://127.0.0.1:9/scopes';
      const clientId = await harness.registerClient([redirectUri], 'Scoped Client');
      const query = consentQuery(clientId, redirectUri, { scope: 'filings:read filings:write' });
      const page = await (await fetch(`${harness.appUrl}/oauth/authorize?${query}`)).text();
      expect(page).toContain(
        '<li><code>filings:read</code>: Read only: list and read your filings, form schemas, payments, fax logs and PDF links.</li>',
      );
      expect(page).toContain('<li><code>filings:write</code>: Create, change and delete your filings.</li>');
      expect(page).not.toContain('<code>mcp</code>');
    });
  });

  describe('consent errors from /approve', () => {
    it('a request /approve refuses (a scope other than mcp) is a 400 page, not a redirect, and no code', async () => {
      const redirectUri = 'http://127.0.0.1:9/scope';
      const clientId = await harness.registerClient([redirectUri], 'Scope Client');
      const query = consentQuery(clientId, redirectUri, { scope: 'admin' });
      const { cookie, token } = await formSession(`/oauth/authorize?${query}`);
      const before = await codeCount();
      const fields = Object.fromEntries(new URLSearchParams(query));
      const response = await postForm(
        '/oauth/authorize',
        { ...fields, csrf_token: token, decision: 'approve' },
        { cookie },
      );
      expect(response.status).toBe(400);
      expect(response.headers.get('location')).toBeNull();
      expect(await response.text()).toContain('invalid_scope');
      expect(await codeCount()).toBe(before);
    });
  });

  describe('scoping and routing', () => {
    it("another user's filing, a malformed id and an unknown kind are 404 pages", async () => {
      const foreign = await harness.createFiling({
        userId: 'someone-else',
        llcName: 'Not Yours LLC',
        formData: {},
      });
      for (const path of [
        `/filings/${foreign}`,
        `/filings/${foreign}/pdf`,
        `/filings/${foreign}/pdf?format=zip`,
        `/filings/${foreign}/print`,
        `/partnership/${foreign}`,
        '/filings/not-a-uuid',
      ]) {
        const response = await fetch(`${harness.appUrl}${path}`);
        expect(response.status, path).toBe(404);
        expect(await response.text(), path).not.toContain('Not Yours LLC');
      }
    });

    it("the index lists only the local user's filings of both kinds, linked by their view URLs", async () => {
      const mine = await harness.createFiling({
        kind: 'partnership',
        llcName: 'Index Partners LP',
        formData: {},
      });
      await harness.createFiling({ userId: 'someone-else', llcName: 'Hidden Other LLC', formData: {} });
      const body = await (await fetch(`${harness.appUrl}/`)).text();
      expect(body).toContain('Index Partners LP');
      expect(body).toContain(`href="${harness.appUrl}/partnership/${mine}"`);
      expect(body).not.toContain('Hidden Other LLC');
    });

    it('paths outside the app are left to the server behind it (the core answers)', async () => {
      const metadata = await harness.companion.fetch(
        new Request(`${harness.baseUrl}/.well-known/oauth-authorization-server`),
      );
      expect(metadata.status).toBe(200);
      expect(((await metadata.json()) as { issuer: string }).issuer).toBe(harness.baseUrl);
      const outside = await harness.companion.fetch(new Request(`${harness.origin}/application`));
      expect(outside.status).toBe(404);
      expect(outside.headers.get('content-type')).not.toContain('text/html');
      const page = await harness.companion.fetch(new Request(`${harness.appUrl}/api-keys`));
      expect(page.headers.get('content-type')).toContain('text/html');
    });

    it('another Host (DNS rebinding) is refused with 403 and shows no data', async () => {
      const id = await harness.createFiling({ llcName: 'Rebinding LLC', formData: {} });
      const response = await harness.companion.fetch(
        new Request(`${harness.appUrl}/filings/${id}`, { headers: { host: 'attacker.example:1234' } }),
      );
      expect(response.status).toBe(403);
      // The server's allow-list refuses it first, with the one 403 body of non-MCP routes.
      expect(await response.json()).toEqual({ code: 403, message: 'Forbidden: Host not allowed' });
    });

    it('a wrong method is 405 with Allow', async () => {
      const response = await fetch(`${harness.appUrl}/`, { method: 'POST' });
      expect(response.status).toBe(405);
      expect(response.headers.get('allow')).toBe('GET');
    });
  });
});
