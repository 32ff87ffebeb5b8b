// What the fax webhook trusts, bounded: a telnyx-timestamp more than 5 minutes from now in
// either direction is refused, and a delivery date outside the fax's own window (from the send to
// the event's arrival) is replaced by the arrival, with a log line that says so.
import { testDatabases } from '@filing-mcp/test-db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FaxHarness, type FaxPacket, READY_FILING, startFaxWithUser } from '../support/fax-harness.js';

describe.each(testDatabases())('the fax webhook’s bounds on $name', (variant) => {
  let h: FaxHarness;
  let key: string;
  let packet: FaxPacket;

  beforeAll(async () => {
    ({ h, key, packet } = await startFaxWithUser(variant));
  });
  afterAll(async () => {
    await h?.close();
  });

  /** A ready filing, signed and faxed: its id and the provider's fax id. */
  async function sentFax(): Promise<{ id: string; faxId: string }> {
    const { id } = await h.ok(key, 'create_filing', { form_data: READY_FILING });
    const { upload_url } = await h.ok(key, 'get_pdf_url', { id });
    const upload = await fetch(upload_url, {
      method: 'POST',
      body: packet.signed as Uint8Array<ArrayBuffer>,
    });
    expect(upload.status).toBe(201);
    // The confirmation names the signed copy it is for.
    const { signed_copy } = (await upload.json()) as { signed_copy: { id: string } };
    await h.ok(key, 'send_fax', { id, confirm: signed_copy.id });
    return { id, faxId: h.telnyx.faxes.at(-1)!.id };
  }
  const faxOf = async (id: string) =>
    ((await h.ok(key, 'list_fax_logs')).fax_logs as any[]).find((fax) => fax.filing_id === id);
  const ogdenDay = (ms: number) =>
    new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Denver' }).format(new Date(ms));

  it('refuses a timestamp more than 5 minutes in the future or the past, and takes one within', async () => {
    const { id, faxId } = await sentFax();
    const now = Math.floor(Date.now() / 1000);
    // 30 s past the bound either way: the test's clock reading and the server's differ by the calls between.
    for (const timestamp of [now + 330, now + 3600, now - 330]) {
      const event = h.telnyx.event(faxId, 'fax.delivered', {}, { timestamp });
      const response = await h.webhook(event);
      expect(response.status, String(timestamp - now)).toBe(401);
      expect(((await response.json()) as any).message).toBe(
        'Unauthorized: the webhook timestamp is more than 5 minutes away',
      );
      expect(h.logs.at(-1)).toEqual({
        event: 'fax_webhook_refused',
        provider: 'telnyx',
        reason: 'stale_timestamp',
      });
    }
    expect((await faxOf(id)).status).toBe('queued');
    const within = await h.webhook(h.telnyx.event(faxId, 'fax.delivered', {}, { timestamp: now + 240 }));
    expect(await within.json()).toEqual({ received: true, outcome: 'applied' });
  });

  it.each([
    ['before the fax was sent', '2020-01-01T12:00:00.000Z', 'before_fax_sent'],
    [
      'after the event arrived',
      new Date(Date.now() + 3 * 24 * 60 * 60 * 1000).toISOString(),
      'after_arrival',
    ],
  ])('replaces a delivery date %s by the arrival, and logs it', async (_what, claimed, reason) => {
    const { id, faxId } = await sentFax();
    const before = Date.now();
    const response = await h.webhook(
      h.telnyx.event(faxId, 'fax.delivered', { page_count: packet.pages }, { occurredAt: claimed }),
    );
    const after = Date.now();
    expect(await response.json()).toEqual({ received: true, outcome: 'applied' });
    const fax = await faxOf(id);
    const completed = Date.parse(fax.completed_at);
    expect(completed).toBeGreaterThanOrEqual(before - 1000);
    expect(completed).toBeLessThanOrEqual(after + 1000);
    const line = h.logs.findLast((entry) => entry.event === 'fax_webhook');
    expect(line).toEqual({
      event: 'fax_webhook',
      provider: 'telnyx',
      status: 'delivered',
      outcome: 'applied',
      occurred_at_replaced: reason,
      claimed_occurred_at: claimed,
      occurred_at: fax.completed_at,
    });
    // The filing counts as filed on the day the event arrived (in Ogden), not the claimed one.
    const check = await h.ok(key, 'check_filing', { id, as_of: ogdenDay(after) });
    expect(check.filed).toMatchObject({ method: 'fax', date: ogdenDay(completed) });
  });

  it('keeps a delivery date inside the window, with a plain log line', async () => {
    const { id, faxId } = await sentFax();
    const claimed = new Date(Date.now() - 1000).toISOString();
    await h.webhook(h.telnyx.event(faxId, 'fax.delivered', {}, { occurredAt: claimed }));
    expect((await faxOf(id)).completed_at).toBe(claimed);
    expect(h.logs.findLast((entry) => entry.event === 'fax_webhook')).toEqual({
      event: 'fax_webhook',
      provider: 'telnyx',
      status: 'delivered',
      outcome: 'applied',
    });
  });
});
