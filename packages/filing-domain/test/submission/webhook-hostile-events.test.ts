// Validly signed webhook events whose content is hostile, as the fuzz (hostile-routes.property.test.ts)
// found them answered 500: U+0000 in an id or a reason (PostgreSQL text holds none), an event that is
// JSON `null`, and parts that are `null` or objects no String() converts (`{"toString":1}`). Each is
// answered 200 and changes nothing, except that a failure reason loses its U+0000.
import { testDatabases } from '@filing-mcp/test-db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KNOWN_FAX_ID, startWebhookHarness, type WebhookHarness } from '../support/webhook-harness.js';

describe.each(testDatabases())('webhook events of hostile content on $name', (variant) => {
  let w: WebhookHarness;
  beforeAll(async () => {
    w = await startWebhookHarness(variant);
  });
  afterAll(() => w?.close());

  const postFax = (body: string) =>
    w.harness.server.fetch(
      new Request(w.faxWebhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...w.faxSignature(body) },
        body,
      }),
    );
  const postPayment = (body: string) =>
    w.harness.server.fetch(
      new Request(w.paymentWebhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': w.paymentSignature(body) },
        body,
      }),
    );
  const faxEvent = (data: Record<string, unknown>) =>
    JSON.stringify({
      data: {
        event_type: 'fax.sending.started',
        id: crypto.randomUUID(),
        occurred_at: new Date(w.harness.now()).toISOString(),
        ...data,
        payload: { fax_id: KNOWN_FAX_ID, ...(data.payload as object) },
      },
    });
  const faxRow = () =>
    w.harness.db
      .selectFrom('fax_logs')
      .select(['status', 'failure_reason'])
      .where('provider_fax_id', '=', KNOWN_FAX_ID)
      .executeTakeFirstOrThrow();
  const count = async (table: 'fax_webhook_events' | 'payment_webhook_events') =>
    Number(
      (
        await w.harness.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('a fax event whose id or fax id holds U+0000 is ignored, changing nothing', async () => {
    const before = await count('fax_webhook_events');
    for (const body of [
      faxEvent({ id: 'evt\u0000' }),
      faxEvent({ payload: { fax_id: `${KNOWN_FAX_ID}\u0000` } }),
    ]) {
      const response = await postFax(body);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ received: true, outcome: 'ignored' });
    }
    expect(await count('fax_webhook_events')).toBe(before);
    expect((await faxRow()).status).toBe('queued');
  });

  it('a fax event whose parts are null or objects no String() converts is ignored or dated on arrival', async () => {
    const before = await count('fax_webhook_events');
    for (const body of [
      faxEvent({ event_type: { toString: 1 } }),
      JSON.stringify({ data: { event_type: 'fax.queued', id: 'evt-null-payload', payload: null } }),
      JSON.stringify({ data: null }),
      'null',
    ]) {
      const response = await postFax(body);
      expect(response.status, body).toBe(200);
      expect(await response.json()).toEqual({ received: true, outcome: 'ignored' });
    }
    expect(await count('fax_webhook_events')).toBe(before);
    // A date that is no string is no date: the event counts from its arrival, as a missing one does.
    const dated = await postFax(faxEvent({ occurred_at: { toString: 1, valueOf: 2 } }));
    expect(dated.status).toBe(200);
    expect(await dated.json()).toEqual({ received: true, outcome: 'applied' });
    expect((await faxRow()).status).toBe('sending');
  });

  it('a failed fax’s reason keeps its text without U+0000', async () => {
    const response = await postFax(
      faxEvent({ event_type: 'fax.failed', payload: { failure_reason: 'busy\u0000 line' } }),
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true, outcome: 'applied' });
    expect(await faxRow()).toEqual({ status: 'failed', failure_reason: 'busy line' });
  });

  it('a payment event whose id, checkout or payment holds U+0000, or that is no object, is ignored', async () => {
    const before = await count('payment_webhook_events');
    const paid = (id: string, checkout: string) =>
      JSON.stringify({
        id,
        type: 'checkout.session.completed',
        data: { object: { id: checkout, payment_status: 'paid' } },
      });
    for (const body of [
      paid('evt_\u0000', 'cs_fuzz'),
      paid('evt_fuzz', 'cs_\u0000'),
      JSON.stringify({
        id: 'evt_refund',
        type: 'charge.refunded',
        data: { object: { payment_intent: 'pi_\u0000', amount_refunded: 100 } },
      }),
      'null',
      '7',
    ]) {
      const response = await postPayment(body);
      expect(response.status, body).toBe(200);
      expect(await response.json()).toEqual({ received: true, outcome: 'ignored' });
    }
    expect(await count('payment_webhook_events')).toBe(before);
  });
});
