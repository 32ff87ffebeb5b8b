// Generated hostile input against every route of the server that hostile-input.property.test.ts
// does not drive: the signed packet links, the signed copies' upload and fax-media links, the fax
// and payment webhooks (hostile bodies validly signed, and hostile signatures and timestamps), the
// probes, the well-known documents, `/mcp` and any other path, on both databases. The invariants
// are that file's: never a 5xx, a body of the route's documented type, never -32603, never a hang
// (every answer within a bound), a fixed seed (FUZZ_SEED) and a bounded count of runs. A last test
// reads the routes (src/server/routes.ts) and fails when one is added that no fuzz here covers.
import { readFile } from 'node:fs/promises';
import { testDatabases } from '@filing-mcp/test-db';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPacketLinks } from '../../src/resources/packet-links.js';
import { BASE_URL, SESSION_SECRET } from '../support/helpers.js';
import {
  expectSafeResponse,
  FUZZ_SEED,
  hostileHeaderValue,
  hostileMethod,
  hostilePathSegment,
  hostileQuery,
  hostileString,
  hostileValue,
  jsonText,
  multipart,
  PROTOTYPE_NAMES,
  uploadBytes,
  within,
} from '../support/hostile-input.js';
import { KNOWN_FAX_ID, startWebhookHarness, type WebhookHarness } from '../support/webhook-harness.js';

fc.configureGlobal({ seed: FUZZ_SEED });

const BASE_PATH = new URL(BASE_URL).pathname;
const ORIGIN = new URL(BASE_URL).origin;

/** Mostly `usual`, sometimes `hostile`: a well-formed part, so that most runs reach past the checks. */
const mostly = <T, U>(usual: fc.Arbitrary<T>, hostile: fc.Arbitrary<U>) =>
  fc.oneof({ weight: 4, arbitrary: usual }, { weight: 1, arbitrary: hostile });

/** A JSON object whose own keys shadow Object.prototype's (`{"toString":1}` cannot become a string). */
const shadowing = fc
  .dictionary(fc.constantFrom(...PROTOTYPE_NAMES), hostileValue, { minKeys: 1, maxKeys: 3 })
  .map((object) => JSON.parse(JSON.stringify(object)) as unknown);

/** A hostile JSON value, or one that shadows Object.prototype's names. */
const hostilePart = fc.oneof(hostileValue, shadowing);

/** Content types of an upload: the ones a copy is sent as, broken multipart ones, hostile ones. */
const uploadType = fc.oneof(
  fc.constantFrom(
    'application/pdf',
    'image/png',
    'image/jpeg',
    'multipart/form-data; boundary=fuzz',
    'multipart/form-data; boundary=',
    'multipart/form-data;',
    'application/x-www-form-urlencoded',
    'application/json',
  ),
  hostileHeaderValue,
);

/** Extra headers a client may send with any request: hostile values under names a route may read. */
const hostileHeaders = fc.oneof(
  fc.constant({}),
  fc.dictionary(
    fc.constantFrom(
      'accept',
      'range',
      'if-none-match',
      'origin',
      'cookie',
      'x-forwarded-for',
      'content-length',
      'transfer-encoding',
      'sec-fetch-site',
      'mcp-protocol-version',
      'authorization',
    ),
    fc.oneof(hostileHeaderValue, fc.constantFrom('0', '99999999999', '-1', 'bytes=0-1', 'null')),
    { maxKeys: 3 },
  ),
);

/** `url` with its query changed as a client may change it: kept, replaced, extended, or one value broken. */
const mutateQuery = (url: string) =>
  fc
    .tuple(
      mostly(fc.constant('keep'), fc.constantFrom('replace', 'append', 'exp', 'sig', 'n')),
      hostileQuery,
      hostileString,
    )
    .map(([how, query, value]) => {
      const link = new URL(url);
      if (how === 'replace') link.search = query;
      else if (how === 'append') link.search = `${link.search.slice(1)}&${query}`;
      else if (how !== 'keep') link.searchParams.set(how, value);
      return link.href;
    });

/** `url` with one path segment replaced by a hostile one (a prototype name, an odd id), or kept. */
const mutatePath = (url: string) =>
  fc
    .tuple(mostly(fc.constant(true), fc.constant(false)), fc.nat(6), hostilePathSegment)
    .map(([keep, index, segment]) => {
      if (keep) return url;
      const link = new URL(url);
      const segments = link.pathname.split('/');
      const at = 2 + (index % Math.max(segments.length - 2, 1));
      segments[at] = segment;
      link.pathname = segments.join('/');
      return link.href;
    });

