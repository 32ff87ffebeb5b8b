import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import * as oauth from 'oauth4webapi';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type CompanionHarness, connectMcpClient } from './companion-harness.js';
import { ARTIFACTS, type ChromiumCompanion, startChromiumCompanion } from './support/chromium.js';
import { idsWhere } from './support/rows.js';

/**
 * PGlite only: the browser drives the same pages and storage paths that companion.test.ts checks on
 * both databases, and starting Chromium is the slow part, so a second database would add run time
 * and no coverage.
 *
 * End to end in a real browser: Debian's Chromium (`apt-get install -y chromium`) driven by
 * playwright-core. Screenshots of the consent page and a filing page go to adapters/node/artifacts/.
 */
let chromium: ChromiumCompanion;
let harness: CompanionHarness;
let browser: Browser;
let callbackServer: Server;
let callbackOrigin: string;
let context: BrowserContext;
let page: Page;
/** Console messages of the page: a CSP violation would show up here. */
let consoleMessages: string[];

beforeAll(async () => {
  chromium = await startChromiumCompanion();
  ({ harness, browser } = chromium);
  // The MCP client's local callback: a native app's loopback listener (RFC 8252).
  callbackServer = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end('<!doctype html><title>Callback</title><p>Back in the client.</p>');
  });
  await new Promise<void>((resolve) => callbackServer.listen(0, '127.0.0.1', resolve));
  callbackOrigin = `http://127.0.0.1:${(callbackServer.address() as AddressInfo).port}`;
});

afterAll(async () => {
  callbackServer?.closeAllConnections();
  await new Promise<void>((resolve) => (callbackServer ? callbackServer.close(() => resolve()) : resolve()));
  await chromium?.close();
});

beforeEach(async () => {
  context = await browser.newContext({ viewport: { width: 1000, height: 800 } });
  // Fail with Playwright's own explanation well before the test's timeout.
  context.setDefaultTimeout(10_000);
  page = await context.newPage();
  consoleMessages = [];
  page.on('console', (message) => consoleMessages.push(message.text()));
});

afterEach(async () => {
  await context?.close();
});

async function mcpClient(credential: string): Promise<Client> {
  return connectMcpClient(harness, credential, 'companion-browser-test');
}

/** The authorization server as a real OAuth client discovers it. */
async function discover(): Promise<oauth.AuthorizationServer> {
  const issuer = new URL(harness.baseUrl);
  const response = await oauth.discoveryRequest(issuer, {
    algorithm: 'oauth2',
    [oauth.allowInsecureRequests]: true,
  });
  return oauth.processDiscoveryResponse(issuer, response);
}

async function startAuthorization(clientName: string) {
  const redirectUri = `${callbackOrigin}/callback`;
  const clientId = await harness.registerClient([redirectUri], clientName);
  const as = await discover();
  const codeVerifier = oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  const url = new URL(as.authorization_endpoint!);
  url.search = new URLSearchParams({
    client_id: clientId,
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: 'mcp',
    state,
    code_challenge: await oauth.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    resource: harness.baseUrl,
  }).toString();
  return { as, client: { client_id: clientId } as oauth.Client, redirectUri, codeVerifier, state, url };
}

function cspViolations(): string[] {
  return consoleMessages.filter((message) => /Content Security Policy/i.test(message));
}

