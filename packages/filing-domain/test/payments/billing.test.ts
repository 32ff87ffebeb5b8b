// BILLING=on: the first send_fax of a ready filing uses a credit; without one nothing is sent and
// the answer says the credits, the prices and how to buy; a resend uses none. Against the Telnyx
// and Stripe stand-ins (real HTTP servers on loopback).
import { testDatabases } from '@filing-mcp/test-db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FaxHarness, type FaxPacket, READY_FILING, startFaxHarness } from '../support/fax-harness.js';
import { newUser, replyBody } from '../support/helpers.js';
import { packetUri } from '../../src/resources/packet-resources.js';
import { type StripeStandIn, standInPayments, startStripeStandIn } from '../support/stripe-stand-in.js';

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

  it('the final packet downloaded to mail uses the credit once; the draft and the owner’s part stay free; check_filing shows the credits and verifies an open checkout', async () => {
    const { key, userId } = await newUser(h.db);
    const draft = await h.ok(key, 'create_filing', { form_data: { llcName: 'Draft Holdings LLC' } });
    const draftLinks = await h.ok(key, 'get_pdf_url', { id: draft.id });
    expect((await fetch(draftLinks.download_url)).status).toBe(200);
    expect((await fetch(draftLinks.download_to_file_url)).status).toBe(200);
    expect(await credits(userId)).toBe(0);

    const { id } = await h.ok(key, 'create_filing', { form_data: READY_FILING });
    const checked = await h.ok(key, 'check_filing', { id });
    expect(checked.ready).toBe(true);
    expect(checked.credits).toMatchObject({ billing: 'on', available: 0, will_use: 1, used: false });
    expect(checked.credits.note).toContain('you have 0: buy filings with buy_filings');
    expect(checked.credits.note).toContain('single (1 filing, $49.00)');
    const links = await h.ok(key, 'get_pdf_url', { id });
    expect((await fetch(`${links.download_url}&part=owner`)).status).toBe(200);
    for (const url of [links.download_url, links.download_to_file_url]) {
      const refused = await fetch(url);
      expect(refused.status).toBe(402);
      const body = JSON.stringify(await refused.json());
      expect(body).toContain('you have 0: the packet was not served');
      expect(body).toContain('single (1 filing, $49.00), pair (2 filings, $89.00)');
      expect(body).toContain('/billing');
    }
    // The MCP packet resource of the ready filing is the same final packet.
    const read = (filingId = id) =>
      fetch(h.baseUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          authorization: `Bearer ${key}`,
        },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'resources/read',
          params: { uri: packetUri('5472', filingId) },
        }),
      }).then(replyBody);
    const unread = await read();
    expect(unread.error).toMatchObject({ code: -32602, data: { code: 'credit_required' } });
    expect(unread.error.message).toContain('you have 0: the packet was not served');
    expect((await read(draft.id)).result.contents[0].mimeType).toBe('application/pdf');
    // HEAD serves nothing, so it uses nothing.
    expect((await fetch(links.download_url, { method: 'HEAD' })).status).toBe(200);

    const bought = await h.ok(key, 'buy_filings', { tier: 'pair' });
    stripe.pay(bought.checkout_id);
    // check_filing records the paid checkout without the webhook.
    const paid = await h.ok(key, 'check_filing', { id });
    expect(paid.credits).toMatchObject({ available: 2, will_use: 1, used: false });
    expect(await credits(userId)).toBe(2);

    const served = await fetch(links.download_url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('application/pdf');
    expect(await credits(userId)).toBe(1);
    // A second download, the part to file, and a fax of the same filing use none.
    expect((await fetch(links.download_url)).status).toBe(200);
    const toFile = await fetch(links.download_to_file_url);
    expect(toFile.status).toBe(200);
    expect(await credits(userId)).toBe(1);
    expect((await read()).result.contents[0].mimeType).toBe('application/pdf');
    expect(await credits(userId)).toBe(1);
    const after = await h.ok(key, 'check_filing', { id });
    expect(after.credits).toMatchObject({ available: 1, will_use: 0, used: true });
    expect(after.credits.note).toContain('its final packet downloaded');
    const upload = await fetch(links.upload_url, { method: 'POST', body: packet.signed });
    expect(upload.status).toBe(201);
    const copy = ((await upload.json()) as any).signed_copy.id;
    expect((await h.ok(key, 'send_fax', { id, confirm: copy })).outcome).toBe('sent');
    expect(await credits(userId)).toBe(1);
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