/** The Telnyx event shape, each part replaceable by a hostile value. */
const faxEvent = fc
  .record({
    event_type: mostly(
      fc.constantFrom(
        'fax.queued',
        'fax.media.processed',
        'fax.sending.started',
        'fax.delivered',
        'fax.failed',
      ),
      fc.oneof(fc.constantFrom(...PROTOTYPE_NAMES), hostilePart),
    ),
    id: mostly(fc.uuid(), hostilePart),
    occurred_at: mostly(
      fc.date({ min: new Date(0), max: new Date(4e12), noInvalidDate: true }).map((d) => d.toISOString()),
      hostilePart,
    ),
    payload: mostly(
      fc.record(
        {
          fax_id: mostly(fc.constantFrom(KNOWN_FAX_ID, KNOWN_FAX_ID, 'fax-unknown'), hostilePart),
          direction: fc.constantFrom('outbound', 'inbound'),
          page_count: mostly(fc.integer({ min: -1, max: 20 }), hostilePart),
          failure_reason: hostilePart,
        },
        { requiredKeys: ['fax_id'] },
      ),
      hostilePart,
    ),
  })
  .chain((data) =>
    fc.oneof(
      { weight: 3, arbitrary: fc.constant(JSON.stringify({ data, meta: {} })) },
      { weight: 1, arbitrary: jsonText },
      {
        weight: 1,
        arbitrary: hostilePart.map((extra) => JSON.stringify({ data: { ...data, ...Object(extra) } })),
      },
    ),
  );

/** The Stripe event shape, each part replaceable by a hostile value. */
const paymentEvent = fc
  .record({
    id: mostly(
      hostileString.map((s) => `evt_${s}`),
      hostilePart,
    ),
    type: mostly(
      fc.constantFrom(
        'checkout.session.completed',
        'checkout.session.async_payment_succeeded',
        'charge.refunded',
        'customer.created',
      ),
      hostilePart,
    ),
    data: mostly(
      fc.record({
        object: mostly(
          fc.record({
            id: mostly(
              hostileString.map((s) => `cs_${s}`),
              hostilePart,
            ),
            payment_status: mostly(fc.constant('paid'), hostilePart),
            payment_intent: mostly(
              hostileString.map((s) => `pi_${s}`),
              hostilePart,
            ),
            amount_refunded: mostly(fc.integer(), hostilePart),
            amount: mostly(fc.integer(), hostilePart),
          }),
          hostilePart,
        ),
      }),
      hostilePart,
    ),
  })
  .chain((event) =>
    fc.oneof(
      { weight: 3, arbitrary: fc.constant(JSON.stringify(event)) },
      { weight: 1, arbitrary: jsonText },
    ),
  );

/** How a webhook's signature is sent: valid, valid but long ago or ahead, wrong, or hostile. */
const signing = mostly(fc.constant('valid'), fc.constantFrom('stale', 'ahead', 'wrong', 'hostile', 'none'));

