import { describe, expect, it } from 'vitest';
import { callToolOk, newUser } from '../support/mcp.js';
import type { Scenarios } from '../support/scenario-context.js';

/**
 * `POST {base_url}/webhooks/stripe` through the target's transport, against the Stripe stand-in: a
 * checkout opened with buy_filings, paid, and its `checkout.session.completed` signed as Stripe signs
 * it (`Stripe-Signature: t=…,v1=HMAC-SHA256 of "t.body"`). The signature covers the raw body, so a
 * body the adapter re-encoded (base64 events, a charset, parsed and re-serialized JSON) would fail:
 * this one has unusual whitespace, `\u` escapes and multi-byte UTF-8. Registered on the target's
 * first database only: the transport is what is proven here (the payment store is tested on both
 * databases in filing-domain's payments.test.ts).
 */
export const paymentWebhookScenarios: Scenarios = (context) => {
  if (!context.firstDatabase) return;
  describe('the Stripe payment webhook (raw body preserved)', () => {
    const url = () => `${context.target.baseUrl}/webhooks/stripe`;
    const timestamp = () => Math.floor(context.target.clock.now() / 1000);

    /** A paid checkout of a new user (one filing), and its completion event as Stripe formats none. */
    async function paidCheckout() {
      const stripe = context.target.stripe;
      expect(stripe, 'the target takes payments through the Stripe stand-in').toBeDefined();
      const user = await newUser(context.target);
      const bought = await callToolOk(context.target, user.apiKey, 'buy_filings', { tier: 'single' });
      expect(bought).toMatchObject({ outcome: 'checkout', filings: 1, amount: 4900, currency: 'usd' });
      const { received: _received, ...session } = stripe!.pay(bought.checkout_id);
      const eventId = `evt_conformance_${session.id.slice(-12)}`;
      const body = `{\r\n  "id" :\t"${eventId}",  "object": "event",\n  "type": "checkout.session.completed",\n  "created": ${timestamp()}, "livemode": false,\n  "note": "Z\\u00fcrich B\\u00fcro \\u2014 東京 — Zürich",\n  "data": {  "object": ${JSON.stringify(session, null, 3)}  }\n}\n`;
      // A parsed and re-serialized body differs from the one signed.
      expect(JSON.stringify(JSON.parse(body))).not.toBe(body);
      return { user, session, eventId, body, stripe: stripe! };
    }

    async function paymentRows(userId: string) {
      return context.target.db
        .selectFrom('payments')
        .select(['id', 'status', 'filings_purchased'])
        .where('user_id', '=', userId)
        .execute();
    }

    it('a signed checkout.session.completed records the payment: list_payments shows it with its receipt', async () => {
      const { user, session, body, stripe } = await paidCheckout();
      const headers = stripe.sign(body, { timestamp: timestamp() });
      const response = await context.target.fetch(url(), { method: 'POST', headers, body });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ received: true, outcome: 'recorded' });
      const { payments } = await callToolOk(context.target, user.apiKey, 'list_payments');
      expect(payments).toEqual([
        expect.objectContaining({
          id: session.id,
          amount: 4900,
          currency: 'usd',
          status: 'succeeded',
          filings_purchased: 1,
          kind: 'tier',
          receipt_url: expect.stringMatching(/^https:\/\/pay\.stripe\.com\/receipts\//),
        }),
      ]);
      const again = await context.target.fetch(url(), { method: 'POST', headers, body });
      expect(await again.json()).toEqual({ received: true, outcome: 'duplicate' });
    });

    it('a bad signature, another secret’s or an old timestamp is refused 400 and records nothing', async () => {
      const { user, eventId, body, stripe } = await paidCheckout();
      const headers = stripe.sign(body, { timestamp: timestamp() });
      const tampered = await context.target.fetch(url(), {
        method: 'POST',
        headers,
        body: body.replace('"livemode": false', '"livemode": true'),
      });
      expect(tampered.status).toBe(400);
      expect(await tampered.json()).toMatchObject({
        message: expect.stringContaining('the webhook signature does not verify'),
      });
      const otherSecret = await context.target.fetch(url(), {
        method: 'POST',
        headers: stripe.sign(body, { timestamp: timestamp(), secret: 'whsec_not_the_endpoint_secret' }),
        body,
      });
      expect(otherSecret.status).toBe(400);
      // Signed right, 30 s past the 5 minutes of tolerance (the target’s clock; the calls between move it).
      const stale = await context.target.fetch(url(), {
        method: 'POST',
        headers: stripe.sign(body, { timestamp: timestamp() - 330 }),
        body,
      });
      expect(stale.status).toBe(400);
      expect(await stale.json()).toMatchObject({
        message: expect.stringContaining('the webhook timestamp is more than 5 minutes away'),
      });
      // Read from the database: list_payments would itself verify the open checkout with Stripe.
      expect(await paymentRows(user.userId)).toEqual([]);
      const seen = await context.target.db
        .selectFrom('payment_webhook_events')
        .select('event_id')
        .where('event_id', '=', eventId)
        .execute();
      expect(seen).toEqual([]);
      const credits = await context.target.db
        .selectFrom('billing_accounts')
        .select('credits')
        .where('user_id', '=', user.userId)
        .execute();
      expect(credits.every((row) => Number(row.credits) === 0)).toBe(true);
    });
  });
};
