// A local stand-in for the Stripe API, on a real loopback socket, answering as Stripe's API
// reference documents: form-encoded bodies with bracketed keys, `Authorization: Bearer sk_...`,
// POST /v1/checkout/sessions, GET /v1/checkout/sessions/:id (with `expand[]`), GET
// /v1/checkout/sessions?payment_intent=..., GET /v1/prices/:id, GET /v1/promotion_codes?code=...;
// errors as `{ error: { type, code, message } }`. It signs webhook events as Stripe does:
// `Stripe-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body" under the endpoint secret>`.
// The filing-domain payment tests and the conformance webhook scenario (every adapter) share it.
import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export const STRIPE_TEST_KEY = 'sk_test_0123456789abcdefStandIn';
export const STRIPE_WEBHOOK_SECRET = 'whsec_0123456789abcdefStandInSecret';

/** The tests' tiers: the stand-in's four prices. */
export const TEST_TIERS = 'single:price_single:1,pair:price_pair:2,five:price_five:5,ten:price_ten:10';

export interface StandInSession {
  id: string;
  object: 'checkout.session';
  mode: string;
  url: string | null;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'paid' | 'unpaid';
  amount_total: number;
  currency: string;
  metadata: Record<string, string>;
  client_reference_id: string | null;
  success_url: string;
  cancel_url: string;
  allow_promotion_codes: boolean | null;
  discounts: Array<{ promotion_code: string }>;
  payment_intent: string | null;
  expires_at: number;
  /** The form fields as received. */
  received: Record<string, any>;
}

export interface StripeStandIn {
  /** `http://127.0.0.1:PORT`: what STRIPE_API_BASE_URL is set to. */
  baseUrl: string;
  sessions: Map<string, StandInSession>;
  /** Every request: method, path (with query), authorization. */
  requests: Array<{ method: string; path: string; authorization: string | undefined }>;
  /** Completes a session as a card payment does: paid, a PaymentIntent and its charge's receipt. */
  pay(sessionId: string): StandInSession;
  /** A webhook event as Stripe sends it, signed with the endpoint secret (or `secret`). */
  event(
    type: string,
    object: Record<string, unknown>,
    options?: { eventId?: string; timestamp?: number; secret?: string },
  ): { body: string; headers: Record<string, string>; eventId: string };
  /**
   * The headers Stripe sends with `body` (exactly these bytes): `Stripe-Signature` over
   * `${timestamp}.${body}` with the endpoint secret (or `secret`); `timestamp` in Unix seconds, now
   * by default.
   */
  sign(body: string, options?: { timestamp?: number; secret?: string }): Record<string, string>;
  /** The charge object of a paid session, refunded by `amountRefunded`. */
  refundedCharge(sessionId: string, amountRefunded?: number): Record<string, unknown>;
  close(): Promise<void>;
}

const PRICES: Record<string, { unit_amount: number; currency: string }> = {
  price_single: { unit_amount: 4900, currency: 'usd' },
  price_pair: { unit_amount: 8900, currency: 'usd' },
  price_five: { unit_amount: 19900, currency: 'usd' },
  price_ten: { unit_amount: 34900, currency: 'usd' },
  price_ext: { unit_amount: 2900, currency: 'usd' },
};
const PROMOTIONS: Record<string, { id: string; percent: number }> = {
  LAUNCH20: { id: 'promo_launch20', percent: 20 },
};

/** Form-encoded bracketed keys (`line_items[0][price]`) as nested objects and arrays. */
function parseForm(text: string): Record<string, any> {
  const root: Record<string, any> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const parts = key.replace(/\]/g, '').split('[');
    let node: any = root;
    parts.forEach((part, index) => {
      const last = index === parts.length - 1;
      const name = part === '' ? String(Array.isArray(node) ? node.length : 0) : part;
      if (last) {
        if (Array.isArray(node)) node.push(value);
        else node[name] = value;
      } else {
        node[name] ??= /^\d*$/.test(parts[index + 1]!) ? [] : {};
        node = node[name];
      }
    });
  }
  return root;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const id = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;

function sign(body: string, options: { timestamp?: number; secret?: string } = {}): Record<string, string> {
  const timestamp = options.timestamp ?? Math.floor(Date.now() / 1000);
  const v1 = createHmac('sha256', options.secret ?? STRIPE_WEBHOOK_SECRET)
    .update(`${timestamp}.${body}`)
    .digest('hex');
  return { 'content-type': 'application/json', 'stripe-signature': `t=${timestamp},v1=${v1}` };
}