describe.each(testDatabases())('hostile input against the other routes on $name', (variant) => {
  let w: WebhookHarness;
  /** Valid links of every purpose: of a real filing, of one that does not exist, of another kind. */
  const links: Record<'download' | 'upload' | 'fax-media', string[]> = {
    download: [],
    upload: [],
    'fax-media': [],
  };

  beforeAll(async () => {
    w = await startWebhookHarness(variant);
    const signer = createPacketLinks({ baseUrl: BASE_URL, secret: SESSION_SECRET, now: w.harness.now });
    const unknownId = '00000000-0000-4000-8000-000000000000';
    for (const purpose of ['download', 'upload', 'fax-media'] as const) {
      for (const [kind, id] of [
        ['5472', w.filingId],
        ['5472', unknownId],
        ['partnership', unknownId],
      ] as const) {
        links[purpose].push((await signer.sign(kind, id, purpose)).url);
      }
    }
  });
  afterAll(() => w?.close());

  const send = (url: string, init: RequestInit, what: string) =>
    within(w.harness.server.fetch(new Request(url, init)), what);

  it('packet download links (tokens, query, methods, headers)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc
          .constantFrom(...links.download, ...links['fax-media'])
          .chain(mutateQuery)
          .chain(mutatePath),
        fc.oneof(
          { weight: 4, arbitrary: fc.constantFrom('GET', 'HEAD') },
          { weight: 1, arbitrary: hostileMethod },
        ),
        fc.option(fc.oneof(fc.constantFrom('file', 'owner'), hostileString)),
        hostileHeaders,
        async (link, method, part, headers) => {
          const url = new URL(link.replace('/signed-copies/fax/', '/packets/'));
          if (part !== null) url.searchParams.set('part', part);
          const what = `${method} ${url.pathname}${url.search.slice(0, 200)} ${JSON.stringify(headers)}`;
          const response = await send(url.href, { method, headers: safeHeaders(headers) }, what);
          await expectSafeResponse(response, what, ['application/json', 'application/pdf']);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('signed-copy upload and fax-media links (tokens, methods, bodies, content types)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc
          .constantFrom(...links.upload, ...links.upload, ...links['fax-media'])
          .chain(mutateQuery)
          .chain(mutatePath),
        fc.oneof(
          { weight: 4, arbitrary: fc.constantFrom('POST', 'PUT') },
          { weight: 1, arbitrary: hostileMethod },
        ),
        fc.option(uploadType),
        fc.oneof(
          uploadBytes,
          fc
            .tuple(
              fc.array(uploadBytes, { maxLength: 3 }),
              fc.array(hostileString, { maxLength: 3 }),
              fc.boolean(),
            )
            .map(([files, names, cut]) => multipart(files, names, cut)),
        ),
        hostileHeaders,
        async (link, method, type, body, headers) => {
          const all = safeHeaders(headers);
          if (type !== null) all.set('content-type', type);
          const url = new URL(link);
          const what = `${method} ${url.pathname}${url.search.slice(0, 120)} ${type} ${body.length} bytes ${JSON.stringify(headers)}`;
          const hasBody = method !== 'GET' && method !== 'HEAD';
          const response = await send(url.href, { method, headers: all, ...(hasBody && { body }) }, what);
          await expectSafeResponse(response, what, ['application/json', 'application/pdf']);
        },
      ),
      { numRuns: 40 },
    );
  });

  /**
   * One webhook fuzzed: a signed hostile event, signed as `how` says (`sign` sets the vendor's
   * headers from the signature at the chosen time, or the hostile value), POSTed (or a hostile
   * method) with hostile extra headers; never a 5xx, a hang or a body that is not JSON.
   */
  function webhookProperty(
    label: string,
    events: fc.Arbitrary<string>,
    url: () => string,
    sign: (headers: Headers, body: string, timestamp: number, how: string, hostile: string) => void,
  ) {
    return fc.asyncProperty(
      events,
      signing,
      hostileHeaderValue,
      fc.oneof({ weight: 6, arbitrary: fc.constant('POST') }, { weight: 1, arbitrary: hostileMethod }),
      hostileHeaders,
      async (body, how, hostile, method, extra) => {
        const headers = safeHeaders(extra);
        headers.set('content-type', 'application/json');
        const now = Math.floor(w.harness.now() / 1000);
        const timestamp = how === 'stale' ? now - 3600 : how === 'ahead' ? now + 3600 : now;
        if (how !== 'none') sign(headers, body, timestamp, how, hostile);
        const what = `${method} ${label} ${how}: ${body.slice(0, 300)}`;
        const hasBody = method !== 'GET' && method !== 'HEAD';
        const response = await send(url(), { method, headers, ...(hasBody && { body }) }, what);
        await expectSafeResponse(response, what);
      },
    );
  }

  it('the fax webhook (signed hostile events; hostile signatures, timestamps, methods)', async () => {
    await fc.assert(
      webhookProperty(
        'fax webhook',
        faxEvent,
        () => w.faxWebhookUrl,
        (headers, body, timestamp, how, hostile) => {
          const signature = w.faxSignature(body, timestamp)['telnyx-signature-ed25519']!;
          headers.set('telnyx-timestamp', how === 'hostile' ? hostile : String(timestamp));
          headers.set(
            'telnyx-signature-ed25519',
            how === 'wrong' ? `${signature.slice(0, -4)}AAA=` : how === 'hostile' ? hostile : signature,
          );
        },
      ),
      { numRuns: 50 },
    );
  });

  it('the payment webhook (signed hostile events; hostile signatures, timestamps, methods)', async () => {
    await fc.assert(
      webhookProperty(
        'payment webhook',
        paymentEvent,
        () => w.paymentWebhookUrl,
        (headers, body, timestamp, how, hostile) => {
          const signature = w.paymentSignature(body, timestamp);
          headers.set(
            'stripe-signature',
            how === 'hostile' ? hostile : how === 'wrong' ? signature.replace('v1=', 'v1=x') : signature,
          );
        },
      ),
      { numRuns: 50 },
    );
  });

  it('the probes, the well-known documents, /mcp and any other path (methods, query, headers)', async () => {
    // oauth-core's discovery documents (its OAUTH_METADATA_PATHS), at both places they are served.
    const documents = [
      '/.well-known/oauth-authorization-server',
      '/.well-known/openid-configuration',
      '/.well-known/oauth-protected-resource',
    ];
    const wellKnown = documents.flatMap((path) => [path + BASE_PATH, BASE_PATH + path]);
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          { weight: 3, arbitrary: fc.constantFrom('/healthz', '/readyz') },
          { weight: 2, arbitrary: fc.constantFrom(...wellKnown, '/mcp', '/mcp/', `${BASE_PATH}/webhooks`) },
          {
            weight: 1,
            arbitrary: fc
              .tuple(
                fc.constantFrom('', BASE_PATH, `${BASE_PATH}/packets`),
                hostilePathSegment,
                hostilePathSegment,
              )
              .map(([root, name, tail]) => `${root}/${name}/${tail}`),
          },
        ),
        fc.oneof(
          { weight: 2, arbitrary: fc.constantFrom('GET', 'HEAD') },
          { weight: 1, arbitrary: hostileMethod },
        ),
        fc.option(hostileQuery),
        hostileHeaders,
        fc.option(fc.constantFrom('api.example.test', 'evil.example', '127.0.0.1', '', '[::1]:1')),
        async (path, method, query, extra, host) => {
          const headers = safeHeaders(extra);
          if (host !== null) headers.set('host', host);
          const url = `${ORIGIN}${path}${query === null ? '' : `?${query}`}`;
          const what = `${method} ${url.slice(0, 300)} ${JSON.stringify(extra)} host=${host}`;
          const hasBody = method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS';
          const response = await send(url, { method, headers, ...(hasBody && { body: '{}' }) }, what);
          await expectSafeResponse(response, what);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('covers every route the server mounts (src/server/routes.ts)', async () => {
    // Each way `route` matches a path, as its source writes it, and the fuzz that covers it.
    const covered: Record<string, string> = {
      'path === basePath': '(the base path itself: no route of its own)',
      "rest === ''": 'the MCP endpoint (hostile-input.property.test.ts)',
      "rest === '/'": 'the MCP endpoint (hostile-input.property.test.ts)',
      'rest.startsWith(PACKET_LINK_PATH_PREFIX)': 'packet download links',
      'rest.startsWith(SIGNED_COPY_PATH_PREFIX)': 'signed-copy upload and fax-media links',
      'rest === faxWebhook.path': 'the fax webhook',
      'rest === paymentWebhook.path': 'the payment webhook',
      'mcpGuesses.has(path)': '/mcp and any other path',
      "path === '/healthz'": 'the probes',
      "path === '/readyz'": 'the probes',
      'oauthRoutes.has(path)': 'OAuth requests on every endpoint (hostile-input.property.test.ts)',
    };
    const source = await readFile(new URL('../../src/server/routes.ts', import.meta.url), 'utf8');
    const body = source.slice(source.indexOf('async function route('), source.indexOf('function mcpFetch('));
    const matches = body.match(
      /\b(?:rest|path) === (?:'[^']*'|[\w.]+)|\brest\.startsWith\(\w+\)|\b\w+\.has\(path\)/g,
    );
    expect(new Set(matches), 'a route in routes.ts that no fuzz covers: add a property for it').toEqual(
      new Set(Object.keys(covered)),
    );
  });
});

/** Headers of `fields` that `Headers` accepts (a name a runtime forbids is left out). */
function safeHeaders(fields: Record<string, string>): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(fields)) {
    try {
      headers.set(name, value);
    } catch {
      // A value Headers refuses is one no client can send.
    }
  }
  return headers;
}
