import { oauthEndpointPaths } from '@filing-mcp/oauth-core';
import { testDatabases } from '@filing-mcp/test-db';
import fc from 'fast-check';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE_URL, type Harness, newUser, SESSION_SECRET, startHarness } from '../support/helpers.js';
import { FUZZ_SEED, hostileString, jsonText, PROTOTYPE_NAMES, rawJson } from '../support/hostile-input.js';

// Generated hostile input against the whole server (MCP endpoint, every tool, every
// OAuth endpoint) on both databases. Whatever the input: never a 5xx, never a body that is not
// JSON, never -32603 for client input, never a hang (the test's timeout). Deterministic: a fixed
// seed (FUZZ_SEED overrides it, to explore; a failure prints the seed and path to replay) and a
// bounded count of runs per property, so that `pnpm test` runs the same cases every time. The
// server's other routes (packet and signed-copy links, webhooks, probes) are fuzzed in
// hostile-routes.property.test.ts, the companion's pages in packages/companion.
fc.configureGlobal({ seed: FUZZ_SEED });

const METHODS = ['initialize', 'ping', 'tools/list', 'tools/call', 'resources/list', 'prompts/list', 'x/y'];

async function expectSafeAnswer(response: Response, what: string): Promise<void> {
  expect(response.status, what).toBeLessThan(500);
  if (response.status === 202 || response.status === 302) return;
  const text = await response.text();
  let body: unknown;
  expect(
    () => {
      body = JSON.parse(text);
    },
    `${what}: ${text.slice(0, 200)}`,
  ).not.toThrow();
  const messages = Array.isArray(body) ? body : [body];
  for (const message of messages) {
    expect(
      (message as { error?: { code?: number } })?.error?.code,
      `${what}: ${text.slice(0, 300)}`,
    ).not.toBe(-32603);
  }
}

describe.each(testDatabases())('hostile input against the whole server on $name', (variant) => {
  let harness: Harness;
  let key: string;
  let toolNames: string[];
  let sessionJwt: string;

  beforeAll(async () => {
    harness = await startHarness(variant, { rateLimits: false });
    key = (await newUser(harness.db)).key;
    const list = await harness.server.fetch(
      new Request(BASE_URL, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"jsonrpc":"2.0","id":1,"method":"tools/list"}',
      }),
    );
    toolNames = ((await list.json()) as { result: { tools: Array<{ name: string }> } }).result.tools.map(
      (tool) => tool.name,
    );
    sessionJwt = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('property-user')
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(new TextEncoder().encode(SESSION_SECRET));
  });
  afterAll(async () => {
    await harness?.close();
  });

  const post = (path: string, body: string, headers: Record<string, string>) =>
    harness.server.fetch(new Request(`${BASE_URL}${path}`, { method: 'POST', headers, body }));

  it('generated JSON-RPC messages (ids, methods, params, raw numbers, nesting)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.integer(), hostileString, fc.constant(null)).map((id) => JSON.stringify(id)),
        fc.oneof(rawJson, fc.constantFrom('1', '"a"', 'null')),
        fc.oneof(fc.constantFrom(...METHODS), fc.constantFrom(...PROTOTYPE_NAMES)),
        jsonText,
        fc.boolean(),
        async (id, rawId, method, params, useRawId) => {
          const body = `{"jsonrpc":"2.0","id":${useRawId ? rawId : id},"method":${JSON.stringify(method)},"params":${params}}`;
          const response = await post('', body, {
            'content-type': 'application/json',
            authorization: `Bearer ${key}`,
          });
          await expectSafeAnswer(response, body.slice(0, 200));
        },
      ),
      { numRuns: 40 },
    );
  });

  it('tool arguments for every tool', async () => {
    await fc.assert(
      fc.asyncProperty(
        // Mostly real tools; unknown names too, Object.prototype's among them.
        fc.oneof(
          { weight: 3, arbitrary: fc.constantFrom(...toolNames) },
          { weight: 1, arbitrary: fc.constantFrom(...PROTOTYPE_NAMES) },
          { weight: 1, arbitrary: hostileString },
        ),
        fc.dictionary(
          fc.oneof(
            fc.constantFrom(
              'id',
              'form_data',
              'kind',
              'formType',
              'limit',
              'llc_name',
              'ein',
              'tax_year_begin',
            ),
            hostileString,
          ),
          jsonText,
          { maxKeys: 4 },
        ),
        async (name, args) => {
          const argsText = `{${Object.entries(args)
            .map(([field, text]) => `${JSON.stringify(field)}:${text}`)
            .join(',')}}`;
          const body = `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":${JSON.stringify(name)},"arguments":${argsText}}}`;
          const response = await post('', body, {
            'content-type': 'application/json',
            authorization: `Bearer ${key}`,
          });
          await expectSafeAnswer(response, `${name} ${argsText.slice(0, 200)}`);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('OAuth requests on every endpoint (query, form, JSON, Basic credentials)', async () => {
    const params = fc.dictionary(
      fc.oneof(
        fc.constantFrom(
          'client_id',
          'redirect_uri',
          'response_type',
          'code',
          'code_verifier',
          'code_challenge',
          'grant_type',
          'refresh_token',
          'token',
          'state',
          'scope',
          'resource',
        ),
        hostileString,
      ),
      hostileString,
      { maxKeys: 5 },
    );
    await fc.assert(
      fc.asyncProperty(
        // Every endpoint of oauth-core's table (`/register`, `/authorize`, `/approve`, `/token`, `/revoke`).
        fc.constantFrom(...oauthEndpointPaths('').keys()),
        params,
        jsonText,
        fc.constantFrom('form', 'json', 'raw'),
        fc.option(hostileString),
        async (endpoint, fields, raw, encoding, basic) => {
          let response: Response;
          if (endpoint === '/authorize') {
            const query = new URLSearchParams(fields).toString();
            response = await harness.server.fetch(new Request(`${BASE_URL}/authorize?${query}`));
          } else {
            const headers: Record<string, string> = {};
            let body: string;
            if (encoding === 'form') {
              headers['content-type'] = 'application/x-www-form-urlencoded';
              body = new URLSearchParams(fields).toString();
            } else {
              headers['content-type'] = 'application/json';
              body =
                encoding === 'json'
                  ? JSON.stringify(endpoint === '/register' ? { redirect_uris: [raw], ...fields } : fields)
                  : raw;
            }
            if (endpoint === '/approve') headers.authorization = `Bearer ${sessionJwt}`;
            else if (basic !== null) {
              // Basic credentials are base64 of bytes: each character's low byte, %-escapes kept.
              const raw = `${basic}:${basic}`.slice(0, 2000);
              const latin1 = Array.from(raw, (ch) => String.fromCharCode(ch.charCodeAt(0) & 0xff)).join('');
              headers.authorization = `Basic ${btoa(latin1)}`;
            }
            response = await post(endpoint, body, headers);
          }
          await expectSafeAnswer(response, `${endpoint} ${encoding} ${JSON.stringify(fields).slice(0, 200)}`);
        },
      ),
      { numRuns: 60 },
    );
  });
});
