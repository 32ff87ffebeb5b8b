import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Scenarios } from '../support/scenario-context.js';

/**
 * `POST {base_url}/webhooks/telnyx/fax` through the target's transport: the signature covers the raw
 * body, so a body the adapter re-encoded (base64 events, a different charset, parsed and
 * re-serialized JSON) would fail. The body here holds non-ASCII text and unusual whitespace.
 */
export const faxWebhookScenarios: Scenarios = (context) => {
  describe('the fax-status webhook (raw body preserved)', () => {
    const url = () => `${context.target.baseUrl}/webhooks/telnyx/fax`;
    const sign = (body: string, age = 0) =>
      context.target.signFaxEvent!(body, Math.floor(context.target.clock.now() / 1000) - age);

    async function queuedFax(): Promise<string> {
      const faxId = randomUUID();
      await context.target.db
        .insertInto('fax_logs')
        .values({
          id: randomUUID(),
          user_id: 'fax-webhook-user',
          to_number: '+18558877737',
          from_number: '+13125550100',
          status: 'queued',
          status_rank: 1,
          provider: 'telnyx',
          provider_fax_id: faxId,
        })
        .execute();
      return faxId;
    }

    const event = (faxId: string, type: string, payload: Record<string, unknown> = {}) =>
      `{ "data" : {\n  "event_type": "${type}", "id": "${randomUUID()}", "occurred_at": "2026-04-14T18:00:00Z",\n  "payload": ${JSON.stringify({ fax_id: faxId, direction: 'outbound', from_display_name: 'Zürich Büro — 東京', ...payload })},\n  "record_type": "event" }, "meta": { "attempt": 1 } }`;

    async function status(faxId: string) {
      return context.target.db
        .selectFrom('fax_logs')
        .select(['status', 'pages_sent', 'failure_reason'])
        .where('provider_fax_id', '=', faxId)
        .executeTakeFirstOrThrow();
    }

    it('a signed fax.delivered event updates the fax log; the same event again changes nothing', async () => {
      expect(context.target.signFaxEvent, 'the target signs fax webhooks').toBeDefined();
      const faxId = await queuedFax();
      const body = event(faxId, 'fax.delivered', { page_count: 9, status: 'delivered' });
      const response = await context.target.fetch(url(), { method: 'POST', headers: sign(body), body });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ received: true, outcome: 'applied' });
      expect(await status(faxId)).toEqual({ status: 'delivered', pages_sent: 9, failure_reason: null });
      const again = await context.target.fetch(url(), { method: 'POST', headers: sign(body), body });
      expect(await again.json()).toEqual({ received: true, outcome: 'duplicate' });
    });

    it('a wrong signature or an old timestamp is refused 401 and changes nothing', async () => {
      expect(context.target.signFaxEvent, 'the target signs fax webhooks').toBeDefined();
      const faxId = await queuedFax();
      const body = event(faxId, 'fax.failed', { failure_reason: 'user_busy' });
      const tampered = await context.target.fetch(url(), {
        method: 'POST',
        headers: sign(body),
        body: body.replace('user_busy', 'other'),
      });
      expect(tampered.status).toBe(401);
      const old = await context.target.fetch(url(), { method: 'POST', headers: sign(body, 400), body });
      expect(old.status).toBe(401);
      expect(await status(faxId)).toEqual({ status: 'queued', pages_sent: 0, failure_reason: null });
    });
  });
};
