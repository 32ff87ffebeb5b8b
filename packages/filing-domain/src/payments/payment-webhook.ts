import type { FilingDatabase } from '../storage/database.js';
import { withCors } from '@filing-mcp/protocol';
import type { Kysely } from 'kysely';
import { errorResponse, HttpError, jsonResponse } from '../errors/http-errors.js';
import type { FilingLogger } from '../logging/filing-logger.js';
import { readBoundedBody } from '../submission/bounded-body.js';
import { type PaymentEvent, type PaymentProvider, PaymentProviderError } from './payment-provider.js';
import {
  applyRefund,
  checkoutOpenedHere,
  paymentEventSeen,
  recordPaidCheckout,
  recordPaymentEvent,
} from './payment-store.js';

/** A payment event is a few kilobytes; anything much larger is no event. */
const MAX_EVENT_BYTES = 256 * 1024;

/**
 * Whether an event's ids hold U+0000, which PostgreSQL text cannot: such an id names no event,
 * checkout or payment of ours (and a 500 would only have the provider retry the same event).
 */
function namesNul(event: PaymentEvent): boolean {
  const id = event.type === 'checkout_paid' ? event.checkoutId : event.paymentId;
  return event.eventId.includes('\u0000') || id.includes('\u0000');
}

/**
 * `POST {base_url}/webhooks/stripe`: verifies the provider's signature over the raw body (and its
 * timestamp, 5 minutes) before anything is parsed, answering 400 and changing nothing when either
 * is wrong; then applies each event once (its id is recorded after it is applied) and in any order:
 * the checkout is read back from the provider (so an event that comes before or after another
 * finds the state as it is) and recorded idempotently. An event we do not use, or of a checkout
 * this server did not open, is answered 200. Log lines name the event's outcome, never a key, a
 * signature, an amount or card data.
 */
export function createPaymentWebhook(options: {
  provider: PaymentProvider;
  db: () => Promise<Kysely<FilingDatabase>>;
  log: FilingLogger;
  now: () => number;
}): (request: Request) => Promise<Response> {
  const { provider, log } = options;
  return async (request) => {
    if (request.method !== 'POST') {
      return errorResponse(
        new HttpError(405, 'Method not allowed: use POST', { headers: { allow: 'POST' } }),
      );
    }
    const body = await readBoundedBody(request, MAX_EVENT_BYTES);
    if (body === 'too_large') return errorResponse(new HttpError(413, 'Payload too large'));
    const event = await provider.receive({ headers: request.headers, body, now: options.now() });
    if (event === 'bad_signature' || event === 'stale_timestamp') {
      log({ event: 'payment_webhook_refused', provider: provider.name, reason: event });
      return errorResponse(
        new HttpError(
          400,
          event === 'bad_signature'
            ? 'Bad request: the webhook signature does not verify'
            : 'Bad request: the webhook timestamp is more than 5 minutes away',
        ),
      );
    }
    if (event === 'ignored' || namesNul(event))
      return withCors(jsonResponse({ received: true, outcome: 'ignored' }));
    const db = await options.db();
    if (await paymentEventSeen(db, provider.name, event.eventId)) {
      log({ event: 'payment_webhook', provider: provider.name, type: event.type, outcome: 'duplicate' });
      return withCors(jsonResponse({ received: true, outcome: 'duplicate' }));
    }
    let outcome: string;
    try {
      if (event.type === 'checkout_paid') {
        // A checkout this server did not open is not read back: nothing of it is recorded.
        outcome = (await checkoutOpenedHere(db, provider.name, event.checkoutId))
          ? await recordPaidCheckout(db, provider.name, await provider.retrieveCheckout(event.checkoutId))
          : 'unknown_checkout';
      } else {
        outcome = await applyRefund(db, provider.name, event);
        if (outcome === 'unknown_payment') {
          // The refund came before the payment's own event: record the payment first.
          const checkout = await provider.checkoutOfPayment(event.paymentId);
          if (
            checkout !== undefined &&
            (await recordPaidCheckout(db, provider.name, checkout)) !== 'unknown_checkout'
          ) {
            outcome = await applyRefund(db, provider.name, event);
          }
        }
      }
    } catch (error) {
      if (!(error instanceof PaymentProviderError)) throw error;
      // The provider did not answer: the event is not recorded, so its retry applies it.
      log({
        event: 'payment_webhook_deferred',
        provider: provider.name,
        type: event.type,
        reason: error.message,
      });
      return errorResponse(
        new HttpError(503, 'Service unavailable: the payment provider did not answer', {
          headers: { 'retry-after': '60' },
        }),
      );
    }
    await recordPaymentEvent(db, provider.name, event.eventId);
    log({ event: 'payment_webhook', provider: provider.name, type: event.type, outcome });
    return withCors(jsonResponse({ received: true, outcome }));
  };
}
