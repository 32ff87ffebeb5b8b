// BILLING=on: the first send_fax of a ready filing uses a credit; without one nothing is sent and
// the answer says the credits, the prices and how to buy; a resend uses none. Against the Telnyx
// and Stripe stand-ins (real HTTP servers on loopback).
import { testDatabases } from '@filing-mcp/test-db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FaxHarness, type FaxPacket, READY_FILING, startFaxHarness } from './fax-harness.js';
import { newUser } from './helpers.js';
import { type StripeStandIn, standInPayments, startStripeStandIn } from './stripe-stand-in.js';

describe.each(testDatabases())('credits with BILLING=on on $name', (variant) => {
  let h: FaxHarness;
  let stripe: StripeStandIn;
  let packet: FaxPacket;

  beforeAll(async () => {
    stripe = await startStripeStandIn();
    h = await startFaxHarness(
      variant,
      true,
      standInPayments(stripe, { billing: 'on', tiers: 'single:price_single:1,pair:price_pair:2' }),
    );
    packet = await h.packet(READY_FILING);
  });
  afterAll(async () => {
    await h?.close();
    await stripe?.close();
  });

  /** The id of each filing's signed copy: what `confirm` carries. */
  const copies = new Map<string, string>();
  async function signedFiling(key: string): Promise<string> {
    const { id } = await h.ok(key, 'create_filing', { form_data: READY_FILING });
    const { upload_url } = await h.ok(key, 'get_pdf_url', { id });
    const response = await fetch(upload_url, { method: 'POST', body: packet.signed });
    expect(response.status).toBe(201);
    copies.set(id, ((await response.json()) as any).signed_copy.id);
    return id;
  }
  const credits = async (userId: string) =>
    Number(
      (
        await h.db
          .selectFrom('billing_accounts')
          .select('credits')
          .where('user_id', '=', userId)
          .executeTakeFirst()
      )?.credits ?? 0,
    );

  it('refuses the first fax without a credit, sends it with one and uses it once; a resend uses none', async () => {
    const { key, userId } = await newUser(h.db);
    const id = await signedFiling(key);
    const before = h.telnyx.faxes.length;
    const refused = await h.call(key, 'send_fax', { id, confirm: copies.get(id) });
    expect(refused.isError).toBe(true);
    expect(refused.text).toContain('you have 0: nothing was sent');
    expect(refused.text).toContain('single (1 filing, $49.00), pair (2 filings, $89.00)');
    expect(refused.text).toContain('buy_filings');
    expect(h.telnyx.faxes.length).toBe(before);

    const bought = await h.ok(key, 'buy_filings', { tier: 'single' });
    stripe.pay(bought.checkout_id);
    await h.ok(key, 'list_payments');
    expect(await credits(userId)).toBe(1);

    const sent = await h.ok(key, 'send_fax', { id, confirm: copies.get(id) });
    expect(sent.outcome).toBe('sent');
    expect(h.telnyx.faxes.length).toBe(before + 1);
    expect(await credits(userId)).toBe(0);
    const resent = await h.ok(key, 'send_fax', { id, confirm: copies.get(id), resend: true });
    expect(resent.outcome).toBe('sent');
    expect(h.telnyx.faxes.length).toBe(before + 2);
    expect(await credits(userId)).toBe(0);

    // A second filing needs a credit of its own.
    const second = await signedFiling(key);
    expect((await h.call(key, 'send_fax', { id: second, confirm: copies.get(second) })).text).toContain(
      'you have 0',
    );
    expect(h.telnyx.faxes.length).toBe(before + 2);
  });

  it('gives the credit back when the fax provider refuses the fax', async () => {
    const { key, userId } = await newUser(h.db);
    const id = await signedFiling(key);
    const bought = await h.ok(key, 'buy_filings', { tier: 'single' });
    stripe.pay(bought.checkout_id);
    await h.ok(key, 'list_payments');
    h.telnyx.failNext(422);
    expect((await h.call(key, 'send_fax', { id, confirm: copies.get(id) })).isError).toBe(true);
    expect(await credits(userId)).toBe(1);
  });
});
