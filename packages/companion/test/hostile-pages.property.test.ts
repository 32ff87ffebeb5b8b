// Generated hostile input against every companion page, mounted as a deployment mounts them
// (mountCompanion in front of a filing server with packets and payments, so the billing pages
// exist too), without a sign-in, with the one-time link and with session JWTs, on both databases:
// paths with hostile ids and prototype names, methods, queries, cookies, CSRF tokens, origins and
// forms (urlencoded and multipart, with random files), valid enough to reach past the checks in
// most runs. Whatever the input: never a 5xx, a body of a type the pages answer (HTML, the PDF
// packet or its ZIP, the core's JSON), never a hang (every answer within a bound). Deterministic: the seed of
// packages/filing-domain/test/support/hostile-input.ts (FUZZ_SEED) and a bounded count of runs. A
// last test reads the routes (src/companion-app.ts) and fails when one is added that the fuzz does
// not cover. The server's own routes are fuzzed in packages/filing-domain/test/server.
import { readFile } from 'node:fs/promises';
import {
  createApiKey,
  createFilingServer,
  FILING_KINDS,
  FilingRepository,
  type FilingServer,
  migrateToLatest,
} from '@filing-mcp/filing-domain';
import { EXAMPLE_PARTNERSHIP_FILING, EXAMPLE_SINGLE_MEMBER_FILING } from '@filing-mcp/irs-forms';
import { type TestDatabase, testDatabases } from '@filing-mcp/test-db';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type StripeStandIn,
  standInPayments,
  startStripeStandIn,
  TEST_TIERS,
} from '../../filing-domain/test/support/stripe-stand-in.js';
import * as hostile from '../../filing-domain/test/support/hostile-input.js';
import { type MountedCompanion, mountCompanion } from '../src/index.js';
import { inProcessPackets } from './companion-harness.js';
import { APP_URL, BASE_URL, ORIGIN, sessionToken } from './sessions.js';

fc.configureGlobal({ seed: hostile.FUZZ_SEED });

const SECRET = 'companion-fuzz-session-secret-that-is-long-enough-0123456789';
const LOCAL_USER = 'local-fuzz-user';

/** The pages' routes (below `{app_url}`), `{id}` standing for a path segment, `{page}` for a kind's page. */
const ROUTES = [
  '',
  '/',
  '/sign-in',
  '/sign-out',
  '/oauth/authorize',
  '/api-keys',
  '/api-keys/{id}/revoke',
  '/billing',
  '/billing/checkout',
  '/billing/success',
  '/billing/cancel',
  '/{page}/{id}',
  '/{page}/{id}/signed-copy',
  '/{page}/{id}/pdf',
  '/{page}/{id}/print',
];

/** The routes a form posts to (a signed copy as multipart/form-data): mostly POSTed. */
const POST_ROUTES = new Set([
  '/sign-in',
  '/sign-out',
  '/oauth/authorize',
  '/api-keys',
  '/api-keys/{id}/revoke',
  '/billing/checkout',
  '/{page}/{id}/signed-copy',
]);

const CONSENT_FIELDS = [
  'client_id',
  'redirect_uri',
  'response_type',
  'state',
  'code_challenge',
  'code_challenge_method',
  'scope',
  'resource',
];

/** The fields each route's form (POST) and query (GET) carry, when it reads any. */
const ROUTE_FIELDS: Record<string, { form?: string[]; query?: string[] }> = {
  '/oauth/authorize': { form: ['decision', ...CONSENT_FIELDS], query: CONSENT_FIELDS },
  '/api-keys': { form: ['name', 'expires_in', 'scope'], query: ['revoked'] },
  '/billing/checkout': { form: ['tier'] },
  '/billing/success': { query: ['session_id'] },
  '/sign-in': { form: ['session', 'token'], query: ['token'] },
  '/{page}/{id}/pdf': { query: ['format'] },
};

