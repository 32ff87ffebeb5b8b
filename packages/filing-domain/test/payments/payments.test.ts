// Card payments against a Stripe stand-in (a real HTTP server on loopback, test/support/stripe-stand-in.ts):
// buy_filings and buy_extension open Checkout Sessions with the server's prices and metadata; signed
// webhooks record payments, credits and refunds once and in any order; list_payments verifies an
// open checkout without the webhook; each refusal changes nothing.
import type { FilingDatabase } from '../../src/storage/database.js';
import { testDatabases } from '@filing-mcp/test-db';
import {
  Client as ClientV2,
  StreamableHTTPClientTransport as TransportV2,
} from '@modelcontextprotocol/client';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FilingLogEvent } from '../../src/index.js';
import { CHECKOUTS_PER_USER_PER_HOUR } from '../../src/payments/buy-tools.js';
import { READY_FILING } from '../support/fax-harness.js';

/** A filing whose return is not due yet (the 2026 tax year: due in April 2027), so its extension is sold. */
const NOT_YET_DUE = { ...READY_FILING, taxYearBegin: '2026-01-01', taxYearEnd: '2026-12-31' };
import { APP_URL, newUser } from '../support/helpers.js';
import { callToolAt, startSocketServer } from '../support/socket-server.js';
import {
  STRIPE_TEST_KEY,
  STRIPE_WEBHOOK_SECRET,
  type StripeStandIn,
  standInPayments,
  startStripeStandIn,
} from '../support/stripe-stand-in.js';

