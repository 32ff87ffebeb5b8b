import type { FilingDatabase } from '../storage/database.js';
import { errorResponse, HttpError, jsonResponse } from '../errors/http-errors.js';
import { withCors } from '@filing-mcp/protocol';
import type { Kysely } from 'kysely';
import type { FilingLogger } from '../logging/filing-logger.js';
import { readBoundedBody } from './bounded-body.js';
import { applyFaxEvent, boundEventDate } from './fax-events.js';
import type { FaxProvider } from './fax-provider.js';

/** A fax event is a few kilobytes; anything much larger is no event. */
const MAX_EVENT_BYTES = 256 * 1024;

/**
 * `POST {base_url}{provider.webhookPath}`: verifies the provider's signature over the raw body (and
 * its timestamp) before anything is parsed, answering 401 and changing nothing when either is wrong;
 * then applies the event once (its id is recorded) and only forward, its date bounded by the fax's
 * own window (`boundEventDate`: a date before the fax was sent or after the event arrived is
 * replaced by the arrival, and the log line says so). An event of a fax this server
 * does not know is answered 200 (the provider would retry otherwise) with a log line. Log lines name
 * the event's status and outcome, never a number, a document or a link.
 */
export function createFaxWebhook(options: {
  provider: FaxProvider;
  db: () => Promise<Kysely<FilingDatabase>>;
  log: FilingLogger;
  now: () => number;
}): (request: Request) => Promise<Response> {
  return async (request) => {
    if (request.method !== 'POST') {
      return errorResponse(
        new HttpError(405, 'Method not allowed: use POST', { headers: { allow: 'POST' } }),
      );
    }
    const body = await readBoundedBody(request, MAX_EVENT_BYTES);
    if (body === 'too_large') return errorResponse(new HttpError(413, 'Payload too large'));
    const arrivedAt = options.now();
    const event = await options.provider.receive({ headers: request.headers, body, now: arrivedAt });
    if (event === 'bad_signature' || event === 'stale_timestamp') {
      options.log({ event: 'fax_webhook_refused', provider: options.provider.name, reason: event });
      return errorResponse(
        new HttpError(
          401,
          event === 'bad_signature'
            ? 'Unauthorized: the webhook signature does not verify'
            : 'Unauthorized: the webhook timestamp is more than 5 minutes away',
        ),
      );
    }
    // PostgreSQL text holds no U+0000: an id with one names no fax or event of ours, and a reason
    // loses it (a 500 here would only have the provider retry the same event).
    if (event === 'ignored' || event.eventId.includes('\u0000') || event.faxId.includes('\u0000'))
      return withCors(jsonResponse({ received: true, outcome: 'ignored' }));
    if (event.failureReason?.includes('\u0000'))
      event.failureReason = event.failureReason.replaceAll('\u0000', '');
    const db = await options.db();
    const bounded = await boundEventDate(db, options.provider.name, event, new Date(arrivedAt));
    const outcome = await applyFaxEvent(db, options.provider.name, {
      ...event,
      occurredAt: bounded.occurredAt,
    });
    options.log({
      event: 'fax_webhook',
      provider: options.provider.name,
      status: event.status,
      outcome,
      // The body's date was implausible: the arrival stands in for it, and the line says so.
      ...(bounded.replaced !== undefined && {
        occurred_at_replaced: bounded.replaced.reason,
        claimed_occurred_at: bounded.replaced.claimed,
        occurred_at: bounded.occurredAt.toISOString(),
      }),
    });
    return withCors(jsonResponse({ received: true, outcome }));
  };
}