/** The names the pages' forms and queries read, the OAuth parameters the consent page forwards, and more. */
const FIELD_NAMES = [
  'csrf_token',
  'decision',
  'expires_in',
  'name',
  'session',
  'tier',
  'token',
  ...CONSENT_FIELDS,
  'format',
  'revoked',
  'session_id',
];

const mostly = <T, U>(usual: fc.Arbitrary<T>, hostile: fc.Arbitrary<U>) =>
  fc.oneof({ weight: 4, arbitrary: usual }, { weight: 1, arbitrary: hostile });

describe.each(testDatabases())('hostile input against the companion pages on $name', (variant) => {
  let database: TestDatabase;
  let stripe: StripeStandIn;
  let core: FilingServer;
  let apps: Record<'local' | 'link' | 'session', MountedCompanion>;
  /** Ids a path may name: the local user's filings of each kind and API key, and a stranger's filing. */
  const ids: string[] = [];
  /** Valid values of the fields, to mix with hostile ones. */
  const valid: Record<string, string[]> = {};
  /** The CSRF cookie and each sign-in's cookie. */
  const cookies: string[] = [];

  beforeAll(async () => {
    database = await variant.create();
    await migrateToLatest(database.db);
    stripe = await startStripeStandIn();
    const payments = standInPayments(stripe);
    core = createFilingServer({
      db: database.db,
      packets: inProcessPackets(),
      payments: payments.payments,
      config: {
        baseUrl: BASE_URL,
        appUrl: APP_URL,
        session: { secret: SECRET },
        rateLimits: false,
      },
    });
    const settings = {
      db: database.db,
      appUrl: APP_URL,
      baseUrl: BASE_URL,
      userId: LOCAL_USER,
      session: { secret: SECRET },
    };
    apps = {
      local: mountCompanion(core, settings),
      link: mountCompanion(core, { ...settings, signIn: 'link' }),
      session: mountCompanion(core, { ...settings, signIn: 'session' }),
    };
    const repository = new FilingRepository(database.db);
    const filing = (
      table: 'filings' | 'partnership_filings',
      userId: string,
      formData: Record<string, unknown>,
    ) =>
      repository.createFiling(table, {
        userId,
        llcName: 'Fuzz LLC',
        ein: '12-3456789',
        taxYearBegin: '2024-01-01',
        taxYearEnd: '2024-12-31',
        formData,
      });
    ids.push(
      await filing('filings', LOCAL_USER, EXAMPLE_SINGLE_MEMBER_FILING),
      await filing('partnership_filings', LOCAL_USER, EXAMPLE_PARTNERSHIP_FILING),
      await filing('filings', 'someone-else', EXAMPLE_SINGLE_MEMBER_FILING),
      (await createApiKey(database.db, { userId: LOCAL_USER })).id,
    );
    const registered = await core.fetch(
      new Request(`${BASE_URL}/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ redirect_uris: ['http://127.0.0.1:9/callback'], client_name: 'Fuzz client' }),
      }),
    );
    const clientId = ((await registered.json()) as { client_id: string }).client_id;
    // A page's CSRF cookie and token (one for every instance: they share the session secret).
    const page = await apps.local.fetch(new Request(`${APP_URL}/api-keys`));
    cookies.push(page.headers.get('set-cookie')!.split(';')[0]!);
    const csrf = /name="csrf_token" value="([^"]+)"/.exec(await page.text())![1]!;
    // Each sign-in, done as the browser does it.
    const signIn = async (app: MountedCompanion, fields: Record<string, string>) => {
      const response = await app.fetch(
        new Request(`${APP_URL}/sign-in`, {
          method: 'POST',
          headers: {
            'content-type': 'application/x-www-form-urlencoded',
            origin: ORIGIN,
            cookie: cookies[0]!,
          },
          body: new URLSearchParams({ csrf_token: csrf, ...fields }),
        }),
      );
      const cookie = response.headers.get('set-cookie')?.split(';')[0];
      expect(cookie, `sign-in: ${response.status}`).toBeDefined();
      cookies.push(cookie!);
    };
    await signIn(apps.session, { session: await sessionToken(SECRET, LOCAL_USER) });
    await signIn(apps.link, { token: new URL(apps.link.signInUrl!).searchParams.get('token')! });
    Object.assign(valid, {
      csrf_token: [csrf],
      decision: ['approve', 'deny'],
      expires_in: ['30d', '90d', '365d', 'never'],
      name: ['fuzz key'],
      scope: ['mcp', 'filings:read'],
      session: [await sessionToken(SECRET, LOCAL_USER)],
      tier: TEST_TIERS.split(',').map((tier) => tier.split(':')[0]!),
      client_id: [clientId],
      redirect_uri: ['http://127.0.0.1:9/callback'],
      response_type: ['code'],
      state: ['state-1'],
      code_challenge: ['E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM'],
      code_challenge_method: ['S256'],
      resource: [BASE_URL],
      format: ['pdf', 'zip'],
    } satisfies Record<string, string[]>);
  });
  afterAll(async () => {
    await core?.close();
    await database?.close();
    await stripe?.close();
  });

  /** A field's value: mostly a valid one, sometimes hostile. */
  const fieldValue = (name: string) =>
    fc.oneof(
      { weight: 9, arbitrary: fc.constantFrom(...(valid[name] ?? ['x'])) },
      { weight: 1, arbitrary: hostile.hostileString.map((value) => value.slice(0, 500)) },
    );
  /**
   * Fields: each of `names` (a route's own) with a mostly valid value, else a random few of the
   * names the pages read; a hostile name or two at times, the CSRF token mostly (`csrf`).
   */
  const fieldsOf = (names: string[] | undefined, csrf: boolean) =>
    fc
      .tuple(
        names === undefined ? fc.subarray(FIELD_NAMES.slice(1), { maxLength: 6 }) : fc.constant(names),
        mostly(
          fc.constant({}),
          fc.dictionary(
            fc.oneof(fc.constantFrom(...hostile.PROTOTYPE_NAMES), hostile.hostileString),
            hostile.hostileString,
            {
              maxKeys: 2,
            },
          ),
        ),
        csrf ? mostly(fieldValue('csrf_token'), fc.constant(null)) : fc.constant(null),
      )
      .chain(([chosen, extra, token]) =>
        fc
          .tuple(
            ...chosen.map((name) =>
              fc
                .oneof(
                  { weight: 9, arbitrary: fieldValue(name) },
                  { weight: 1, arbitrary: fc.constant(null) },
                )
                .map((value) => [name, value] as const),
            ),
          )
          .map((pairs) => ({
            ...extra,
            ...Object.fromEntries(pairs.filter(([, value]) => value !== null)),
            ...(token !== null && { csrf_token: token }),
          })),
      );

  it('every page: hostile paths, methods, queries, cookies, origins and forms', async () => {
    const pages = FILING_KINDS.map((kind) => kind.page);
    const [ownFiling, ownPartnership, strangersFiling, apiKey] = ids as [string, string, string, string];
    /** The id a route's path names: mostly one of the page's own kind (or the API key), else hostile. */
    const idFor = (route: string, page: string) =>
      mostly(
        route.startsWith('/api-keys')
          ? fc.constant(apiKey)
          : page === 'partnership'
            ? fc.constant(ownPartnership)
            : fc.constantFrom(ownFiling, ownFiling, strangersFiling),
        fc.oneof(hostile.hostilePathSegment, fc.uuid(), fc.constantFrom(...ids)),
      );
    const request = fc
      .tuple(
        mostly(fc.constant('local' as const), fc.constantFrom('link' as const, 'session' as const)),
        // The routes a form posts to twice as often: they have the most to check.
        fc.oneof(fc.constantFrom(...ROUTES), fc.constantFrom(...POST_ROUTES)),
        mostly(fc.constantFrom(...pages), hostile.hostilePathSegment),
      )
      .chain(([app, route, page]) =>
        fc.record({
          app: fc.constant(app),
          route: fc.constant(route),
          path: idFor(route, page).map((id) => route.replace('{page}', page).replace('{id}', id)),
          method: mostly(
            POST_ROUTES.has(route)
              ? fc.constantFrom('POST', 'POST', 'GET')
              : fc.constantFrom('GET', 'GET', 'HEAD'),
            hostile.hostileMethod,
          ),
          query: fc.option(
            mostly(
              fieldsOf(ROUTE_FIELDS[route]?.query, false).map((query) =>
                new URLSearchParams(query).toString(),
              ),
              hostile.hostileQuery,
            ),
          ),
          // The CSRF cookie and the app's sign-in cookie, mostly; a hostile one sometimes.
          cookie: fc
            .tuple(
              mostly(
                fc.constant([cookies[0]!, app === 'session' ? cookies[1]! : cookies[2]!]),
                fc.subarray(cookies),
              ),
              mostly(fc.constant(null), hostile.hostileHeaderValue),
            )
            .map(([chosen, hostile]) => [...chosen, ...(hostile === null ? [] : [hostile])].join('; ')),
          origin: fc.option(
            mostly(fc.constant(ORIGIN), fc.oneof(fc.constant('null'), hostile.hostileHeaderValue)),
          ),
          fetchSite: fc.option(mostly(fc.constantFrom('same-origin', 'none'), hostile.hostileHeaderValue)),
          encoding: mostly(
            fc.constant(route.endsWith('signed-copy') ? 'multipart' : 'form'),
            fc.oneof(fc.constantFrom('none', 'form', 'multipart'), hostile.hostileHeaderValue),
          ),
          form: fieldsOf(ROUTE_FIELDS[route]?.form, true),
          files: fc.array(hostile.uploadBytes, { maxLength: 2 }),
        }),
      );
    await fc.assert(
      fc.asyncProperty(
        request,
        async ({ app, path, method, query, cookie, origin, fetchSite, encoding, form, files }) => {
          const url = `${APP_URL}${path}${query === null ? '' : `?${query}`}`;
          const headers = new Headers();
          if (cookie !== '') headers.set('cookie', cookie);
          if (origin !== null) headers.set('origin', origin);
          if (fetchSite !== null) headers.set('sec-fetch-site', fetchSite);
          let body: string | Uint8Array<ArrayBuffer> | undefined;
          if (method !== 'GET' && method !== 'HEAD') {
            if (encoding === 'multipart') {
              headers.set('content-type', 'multipart/form-data; boundary=fuzz');
              body = hostile.multipart(files, [], false, form);
            } else if (encoding !== 'none') {
              headers.set(
                'content-type',
                encoding === 'form' ? 'application/x-www-form-urlencoded' : encoding,
              );
              body = new URLSearchParams(form).toString();
            }
          }
          const what = `${app} ${method} ${url.slice(0, 300)} ${encoding} ${JSON.stringify(form).slice(0, 300)}`;
          const response = await hostile.within(
            apps[app].fetch(new Request(url, { method, headers, body })),
            what,
          );
          await hostile.expectSafeResponse(response, what, [
            'text/html',
            'application/pdf',
            'application/zip',
            'application/json',
          ]);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('covers every route of the pages (src/companion-app.ts)', async () => {
    // Each literal a route of companion-app.ts matches a path or segment with, and where ROUTES has it.
    const source = await readFile(new URL('../src/companion-app.ts', import.meta.url), 'utf8');
    const literals = source.match(/\b(?:rest === |rest\.startsWith\(|segments\[\d\] === )'[^']*'/g) ?? [];
    const named = new Set(literals.map((literal) => /'([^']*)'/.exec(literal)![1]!));
    const covered = new Set(
      ROUTES.flatMap((route) => [route, ...route.split('/').map((segment) => segment)]),
    );
    for (const literal of named) {
      const segment = literal.replace(/^\/|\/$/g, '');
      expect(
        covered.has(literal) || covered.has(segment),
        `companion-app.ts routes '${literal}', which ROUTES of this fuzz does not cover`,
      ).toBe(true);
    }
    expect(named.size).toBeGreaterThan(10);
  });
});