describe('OAuth consent in Chromium (PGlite only: companion.test.ts runs these pages on both databases)', () => {
  it('register, /authorize, consent page, Approve, callback with code, state and iss, token, tool call', async () => {
    const flow = await startAuthorization('Browser Test Client');
    await page.goto(flow.url.href);

    expect(new URL(page.url()).pathname).toBe('/app/oauth/authorize');
    await expect(page.locator('h1').textContent()).resolves.toBe(
      'Allow Browser Test Client to use your filings?',
    );
    const consentText = (await page.locator('main').textContent()) ?? '';
    expect(consentText).toContain(`127.0.0.1:${new URL(callbackOrigin).port}`);
    expect(consentText).toContain('mcp');
    expect(consentText).toContain(harness.userId);
    // The hashed stylesheet applied (a CSP mismatch would leave the browser's default margin).
    await expect(page.evaluate('getComputedStyle(document.body).margin')).resolves.toBe('0px');
    await page.screenshot({ path: `${ARTIFACTS}consent-page.png`, fullPage: true });

    await Promise.all([
      page.waitForURL(`${callbackOrigin}/callback?**`),
      page.getByRole('button', { name: 'Approve' }).click(),
    ]);
    const callback = new URL(page.url());
    expect(callback.searchParams.get('code')).toMatch(/^mcp_code_/);
    expect(callback.searchParams.get('state')).toBe(flow.state);
    expect(callback.searchParams.get('iss')).toBe(harness.baseUrl);
    expect(cspViolations()).toEqual([]);

    // The client finishes with a real OAuth library: it checks iss and state itself.
    const parameters = oauth.validateAuthResponse(flow.as, flow.client, callback, flow.state);
    const tokenResponse = await oauth.authorizationCodeGrantRequest(
      flow.as,
      flow.client,
      oauth.None(),
      parameters,
      flow.redirectUri,
      flow.codeVerifier,
      { [oauth.allowInsecureRequests]: true },
    );
    const tokens = await oauth.processAuthorizationCodeResponse(flow.as, flow.client, tokenResponse);
    expect(tokens.access_token).toMatch(/^mcp_at_/);

    const mcp = await mcpClient(tokens.access_token);
    const created = await mcp.callTool({
      name: 'create_filing',
      arguments: { form_data: { llcName: 'OAuth Approved LLC', ein: '98-7654321' } },
    });
    expect(created.isError).toBeFalsy();
    const listed = await mcp.callTool({ name: 'list_filings', arguments: {} });
    expect(JSON.stringify(listed.structuredContent)).toContain('OAuth Approved LLC');
    await mcp.close();
    // The token acts for the local user the consent page signed in.
    const row = await harness.db
      .selectFrom('filings')
      .select('user_id')
      .where('llc_name', '=', 'OAuth Approved LLC')
      .executeTakeFirstOrThrow();
    expect(row.user_id).toBe(harness.userId);
  });

  it('Deny returns to the client with error=access_denied, state and iss, and issues no code', async () => {
    const flow = await startAuthorization('Denied Client');
    const codesBefore = await idsWhere(harness.db, 'oauth_codes', 'client_id', flow.client.client_id);
    await page.goto(flow.url.href);
    await Promise.all([
      page.waitForURL(`${callbackOrigin}/callback?**`),
      page.getByRole('button', { name: 'Deny' }).click(),
    ]);
    const callback = new URL(page.url());
    expect(callback.searchParams.get('error')).toBe('access_denied');
    expect(callback.searchParams.get('state')).toBe(flow.state);
    expect(callback.searchParams.get('iss')).toBe(harness.baseUrl);
    expect(callback.searchParams.get('code')).toBeNull();
    expect(() => oauth.validateAuthResponse(flow.as, flow.client, callback, flow.state)).toThrow(
      oauth.AuthorizationResponseError,
    );
    expect(codesBefore).toEqual([]);
    const codesAfter = await idsWhere(harness.db, 'oauth_codes', 'client_id', flow.client.client_id);
    expect(codesAfter).toEqual([]);
    expect(cspViolations()).toEqual([]);
  });

  it('Approve of a request /approve refuses shows its refusal, stays on the page and issues no code', async () => {
    const flow = await startAuthorization('Refused Client');
    // A consent link /authorize would not have sent (a crafted one): the page still shows it.
    flow.url.searchParams.set('resource', 'https://elsewhere.example/mcp');
    await page.goto(`${harness.appUrl}/oauth/authorize${flow.url.search}`);
    await page.getByRole('button', { name: 'Approve' }).click();
    await expect(page.locator('h1').textContent()).resolves.toBe('Authorization refused');
    expect(new URL(page.url()).origin).toBe(harness.origin);
    // The same words /approve answers an external consent app for the same request.
    const body = Object.fromEntries(flow.url.searchParams);
    const overHttp = await fetch(`${harness.baseUrl}/approve`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${await harness.sessionJwt()}` },
      body: JSON.stringify(body),
    });
    const { detail } = (await overHttp.json()) as { detail: string };
    expect(overHttp.status).toBe(400);
    await expect(page.locator('main p.error').textContent()).resolves.toBe(
      `The authorization server refused this request: ${detail}`,
    );
    const codes = await idsWhere(harness.db, 'oauth_codes', 'client_id', flow.client.client_id);
    expect(codes).toEqual([]);
  });
});

describe('API keys page in Chromium', () => {
  it('create a key (shown once), call a tool with it, revoke it, get 401', async () => {
    await page.goto(`${harness.appUrl}/api-keys`);
    await page.getByLabel('Name (optional)').fill('browser key');
    await page.getByLabel('Expires after').selectOption('30d');
    await page.getByRole('button', { name: 'Create API key' }).click();
    const key = (await page.locator('#new-api-key').textContent())?.trim() ?? '';
    expect(key).toMatch(/^nf_[0-9a-f]{64}$/);
    const row = page.locator('tr', { hasText: 'browser key' });
    await expect(row.locator('code').textContent()).resolves.toBe(`${key.slice(0, 11)}…`);

    const mcp = await mcpClient(key);
    const result = await mcp.callTool({ name: 'list_filings', arguments: {} });
    expect(result.isError).toBeFalsy();
    await mcp.close();

    // Shown once: a fresh load of the page lists the key by prefix only.
    await page.goto(`${harness.appUrl}/api-keys`);
    expect(await page.content()).not.toContain(key);
    const reloadedRow = page.locator('tr', { hasText: 'browser key' });
    await expect(reloadedRow.locator('td').nth(3).textContent()).resolves.toMatch(/UTC$/); // last used
    await Promise.all([
      page.waitForURL('**/api-keys?revoked=1'),
      reloadedRow.getByRole('button', { name: 'Revoke' }).click(),
    ]);
    await expect(page.locator('p[role=status]').textContent()).resolves.toBe('The key was revoked.');
    await expect(page.locator('tr', { hasText: 'browser key' }).count()).resolves.toBe(0);

    const response = await fetch(harness.baseUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        authorization: `Bearer ${key}`,
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'list_filings', arguments: {} },
      }),
    });
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toMatch(/^Bearer /);
    expect(cspViolations()).toEqual([]);
  });
});

describe('filing pages in Chromium', () => {
  it("a filing's view_url and PDF link show its data", { timeout: 60_000 }, async () => {
    const { createApiKey } = await import('@filing-mcp/filing-domain');
    const { key } = await createApiKey(harness.db, { userId: harness.userId });
    const mcp = await mcpClient(key);
    const created = await mcp.callTool({
      name: 'create_filing',
      arguments: {
        form_data: {
          llcName: 'Harbor Light Trading LLC',
          ein: '12-3456789',
          taxYearBegin: '2024-01-01',
          taxYearEnd: '2024-12-31',
          llcStreet: '1209 Orange Street',
          llcCity: 'Wilmington, DE 19801',
          ownerName: 'Ana Pereira',
          ownerCitizenship: 'Portugal',
          isInitialYear: true,
          totalAssets: 25000,
          relatedParties: [{ id: 'rp-1', name: 'Pereira Holdings Lda', relationship: 'parent company' }],
        },
      },
    });
    const { id, view_url: viewUrl } = created.structuredContent as { id: string; view_url: string };
    expect(viewUrl).toBe(`${harness.appUrl}/filings/${id}`);

    await page.goto(viewUrl);
    await expect(page.locator('h1').textContent()).resolves.toBe('Harbor Light Trading LLC');
    const text = (await page.locator('main').textContent()) ?? '';
    for (const value of [
      '•••••6789',
      '2024-01-01 to 2024-12-31',
      'Draft',
      'Wilmington, DE 19801',
      'Ana Pereira',
      'Pereira Holdings Lda',
      'parent company',
      '25000',
      'Owner name',
    ]) {
      expect(text).toContain(value);
    }
    await page.screenshot({ path: `${ARTIFACTS}filing-page.png`, fullPage: true });

    const pdf = await mcp.callTool({ name: 'get_pdf_url', arguments: { id } });
    const { url: pdfUrl } = pdf.structuredContent as { url: string };
    // The link answers the packet of official forms to its owner, in the browser.
    // The first packet of the run is built on a cold packet worker: on a loaded 2-core machine that
    // has taken more than the pages' 10 s, so this one navigation gets the test's whole time.
    const response = await page.goto(pdfUrl, { timeout: 50_000 });
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-type']).toBe('application/pdf');
    // Chromium shows it in its PDF viewer; the bytes, fetched with the same browser context:
    const saved = await (await context.request.get(pdfUrl)).body();
    expect(saved.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(saved.length).toBeGreaterThan(50_000);
    await page.goto(viewUrl);

    // The printable view of the data moved to its own page, linked from the filing page.
    await page.getByRole('link', { name: 'Printable view' }).click();
    expect(page.url()).toBe(`${viewUrl}/print`);
    const printable = (await page.locator('main').textContent()) ?? '';
    expect(printable).toContain('Printable view');
    expect(printable).toContain('Pereira Holdings Lda');
    await mcp.close();
    expect(cspViolations()).toEqual([]);
  });

  it('a partnership filing page shows its partners', async () => {
    const id = await harness.createFiling({
      kind: 'partnership',
      llcName: 'Blue Fjord Partners LP',
      formData: {
        partnershipName: 'Blue Fjord Partners LP',
        partners: [
          {
            id: crypto.randomUUID(),
            name: 'Nordic Capital AS',
            type: 'entity',
            isForeign: true,
            withholdingRate: '21%',
          },
        ],
      },
    });
    await page.goto(`${harness.appUrl}/partnership/${id}`);
    const text = (await page.locator('main').textContent()) ?? '';
    expect(text).toContain('Blue Fjord Partners LP');
    expect(text).toContain('Nordic Capital AS');
    expect(text).toContain('21%');
  });

  it('a filing whose name contains <script> renders it as text and runs nothing', async () => {
    const name = '<script>window.__pwned = 1</script><img src=x onerror="window.__pwned = 2">';
    const id = await harness.createFiling({ llcName: name, formData: { llcName: name, ownerName: name } });
    await page.goto(`${harness.appUrl}/filings/${id}`);
    await expect(page.locator('h1').textContent()).resolves.toBe(name);
    await expect(page.evaluate('window.__pwned')).resolves.toBeUndefined();
    await expect(page.evaluate("document.querySelectorAll('script, img').length")).resolves.toBe(0);
    await page.goto(`${harness.appUrl}/`);
    await expect(page.getByRole('link', { name }).count()).resolves.toBe(1);
    await expect(page.evaluate("document.querySelectorAll('script, img').length")).resolves.toBe(0);
  });
});