/** Starts the stand-in on a free loopback port. */
export async function startStripeStandIn(): Promise<StripeStandIn> {
  const sessions = new Map<string, StandInSession>();
  const charges = new Map<string, { id: string; receipt_url: string; amount: number }>();
  const requests: StripeStandIn['requests'] = [];
  let origin = '';

  function expanded(session: StandInSession, expand: string[]): Record<string, unknown> {
    const { received: _received, ...visible } = session;
    const out: Record<string, any> = { ...visible };
    if (session.payment_intent && expand.some((path) => path.startsWith('payment_intent'))) {
      const charge = charges.get(session.payment_intent)!;
      out.payment_intent = {
        id: session.payment_intent,
        object: 'payment_intent',
        latest_charge: expand.includes('payment_intent.latest_charge')
          ? { id: charge.id, object: 'charge', receipt_url: charge.receipt_url }
          : charge.id,
      };
    }
    if (expand.includes('discounts.promotion_code')) {
      out.discounts = session.discounts.map((discount) => ({
        promotion_code: {
          id: discount.promotion_code,
          object: 'promotion_code',
          code: Object.entries(PROMOTIONS).find(([, p]) => p.id === discount.promotion_code)?.[0],
        },
      }));
    }
    return out;
  }

  const http = createServer(async (request, response) => {
    const body = await readBody(request);
    const url = new URL(request.url ?? '/', 'http://stand-in');
    requests.push({
      method: request.method ?? '',
      path: url.pathname + url.search,
      authorization: request.headers.authorization,
    });
    const reply = (status: number, json: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
      response.end(JSON.stringify(json));
    };
    const missing = (what: string) =>
      reply(404, {
        error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}` },
      });
    // The checkout page a payer's browser is sent to (Stripe's own page, in miniature).
    const page = /^\/pay\/([^/]+)$/.exec(url.pathname);
    if (request.method === 'GET' && page !== null) {
      const session = sessions.get(page[1]!);
      response.writeHead(session ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
      return response.end(
        session
          ? `<!doctype html><title>Checkout</title><h1>Stand-in checkout</h1><p id="amount">${session.amount_total} ${session.currency}</p>`
          : '<!doctype html><title>Checkout</title><h1>No such checkout</h1>',
      );
    }
    if (request.headers.authorization !== `Bearer ${STRIPE_TEST_KEY}`) {
      return reply(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
    }
    // stripe-node writes arrays with indices (`expand[0]=...`); `expand[]=` is read as well.
    const expand = [...url.searchParams]
      .filter(([name]) => /^expand\[\d*\]$/.test(name))
      .map(([, value]) => value);
    if (request.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
      const form = parseForm(body);
      const price = PRICES[form.line_items?.[0]?.price];
      if (price === undefined) return missing('price');
      if (form.mode !== 'payment')
        return reply(400, { error: { type: 'invalid_request_error', code: 'parameter_invalid' } });
      if (form.allow_promotion_codes !== undefined && form.discounts !== undefined) {
        return reply(400, {
          error: { type: 'invalid_request_error', code: 'parameter_invalid_combination' },
        });
      }
      const promotion = form.discounts?.[0]?.promotion_code as string | undefined;
      const percent = Object.values(PROMOTIONS).find((p) => p.id === promotion)?.percent ?? 0;
      const session: StandInSession = {
        id: id('cs'),
        object: 'checkout.session',
        mode: 'payment',
        url: '',
        status: 'open',
        payment_status: 'unpaid',
        amount_total: Math.round((price.unit_amount * (100 - percent)) / 100),
        currency: price.currency,
        metadata: form.metadata ?? {},
        client_reference_id: form.client_reference_id ?? null,
        success_url: form.success_url,
        cancel_url: form.cancel_url,
        allow_promotion_codes: form.allow_promotion_codes === 'true' ? true : null,
        discounts: promotion ? [{ promotion_code: promotion }] : [],
        payment_intent: null,
        expires_at: Math.floor(Date.now() / 1000) + 86_400,
        received: form,
      };
      session.url = `${origin}/pay/${session.id}`;
      sessions.set(session.id, session);
      return reply(200, expanded(session, []));
    }
    const sessionMatch = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(url.pathname);
    if (request.method === 'GET' && sessionMatch) {
      const session = sessions.get(sessionMatch[1]!);
      return session === undefined ? missing('checkout.session') : reply(200, expanded(session, expand));
    }
    if (request.method === 'GET' && url.pathname === '/v1/checkout/sessions') {
      const intent = url.searchParams.get('payment_intent');
      const data = [...sessions.values()].filter((session) => session.payment_intent === intent);
      return reply(200, {
        object: 'list',
        data: data.map((s) => expanded(s, [])),
        has_more: false,
        url: '/v1/checkout/sessions',
      });
    }
    const priceMatch = /^\/v1\/prices\/([^/]+)$/.exec(url.pathname);
    if (request.method === 'GET' && priceMatch) {
      const price = PRICES[priceMatch[1]!];
      return price === undefined
        ? missing('price')
        : reply(200, { id: priceMatch[1], object: 'price', active: true, ...price });
    }
    if (request.method === 'GET' && url.pathname === '/v1/promotion_codes') {
      const code = url.searchParams.get('code') ?? '';
      const found = PROMOTIONS[code];
      return reply(200, {
        object: 'list',
        data: found ? [{ id: found.id, object: 'promotion_code', code, active: true }] : [],
        has_more: false,
        url: '/v1/promotion_codes',
      });
    }
    return missing('route');
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;

  return {
    baseUrl: origin,
    sessions,
    requests,
    pay(sessionId) {
      const session = sessions.get(sessionId)!;
      session.status = 'complete';
      session.payment_status = 'paid';
      session.url = null;
      session.payment_intent = id('pi');
      charges.set(session.payment_intent, {
        id: id('ch'),
        receipt_url: `https://pay.stripe.com/receipts/payment/${randomBytes(8).toString('hex')}`,
        amount: session.amount_total,
      });
      return session;
    },
    event(type, object, options = {}) {
      const eventId = options.eventId ?? id('evt');
      const body = JSON.stringify({
        id: eventId,
        object: 'event',
        api_version: '2026-10-28.endive',
        created: Math.floor(Date.now() / 1000),
        type,
        data: { object },
        livemode: false,
      });
      return { body, eventId, headers: sign(body, options) };
    },
    sign,
    refundedCharge(sessionId, amountRefunded) {
      const session = sessions.get(sessionId)!;
      const charge = charges.get(session.payment_intent!)!;
      const refunded = amountRefunded ?? charge.amount;
      return {
        id: charge.id,
        object: 'charge',
        amount: charge.amount,
        amount_refunded: refunded,
        refunded: refunded >= charge.amount,
        payment_intent: session.payment_intent,
        receipt_url: charge.receipt_url,
      };
    },
    close: () => new Promise((resolve) => http.close(() => resolve())),
  };
}
