// The fax provider is handed in: a second provider (a stand-in of no vendor, in this file only),
// given to createFilingServer as an adapter gives Telnyx's, receives the fax send_fax sends, and its
// own webhook path (not Telnyx's) is where the server takes its status events. No core file knows it.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { testDatabases } from '@filing-mcp/test-db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FaxEvent, FaxProvider, OutgoingFax } from '../../src/index.js';
import { type FaxHarness, type FaxPacket, READY_FILING, startFaxHarness } from '../support/fax-harness.js';
import { newUser } from '../support/helpers.js';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** A fax the stand-in took: what it was asked, and the document it fetched from the media link. */
interface RelayedFax {
  fax: OutgoingFax;
  mediaStatus: number;
  media: Uint8Array;
}

/**
 * A fax provider of its own: it fetches the media link (as a real provider does), keeps the fax, and
 * verifies its webhooks with an HMAC-SHA256 of the body under a shared secret (`x-relay-signature`).
 */
function relayFaxProvider(secret: string): FaxProvider & { sent: RelayedFax[] } {
  const sent: RelayedFax[] = [];
  return {
    name: 'relay',
    webhookPath: '/webhooks/relay/status',
    fromNumber: '+13125550199',
    sent,
    async send(fax) {
      const response = await fetch(fax.mediaUrl);
      sent.push({ fax, mediaStatus: response.status, media: new Uint8Array(await response.arrayBuffer()) });
      return { faxId: `relay-${sent.length}` };
    },
    async receive({ headers, body, now }): Promise<FaxEvent | 'ignored' | 'bad_signature'> {
      const expected = createHmac('sha256', secret).update(body).digest();
      const given = Buffer.from(headers.get('x-relay-signature') ?? '', 'hex');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'bad_signature';
      const event = JSON.parse(new TextDecoder().decode(body)) as { id: string; fax: string; status: string };
      if (event.status !== 'delivered') return 'ignored';
      return {
        eventId: event.id,
        faxId: event.fax,
        status: 'delivered',
        occurredAt: new Date(now),
        pagesSent: 1,
      };
    },
  };
}

describe.each(testDatabases())('a fax provider handed in on $name', (variant) => {
  const secret = 'relay-test-secret';
  const relay = relayFaxProvider(secret);
  let h: FaxHarness;
  let key: string;
  let packet: FaxPacket;

  beforeAll(async () => {
    h = await startFaxHarness(variant, true, { fax: relay });
    ({ key } = await newUser(h.db));
    packet = await h.packet(READY_FILING);
  });
  afterAll(async () => {
    await h?.close();
  });

  const relayEvent = (body: string, signature = createHmac('sha256', secret).update(body).digest('hex')) =>
    fetch(`${h.baseUrl}/webhooks/relay/status`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-relay-signature': signature },
      body,
    });

  it('sends the signed copy through the provider handed in, and takes its events at its own path', async () => {
    const { id } = await h.ok(key, 'create_filing', { form_data: READY_FILING });
    const { upload_url } = await h.ok(key, 'get_pdf_url', { id });
    const uploaded = await fetch(upload_url, { method: 'POST', body: packet.signed });
    expect(uploaded.status).toBe(201);
    const { signed_copy } = (await uploaded.json()) as { signed_copy: { id: string } };

    const sent = await h.ok(key, 'send_fax', { id, confirm: signed_copy.id });
    expect(sent.outcome).toBe('sent');
    expect(relay.sent).toHaveLength(1);
    const { fax, mediaStatus, media } = relay.sent[0]!;
    // Sent from the provider's own number: the sender is the provider's setting, not the core's.
    expect(fax).toMatchObject({
      to: '+18558877737',
      from: '+13125550199',
      webhookUrl: `${h.baseUrl}/webhooks/relay/status`,
    });
    expect(mediaStatus).toBe(200);
    const kept = await h.db
      .selectFrom('signed_copies')
      .select('sha256')
      .where('filing_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(sha256(media)).toBe(kept.sha256);
    // Telnyx's stand-in received nothing: the provider handed in replaced it.
    expect(h.telnyx.faxes).toHaveLength(0);
    const row = await h.db
      .selectFrom('fax_logs')
      .select(['provider', 'provider_fax_id', 'status', 'from_number'])
      .where('filing_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      provider: 'relay',
      provider_fax_id: 'relay-1',
      status: 'queued',
      from_number: '+13125550199',
    });

    const body = JSON.stringify({ id: 'evt-1', fax: 'relay-1', status: 'delivered' });
    // A forged event changes nothing; Telnyx's path is not served when another provider is handed in.
    expect((await relayEvent(body, '00'.repeat(32))).status).toBe(401);
    const telnyxPath = await fetch(`${h.baseUrl}/webhooks/telnyx/fax`, { method: 'POST', body });
    expect(telnyxPath.status).toBe(404);
    expect(
      (
        await h.db
          .selectFrom('fax_logs')
          .select('status')
          .where('filing_id', '=', id)
          .executeTakeFirstOrThrow()
      ).status,
    ).toBe('queued');

    const delivered = await relayEvent(body);
    expect(delivered.status).toBe(200);
    expect(await delivered.json()).toEqual({ received: true, outcome: 'applied' });
    const logs = (await h.ok(key, 'list_fax_logs')).fax_logs as Array<{ filing_id: string; status: string }>;
    expect(logs.find((log) => log.filing_id === id)).toMatchObject({ status: 'delivered' });
  });
});
