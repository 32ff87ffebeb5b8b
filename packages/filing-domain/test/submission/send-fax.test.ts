// send_fax against a Telnyx stand-in (a real HTTP server on loopback, test/support/telnyx-stand-in.ts):
// upload, confirm, send (the stand-in receives a fax to +18558877737 whose media is the signed copy),
// then signed webhooks keep list_fax_logs in sync; each refusal, and the webhook's refusals.
import { createHash } from 'node:crypto';
import { EXAMPLE_PARTNERSHIP_FILING } from '@filing-mcp/irs-forms';
import { testDatabases } from '@filing-mcp/test-db';
import {
  Client as ClientV2,
  StreamableHTTPClientTransport as TransportV2,
} from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CONNECTION_ID,
  FAX_FROM,
  type FaxHarness,
  type FaxPacket,
  type FaxStart,
  JPEG,
  READY_FILING,
  startFaxHarness,
  startFaxWithUser,
} from '../support/fax-harness.js';
import { newUser } from '../support/helpers.js';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describe.each(testDatabases())('send_fax and the fax webhook on $name', (variant) => {
  let h: FaxHarness;
  let plain: FaxHarness;
  let key: string;
  let packet: FaxPacket;

  beforeAll(async () => {
    let started: FaxStart;
    [started, plain] = await Promise.all([startFaxWithUser(variant), startFaxHarness(variant, false)]);
    ({ h, key, packet } = started);
  });
  afterAll(async () => {
    await h?.close();
    await plain?.close();
  });

  /** The id of the signed copy of each filing of signedFiling: what `confirm` carries. */
  const copies = new Map<string, string>();
  /** The SHA-256 of each filing's kept copy (rebuilt from the uploaded pages): what is faxed. */
  const keptSha = new Map<string, string>();
  /** A ready filing with its signed copy (the part to file) uploaded. */
  async function signedFiling(harness = h, credential = key): Promise<string> {
    const { id } = await harness.ok(credential, 'create_filing', { form_data: READY_FILING });
    const { upload_url } = await harness.ok(credential, 'get_pdf_url', { id });
    const response = await fetch(upload_url, { method: 'POST', body: packet.signed });
    expect(response.status).toBe(201);
    const { signed_copy } = (await response.json()) as any;
    copies.set(id, signed_copy.id);
    keptSha.set(id, signed_copy.sha256);
    return id;
  }
  const faxLogs = async () => (await h.ok(key, 'list_fax_logs')).fax_logs as any[];
  const faxOf = async (filingId: string) => (await faxLogs()).find((fax) => fax.filing_id === filingId);

  it('asks for confirmation, then sends the signed copy to +18558877737 once; the stand-in fetched that very copy', async () => {
    const id = await signedFiling();
    const before = h.telnyx.faxes.length;
    const asked = await h.ok(key, 'send_fax', { id });
    expect(asked).toMatchObject({
      id,
      outcome: 'confirm',
      summary: {
        llc_name: READY_FILING.llcName,
        pages: packet.pages,
        to: '855-887-7737',
        signed_copy_id: copies.get(id),
        signed_copy_sha256: keptSha.get(id),
      },
      fax: null,
    });
    expect(asked.message).toContain(`call send_fax again with confirm: "${copies.get(id)}"`);
    expect(h.telnyx.faxes.length).toBe(before);
    expect(await faxOf(id)).toBeUndefined();

    const sent = await h.ok(key, 'send_fax', { id, confirm: copies.get(id) });
    expect(sent.outcome).toBe('sent');
    // The copy kept (and faxed) is the one rebuilt from the uploaded pages.
    const kept = await h.db
      .selectFrom('signed_copies')
      .select('sha256')
      .where('filing_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(sent.fax).toMatchObject({ status: 'queued', signed_copy_sha256: kept.sha256 });
    expect(h.telnyx.faxes.length).toBe(before + 1);
    const fax = h.telnyx.faxes.at(-1)!;
    expect(fax.authorization).toBe('Bearer KEY0123456789ABCDEF_test');
    expect(fax.body).toMatchObject({
      connection_id: CONNECTION_ID,
      to: '+18558877737',
      from: FAX_FROM,
      webhook_url: `${h.baseUrl}/webhooks/telnyx/fax`,
    });
    expect(fax.mediaType).toBe('application/pdf');
    expect(sha256(fax.media)).toBe(kept.sha256);
    expect(await faxOf(id)).toMatchObject({
      to_number: '+18558877737',
      from_number: FAX_FROM,
      status: 'queued',
      filing_id: id,
      completed_at: null,
    });

    const again = await h.ok(key, 'send_fax', { id, confirm: copies.get(id) });
    expect(again.outcome).toBe('already_sent');
    expect(h.telnyx.faxes.length).toBe(before + 1);
    // The media link is for the fax provider only and ends with its life.
    h.advance(16 * 60 * 1000);
    try {
      expect((await fetch(fax.body.media_url)).status).toBe(403);
    } finally {
      h.advance(-16 * 60 * 1000);
    }
  });

  it('a scan the check cannot judge (JPEG pages): the summary and the message say so, for the agent to ask the user', async () => {
    const { id } = await h.ok(key, 'create_filing', { form_data: READY_FILING });
    const { upload_url } = await h.ok(key, 'get_pdf_url', { id });
    const form = new FormData();
    for (let page = 0; page < packet.pages; page++)
      form.append('file', new Blob([JPEG], { type: 'image/jpeg' }), `p${page}.jpg`);
    const uploaded = await fetch(upload_url, { method: 'POST', body: form });
    expect(uploaded.status).toBe(201);
    const { notes } = (await uploaded.json()) as { notes: string[] };
    expect(notes.join(' ')).toContain('ask the user to confirm the copy is signed');
    const asked = await h.ok(key, 'send_fax', { id });
    expect(asked.outcome).toBe('confirm');
    // The notes of the stored copy, as the upload answered them.
    expect(asked.summary.notes).toEqual(notes);
    expect(asked.message).toContain("Could not tell whether the pro forma 1120's signature box");
    expect(asked.message).toContain('ask the user to confirm the copy is signed before it is faxed');
    // A copy the check could judge carries none.
    expect((await h.ok(key, 'send_fax', { id: await signedFiling() })).summary.notes).toEqual([]);
  });

  it('signed events move the fax forward; delivered marks the filing filed by fax; a duplicate and a late event change nothing', async () => {
    const id = await signedFiling();
    await h.ok(key, 'send_fax', { id, confirm: copies.get(id) });
    const faxId = h.telnyx.faxes.at(-1)!.id;
    for (const type of ['fax.queued', 'fax.media.processed', 'fax.sending.started']) {
      const response = await h.webhook(h.telnyx.event(faxId, type));
      expect(response.status).toBe(200);
    }
    expect((await faxOf(id)).status).toBe('sending');
    // Delivered at the next 05:30 UTC after the send (an event's date must lie between the send
    // and its arrival), arriving a minute later by the server's clock.
    const day = 24 * 60 * 60 * 1000;
    const at0530 = Math.ceil((Date.now() + 60_000 - 5.5 * 60 * 60 * 1000) / day) * day + 5.5 * 60 * 60 * 1000;
    const shift = at0530 + 60_000 - Date.now();
    h.advance(shift);
    let done: any;
    try {
      const delivered = h.telnyx.event(
        faxId,
        'fax.delivered',
        { page_count: packet.pages, call_duration_secs: 95 },
        { occurredAt: new Date(at0530).toISOString(), timestamp: Math.floor((at0530 + 60_000) / 1000) },
      );
      expect(await (await h.webhook(delivered)).json()).toEqual({ received: true, outcome: 'applied' });
      done = await faxOf(id);
      expect(done).toMatchObject({
        status: 'delivered',
        pages_sent: packet.pages,
        completed_at: new Date(at0530).toISOString(),
      });
      // 05:30 UTC is the evening before in Ogden, Utah: that day counts.
      const evening = new Date(at0530 - day).toISOString().slice(0, 10);
      const check = await h.ok(key, 'check_filing', { id, as_of: evening });
      // filed.reference is the fax log's id, the one list_fax_logs shows; the provider's id beside it.
      expect(done.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(check.filed).toMatchObject({
        method: 'fax',
        date: evening,
        reference: done.id,
        provider_reference: faxId,
      });
      expect((await h.ok(key, 'get_filing', { id })).submissions.filed.reference).toBe(done.id);
      expect(check.filed.proof).toContain('Uncertain');
      const duplicate = await h.webhook(delivered);
      expect(await duplicate.json()).toEqual({ received: true, outcome: 'duplicate' });
    } finally {
      h.advance(-shift);
    }

    const late = await h.webhook(h.telnyx.event(faxId, 'fax.sending.started'));
    expect(await late.json()).toEqual({ received: true, outcome: 'stale' });
    const failedLate = await h.webhook(h.telnyx.event(faxId, 'fax.failed', { failure_reason: 'user_busy' }));
    expect(await failedLate.json()).toEqual({ received: true, outcome: 'stale' });
    expect(await faxOf(id)).toEqual(done);
    expect((await h.ok(key, 'get_filing', { id })).submissions.faxes[0]).toMatchObject({
      status: 'delivered',
    });
  });

  it('fax.failed sets failure_reason; resend: true sends the same copy again', async () => {
    const id = await signedFiling();
    await h.ok(key, 'send_fax', { id, confirm: copies.get(id) });
    const faxId = h.telnyx.faxes.at(-1)!.id;
    await h.webhook(h.telnyx.event(faxId, 'fax.failed', { failure_reason: 'receiver_no_answer' }));
    expect(await faxOf(id)).toMatchObject({ status: 'failed', failure_reason: 'receiver_no_answer' });
    expect((await faxOf(id)).completed_at).not.toBeNull();
    expect((await h.ok(key, 'check_filing', { id })).filed).toBeUndefined();
    const resent = await h.ok(key, 'send_fax', { id, confirm: copies.get(id), resend: true });
    expect(resent.outcome).toBe('sent');
    expect(h.telnyx.faxes.at(-1)!.id).not.toBe(faxId);
  });

  it('a bad signature, a tampered body and a timestamp older than 5 minutes are refused 401 and change nothing', async () => {
    const id = await signedFiling();
    await h.ok(key, 'send_fax', { id, confirm: copies.get(id) });
    const faxId = h.telnyx.faxes.at(-1)!.id;
    const event = h.telnyx.event(faxId, 'fax.delivered', { page_count: 9 });
    const tampered = await h.webhook({
      ...event,
      body: event.body.replace('"page_count":9', '"page_count":1'),
    });
    expect(tampered.status).toBe(401);
    expect(await tampered.json()).toEqual({
      code: 401,
      message: 'Unauthorized: the webhook signature does not verify',
    });
    const unsigned = await h.webhook({ body: event.body, headers: { 'content-type': 'application/json' } });
    expect(unsigned.status).toBe(401);
    const old = h.telnyx.event(
      faxId,
      'fax.delivered',
      {},
      { timestamp: Math.floor(Date.now() / 1000) - 301 },
    );
    const stale = await h.webhook(old);
    expect(stale.status).toBe(401);
    expect(((await stale.json()) as any).message).toBe(
      'Unauthorized: the webhook timestamp is more than 5 minutes away',
    );
    expect((await faxOf(id)).status).toBe('queued');
    expect(
      await h.db
        .selectFrom('fax_webhook_events')
        .select('event_id')
        .where('event_id', 'in', [event.eventId, old.eventId])
        .execute(),
    ).toEqual([]);
    // The same event, properly signed, still applies: the refusals recorded nothing.
    expect((await h.webhook(event)).status).toBe(200);
    expect((await faxOf(id)).status).toBe('delivered');
  });

  it('an event of an unknown fax is answered 200 with a log line that names no number, document or link', async () => {
    const response = await h.webhook(h.telnyx.event('9b7d0f3e-0000-4000-8000-000000000000', 'fax.delivered'));
    expect(await response.json()).toEqual({ received: true, outcome: 'unknown_fax' });
    expect(h.logs).toContainEqual({
      event: 'fax_webhook',
      provider: 'telnyx',
      status: 'delivered',
      outcome: 'unknown_fax',
    });
    const lines = JSON.stringify(h.logs);
    expect(lines).not.toContain('8558877737');
    expect(lines).not.toContain(FAX_FROM);
    expect(lines).not.toContain('sig=');
    expect(lines).not.toContain('%PDF');
  });

  it('refuses, saying what to do: no signed copy, not ready, a partnership, another user’s filing', async () => {
    const { id: unsigned } = await h.ok(key, 'create_filing', { form_data: READY_FILING });
    const none = await h.call(key, 'send_fax', { id: unsigned, confirm: true });
    expect(none.isError).toBe(true);
    expect(none.text).toContain('No signed copy of this filing yet');
    expect(none.text).toContain('upload_url');
    const { id: draft } = await h.ok(key, 'create_filing', { form_data: { llcName: 'Draft LLC' } });
    const notReady = await h.call(key, 'send_fax', { id: draft, confirm: true });
    expect(notReady.text).toContain('The filing is not ready: check_filing lists what is missing or invalid');
    const { id: partnership } = await h.ok(key, 'create_partnership_filing', {
      form_data: EXAMPLE_PARTNERSHIP_FILING,
    });
    const mailed = await h.call(key, 'send_fax', { id: partnership, confirm: true });
    expect(mailed.text).toMatch(
      /^A partnership return \(Form 1065\) is not faxed: mail it to .*Internal Revenue Service/,
    );
    expect(mailed.text).toContain('mark_filed');
    const stranger = (await newUser(h.db)).key;
    expect((await h.call(stranger, 'send_fax', { id: unsigned, confirm: true })).text).toBe(
      'Filing not found',
    );
    expect(
      await h.db
        .selectFrom('fax_logs')
        .select('id')
        .where('filing_id', 'in', [unsigned, draft, partnership])
        .execute(),
    ).toEqual([]);
  });

  it('refuses on a server without fax settings, giving the mail route', async () => {
    const plainKey = (await newUser(plain.db)).key;
    const id = await signedFiling(plain, plainKey);
    const refused = await plain.call(plainKey, 'send_fax', { id, confirm: true });
    expect(refused.isError).toBe(true);
    expect(refused.text).toContain(
      'This server does not send faxes. Mail the signed packet to Internal Revenue Service, 1973 Rulon White Blvd., M/S 6112, Attn: PIN Unit, Ogden, UT 84201 by certified mail',
    );
    expect((await fetch(`${plain.baseUrl}/webhooks/telnyx/fax`, { method: 'POST', body: '{}' })).status).toBe(
      404,
    );
  });

  it('a fax the provider refuses is logged failed with its reason, and nothing is sent', async () => {
    const id = await signedFiling();
    const before = h.telnyx.faxes.length;
    h.telnyx.failNext(422);
    const refused = await h.call(key, 'send_fax', { id, confirm: copies.get(id) });
    expect(refused.isError).toBe(true);
    expect(refused.text).toBe(
      'Telnyx refused the fax (HTTP 422: 10015 Invalid value): nothing was sent. Try again later with resend: true, or mail it to Internal Revenue Service, 1973 Rulon White Blvd., M/S 6112, Attn: PIN Unit, Ogden, UT 84201 and call mark_filed.',
    );
    expect(h.telnyx.faxes.length).toBe(before);
    expect(await faxOf(id)).toMatchObject({
      status: 'failed',
      failure_reason: 'Telnyx refused the fax (HTTP 422: 10015 Invalid value)',
    });
  });

  it('sends at most 3 faxes a filing a day', async () => {
    const id = await signedFiling();
    await h.ok(key, 'send_fax', { id, confirm: copies.get(id) });
    await h.ok(key, 'send_fax', { id, confirm: copies.get(id), resend: true });
    await h.ok(key, 'send_fax', { id, confirm: copies.get(id), resend: true });
    const before = h.telnyx.faxes.length;
    const fourth = await h.call(key, 'send_fax', { id, confirm: copies.get(id), resend: true });
    expect(fourth.isError).toBe(true);
    expect(fourth.text).toBe(
      'This filing was faxed 3 times in the last 24 hours: nothing was sent. Check list_fax_logs and try again tomorrow.',
    );
    expect(h.telnyx.faxes.length).toBe(before);
    expect((await faxLogs()).filter((fax) => fax.filing_id === id)).toHaveLength(3);
  });
  it('on MCP 2026-07-28 with an elicitation client, the user confirms in a form (pages, destination, LLC, tax year); a decline sends nothing', async () => {
    const forms: Array<{ message: string; requestedSchema: any }> = [];
    let answer: Record<string, unknown> = { action: 'decline' };
    const client = new ClientV2(
      { name: 'send-fax-v2', version: '1.0.0' },
      { versionNegotiation: { mode: { pin: '2026-07-28' } }, capabilities: { elicitation: { form: {} } } },
    );
    client.setRequestHandler('elicitation/create', async (request: any) => {
      forms.push(request.params);
      return answer as any;
    });
    await client.connect(
      new TransportV2(new URL(h.baseUrl), { requestInit: { headers: { authorization: `Bearer ${key}` } } }),
    );
    try {
      const id = await signedFiling();
      const before = h.telnyx.faxes.length;
      // confirm: true from the agent does not skip the user's own confirmation.
      const declined = await client.callTool({ name: 'send_fax', arguments: { id, confirm: true } });
      expect((declined.structuredContent as any).outcome).toBe('declined');
      expect(h.telnyx.faxes.length).toBe(before);
      expect(forms[0]!.message).toMatch(
        new RegExp(
          `^Fax ${packet.pages} pages of ${READY_FILING.llcName}’s Form 5472 with pro forma 1120 and the reasonable-cause statement for 2025-01-01 to 2025-12-31 to the IRS fax 855-887-7737 \\(Form 1120 \\(pro forma\\), pages 1-6; Form 5472 .*\\); signed copy ${copies.get(id)}, SHA-256 ${keptSha.get(id)}\\? This files the return with the IRS\\.$`,
        ),
      );
      expect((declined.structuredContent as any).summary.reasonable_cause_statement).toBe('included');
      expect(forms[0]!.requestedSchema.properties.confirm.type).toBe('boolean');
      answer = { action: 'accept', content: { confirm: true } };
      const sent = await client.callTool({ name: 'send_fax', arguments: { id } });
      expect((sent.structuredContent as any).outcome).toBe('sent');
      expect(h.telnyx.faxes.length).toBe(before + 1);
      expect(forms).toHaveLength(2);
    } finally {
      await client.close();
    }
  });
});