describe.each(testDatabases())('payments on $name', (variant) => {
  let stripe: StripeStandIn;
  let db: Kysely<FilingDatabase>;
  let baseUrl: string;
  let close: () => Promise<void>;
  const logs: FilingLogEvent[] = [];
  let key: string;
  let userId: string;

  beforeAll(async () => {
    stripe = await startStripeStandIn();
    const started = await startSocketServer(variant.create, {
      ...standInPayments(stripe),
      logger: (event) => logs.push(event),
    });
    ({ baseUrl, close } = started);
    db = started.database.db;
    ({ key, userId } = await newUser(db));
  });
  afterAll(async () => {
    await close?.();
    await stripe?.close();
  });

  const call = (name: string, args: Record<string, unknown> = {}, as = key) =>
    callToolAt(baseUrl, as, name, args);
  async function ok(name: string, args: Record<string, unknown> = {}, as = key) {
    const outcome = await call(name, args, as);
    if (outcome.status !== 200 || outcome.isError) throw new Error(`${name}: ${JSON.stringify(outcome.raw)}`);
    return outcome.data;
  }
  const webhook = (event: { body: string; headers: Record<string, string> }) =>
    fetch(`${baseUrl}/webhooks/stripe`, { method: 'POST', headers: event.headers, body: event.body });
  const credits = async (user = userId) =>
    Number(
      (
        await db
          .selectFrom('billing_accounts')
          .select('credits')
          .where('user_id', '=', user)
          .executeTakeFirst()
      )?.credits ?? 0,
    );
  const paymentRows = async () =>
    Number((await db.selectFrom('payments').select(db.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  it('buy_filings with a promotion code: the stand-in gets the tier’s price and the metadata; a signed completion records the payment, its receipt and the credits', async () => {
    const bought = await ok('buy_filings', { tier: 'pair', promotion_code: 'LAUNCH20' });
    expect(bought).toMatchObject({ outcome: 'checkout', filings: 2, amount: 8900, currency: 'usd' });
    expect(bought.message).toContain('$89.00');
    const session = stripe.sessions.get(bought.checkout_id)!;
    expect(bought.checkout_url).toBe(session.url);
    expect(session.received).toMatchObject({
      mode: 'payment',
      line_items: [{ price: 'price_pair', quantity: '1' }],
      metadata: { user_id: userId, kind: 'tier', tier: 'pair' },
      client_reference_id: userId,
      discounts: [{ promotion_code: 'promo_launch20' }],
      success_url: `${APP_URL}/billing/success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${APP_URL}/billing/cancel`,
    });
    expect(session.received.allow_promotion_codes).toBeUndefined();
    expect(
      stripe.requests.some(
        (r) => r.path.startsWith('/v1/promotion_codes?') && r.path.includes('code=LAUNCH20'),
      ),
    ).toBe(true);

    stripe.pay(session.id);
    const completed = stripe.event('checkout.session.completed', { ...session, received: undefined });
    const response = await webhook(completed);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true, outcome: 'recorded' });
    expect(await credits()).toBe(2);

    const { payments } = await ok('list_payments');
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({
      id: session.id,
      amount: 7120,
      currency: 'usd',
      status: 'succeeded',
      filings_purchased: 2,
      kind: 'tier',
      filing_id: null,
      promotion_code: 'LAUNCH20',
    });
    expect(payments[0].receipt_url).toMatch(/^https:\/\/pay\.stripe\.com\/receipts\//);

    // The same event again changes nothing.
    const again = await webhook(completed);
    expect(await again.json()).toEqual({ received: true, outcome: 'duplicate' });
    expect(await credits()).toBe(2);
    // Another user sees none of it.
    const other = await newUser(db);
    expect((await ok('list_payments', {}, other.key)).payments).toEqual([]);

    // A refund marks it refunded and takes back the unused credits.
    const refund = await webhook(stripe.event('charge.refunded', stripe.refundedCharge(session.id)));
    expect(await refund.json()).toEqual({ received: true, outcome: 'refunded' });
    expect(await credits()).toBe(0);
    expect((await ok('list_payments')).payments[0].status).toBe('refunded');
    // No secret, key or signature in any log line.
    const logged = JSON.stringify(logs);
    for (const secret of [STRIPE_TEST_KEY, STRIPE_WEBHOOK_SECRET, completed.headers['stripe-signature']!]) {
      expect(logged).not.toContain(secret);
    }
  });

  it('without a promotion code the checkout lets the payer type one; list_payments records a paid checkout without the webhook, once', async () => {
    const user = await newUser(db);
    const bought = await ok('buy_filings', { tier: 'five' }, user.key);
    const session = stripe.sessions.get(bought.checkout_id)!;
    expect(session.received.allow_promotion_codes).toBe('true');
    expect(session.received.discounts).toBeUndefined();
    expect((await ok('list_payments', {}, user.key)).payments).toEqual([]);
    stripe.pay(session.id);
    const { payments } = await ok('list_payments', {}, user.key);
    expect(payments).toMatchObject([
      { id: session.id, amount: 19900, filings_purchased: 5, status: 'succeeded' },
    ]);
    expect(await credits(user.userId)).toBe(5);
    const late = await webhook(stripe.event('checkout.session.async_payment_succeeded', { id: session.id }));
    expect(await late.json()).toEqual({ received: true, outcome: 'already_recorded' });
    expect(await credits(user.userId)).toBe(5);
  });

  it('a refund that comes before the payment’s own event records the payment, then the refund', async () => {
    const user = await newUser(db);
    const bought = await ok('buy_filings', { tier: 'ten' }, user.key);
    stripe.pay(bought.checkout_id);
    const refund = await webhook(
      stripe.event('charge.refunded', stripe.refundedCharge(bought.checkout_id, 34900 / 2)),
    );
    expect(await refund.json()).toEqual({ received: true, outcome: 'refunded' });
    expect(await credits(user.userId)).toBe(5);
    const completed = await webhook(
      stripe.event('checkout.session.completed', { id: bought.checkout_id, payment_status: 'paid' }),
    );
    expect(await completed.json()).toEqual({ received: true, outcome: 'already_recorded' });
    expect(await credits(user.userId)).toBe(5);
    expect((await ok('list_payments', {}, user.key)).payments[0].status).toBe('partially_refunded');
  });

  it('buy_extension: a checkout of the extension price for one filing, recorded with its filing_id', async () => {
    const { id } = await ok('create_filing', { form_data: NOT_YET_DUE });
    const bought = await ok('buy_extension', { id });
    expect(bought).toMatchObject({ outcome: 'checkout', filings: 0, amount: 2900 });
    const session = stripe.sessions.get(bought.checkout_id)!;
    expect(session.received.line_items).toEqual([{ price: 'price_ext', quantity: '1' }]);
    expect(session.received.metadata).toEqual({ user_id: userId, kind: 'extension', filing_id: id });
    stripe.pay(session.id);
    await webhook(stripe.event('checkout.session.completed', { id: session.id, payment_status: 'paid' }));
    const extension = (await ok('list_payments')).payments.find((p: any) => p.kind === 'extension');
    expect(extension).toMatchObject({ filing_id: id, filings_purchased: 0, amount: 2900 });
    expect((await call('buy_extension', { id })).text).toContain('paid already');
    const other = await newUser(db);
    expect((await call('buy_extension', { id }, other.key)).text).toBe('Filing not found');
  });

  it('refuses a bad signature, an old timestamp, another secret and an oversized body with 400/413, changing nothing', async () => {
    const bought = await ok('buy_filings', { tier: 'single' });
    stripe.pay(bought.checkout_id);
    const rows = await paymentRows();
    const before = await credits();
    const object = { id: bought.checkout_id, payment_status: 'paid' };
    const forged = stripe.event('checkout.session.completed', object, { secret: 'whsec_someoneElse123456' });
    const old = stripe.event('checkout.session.completed', object, {
      timestamp: Math.floor(Date.now() / 1000) - 301,
    });
    const ahead = stripe.event('checkout.session.completed', object, {
      timestamp: Math.floor(Date.now() / 1000) + 400,
    });
    const tampered = stripe.event('checkout.session.completed', object);
    for (const [event, message] of [
      [forged, 'signature does not verify'],
      [old, 'more than 5 minutes away'],
      [ahead, 'more than 5 minutes away'],
      [{ ...tampered, body: tampered.body.replace('paid', 'paid ') }, 'signature does not verify'],
      [{ body: tampered.body, headers: { 'content-type': 'application/json' } }, 'signature does not verify'],
    ] as const) {
      const response = await webhook(event);
      expect([message, response.status]).toEqual([message, 400]);
      expect(JSON.stringify(await response.json())).toContain(message);
    }
    const huge = await fetch(`${baseUrl}/webhooks/stripe`, {
      method: 'POST',
      headers: tampered.headers,
      body: 'x'.repeat(300 * 1024),
    });
    expect(huge.status).toBe(413);
    expect(await paymentRows()).toBe(rows);
    expect(await credits()).toBe(before);
    // An event of a session this server did not open: 200, nothing recorded.
    const foreign = await webhook(
      stripe.event('checkout.session.completed', { id: 'cs_test_unknown', payment_status: 'paid' }),
    );
    expect(foreign.status).toBe(200);
    expect(await foreign.json()).toEqual({ received: true, outcome: 'unknown_checkout' });
    // An event it does not use: 200.
    const unused = await webhook(stripe.event('customer.created', { id: 'cus_1' }));
    expect(await unused.json()).toEqual({ received: true, outcome: 'ignored' });
    expect(await paymentRows()).toBe(rows);
  });

  it('refuses a tier that does not exist, a caller-supplied amount and an unknown promotion code, opening no checkout', async () => {
    const sessions = stripe.sessions.size;
    const missing = await call('buy_filings', { tier: 'gold' });
    expect(missing.isError).toBe(true);
    expect(missing.text).toContain(
      'There is no tier "gold": the tiers are single (1 filing), pair (2 filings)',
    );
    const priced = await call('buy_filings', { tier: 'single', amount: 1 });
    expect(priced.isError || priced.raw.error !== undefined).toBe(true);
    const code = await call('buy_filings', { tier: 'single', promotion_code: 'FREE100' });
    expect(code.text).toContain('The promotion code "FREE100" is not valid');
    expect(stripe.sessions.size).toBe(sessions);
  });

  it('limits checkout creation per user: past the hour’s limit nothing is opened, and another user is not limited', async () => {
    const user = await newUser(db);
    for (let index = 0; index < CHECKOUTS_PER_USER_PER_HOUR; index++) {
      await ok('buy_filings', { tier: index % 2 === 0 ? 'single' : 'five' }, user.key);
    }
    const sessions = stripe.sessions.size;
    const refused = await call('buy_filings', { tier: 'pair' }, user.key);
    expect(refused.isError).toBe(true);
    expect(refused.text).toContain(
      `You opened ${CHECKOUTS_PER_USER_PER_HOUR} checkouts in the last hour: no checkout was opened`,
    );
    const { id } = await ok('create_filing', { form_data: NOT_YET_DUE }, user.key);
    expect((await call('buy_extension', { id }, user.key)).text).toContain('in the last hour');
    expect(stripe.sessions.size).toBe(sessions);
    const other = await newUser(db);
    expect((await ok('buy_filings', { tier: 'single' }, other.key)).outcome).toBe('checkout');
    expect(stripe.sessions.size).toBe(sessions + 1);
  });

  it('asks a 2026-07-28 client that declares URL elicitation to open the checkout page (official SDK v2 client)', async () => {
    const asked: any[] = [];
    const client = new ClientV2(
      { name: 'payments-v2', version: '1.0.0' },
      { versionNegotiation: { mode: { pin: '2026-07-28' } }, capabilities: { elicitation: { url: {} } } },
    );
    client.setRequestHandler('elicitation/create', async (request: any) => {
      asked.push(request.params);
      return { action: 'accept' } as any;
    });
    await client.connect(
      new TransportV2(new URL(baseUrl), { requestInit: { headers: { authorization: `Bearer ${key}` } } }),
    );
    try {
      const result = await client.callTool({ name: 'buy_filings', arguments: { tier: 'single' } });
      const answer = result.structuredContent as any;
      expect(answer.outcome).toBe('opened');
      expect(asked).toHaveLength(1);
      expect(asked[0]).toMatchObject({ mode: 'url', url: stripe.sessions.get(answer.checkout_id)!.url });
      expect(asked[0].message).toContain('$49.00');
    } finally {
      await client.close();
    }
  });
});

describe.each(testDatabases())('without payment settings on $name', (variant) => {
  it('buy_filings says the server takes no payments, and the webhook path is not found', async () => {
    const { baseUrl, close, database } = await startSocketServer(variant.create);
    try {
      const { key } = await newUser(database.db);
      const outcome = await callToolAt(baseUrl, key, 'buy_filings', { tier: 'single' });
      expect(outcome.text).toContain('This server takes no payments');
      expect((await fetch(`${baseUrl}/webhooks/stripe`, { method: 'POST', body: '{}' })).status).toBe(404);
    } finally {
      await close();
    }
  });
});
