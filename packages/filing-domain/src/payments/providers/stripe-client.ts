// The Stripe provider's work, loaded by its first call (stripe.ts, off the cold start).
import {
  type CheckoutState,
  type PaymentEvent,
  type PaymentProvider,
  PaymentProviderError,
} from '../payment-provider.js';
import { STRIPE_WEBHOOK_PATH, type StripePaymentOptions } from './stripe-options.js';

/** How far a webhook's signed timestamp may be from now: 5 minutes, Stripe's default tolerance. */
export const STRIPE_WEBHOOK_TOLERANCE_SECONDS = 300;

/** How long a price read from Stripe is reused. */
const PRICE_TTL_MS = 10 * 60_000;

const EXPAND = ['payment_intent.latest_charge', 'discounts.promotion_code'];

type StripeModule = typeof import('stripe');
type StripeClient = InstanceType<StripeModule['default']>;

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
const idOf = (value: unknown): string | null =>
  typeof value === 'string' ? value : text((value as { id?: unknown } | null)?.id);

/** A Checkout Session as our {@link CheckoutState}. */
function stateOf(session: Record<string, any>): CheckoutState {
  const intent = session.payment_intent;
  const charge = typeof intent === 'object' && intent !== null ? intent.latest_charge : undefined;
  const discount = Array.isArray(session.discounts) ? session.discounts[0] : undefined;
  const promotion = discount?.promotion_code;
  const metadata: Record<string, string> = {};
  for (const [key, value] of Object.entries(session.metadata ?? {}))
    if (typeof value === 'string') metadata[key] = value;
  const status = session.status === 'complete' || session.status === 'expired' ? session.status : 'open';
  return {
    id: String(session.id),
    url: text(session.url),
    status,
    paid: session.payment_status === 'paid',
    amount: Number.isSafeInteger(session.amount_total) ? session.amount_total : null,
    currency: text(session.currency)?.toLowerCase() ?? null,
    metadata,
    paymentId: idOf(intent),
    receiptUrl: typeof charge === 'object' && charge !== null ? text(charge.receipt_url) : null,
    promotionCode: typeof promotion === 'object' && promotion !== null ? text(promotion.code) : null,
    expiresAt: Number.isSafeInteger(session.expires_at) ? session.expires_at : null,
  };
}

/** A Stripe error as ours: its HTTP status and code, never its parameters or the key. */
function refusal(error: unknown): PaymentProviderError {
  if (error instanceof PaymentProviderError) return error;
  const status = (error as { statusCode?: unknown }).statusCode;
  const code = (error as { code?: unknown }).code;
  return new PaymentProviderError(
    typeof status === 'number'
      ? `Stripe refused the request (HTTP ${status}${typeof code === 'string' ? `: ${code}` : ''})`
      : 'Stripe could not be reached',
    typeof status === 'number' ? status : undefined,
  );
}

/**
 * Stripe, through the official `stripe` library with its fetch HTTP client and Web Crypto
 * provider (so the same code runs on Node, Vercel and Lambda; loaded by the first payment call):
 * Checkout Sessions in payment mode, prices, promotion codes, and webhooks verified over the raw
 * body (`Stripe-Signature`, 5-minute tolerance).
 */
export function stripeClientProvider(options: StripePaymentOptions): Omit<PaymentProvider, 'catalog'> {
  let module: Promise<StripeModule> | undefined;
  let client: Promise<StripeClient> | undefined;
  const prices = new Map<string, { at: number; value: { amount: number; currency: string } }>();
  // The library itself, loaded by the first call that needs it (docs/performance.md).
  const load = () => (module ??= import('stripe'));
  const stripe = () =>
    (client ??= load().then(({ default: Stripe }) => {
      const base = options.apiBaseUrl === undefined ? undefined : new URL(options.apiBaseUrl);
      return new Stripe(options.secretKey, {
        httpClient: Stripe.createFetchHttpClient(),
        // Retried POSTs carry the library's idempotency key: a checkout is never opened twice.
        maxNetworkRetries: 1,
        timeout: 20_000,
        telemetry: false,
        ...(base && {
          host: base.hostname,
          protocol: base.protocol === 'http:' ? 'http' : 'https',
          port: base.port || (base.protocol === 'http:' ? 80 : 443),
        }),
      });
    }));
  async function call<T>(work: (client: StripeClient) => Promise<T>): Promise<T> {
    const client = await stripe();
    try {
      return await work(client);
    } catch (error) {
      throw refusal(error);
    }
  }
  async function retrieveCheckout(id: string): Promise<CheckoutState> {
    return call(async (client) =>
      stateOf((await client.checkout.sessions.retrieve(id, { expand: EXPAND })) as any),
    );
  }

  return {
    name: 'stripe',
    webhookPath: STRIPE_WEBHOOK_PATH,
    async price(priceId) {
      const cached = prices.get(priceId);
      if (cached !== undefined && Date.now() - cached.at < PRICE_TTL_MS) return cached.value;
      const price = await call((client) => client.prices.retrieve(priceId));
      if (!Number.isSafeInteger(price.unit_amount) || typeof price.currency !== 'string') {
        throw new PaymentProviderError('Stripe answered a price without a fixed amount', undefined);
      }
      const value = { amount: price.unit_amount as number, currency: price.currency.toLowerCase() };
      prices.set(priceId, { at: Date.now(), value });
      return value;
    },
    async findPromotionCode(code) {
      const list = await call((client) => client.promotionCodes.list({ code, active: true, limit: 1 }));
      const found = list.data.find((promotion) => promotion.code.toLowerCase() === code.toLowerCase());
      return found?.id;
    },
    async createCheckout(request) {
      const session = await call((client) =>
        client.checkout.sessions.create({
          mode: 'payment',
          line_items: [{ price: request.priceId, quantity: 1 }],
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
          client_reference_id: request.reference,
          metadata: request.metadata,
          payment_intent_data: { metadata: request.metadata },
          // Stripe takes either a code applied now or the field to type one, not both.
          ...(request.promotionCodeId === undefined
            ? { allow_promotion_codes: true }
            : { discounts: [{ promotion_code: request.promotionCodeId }] }),
        }),
      );
      return stateOf(session as any);
    },
    retrieveCheckout,
    async checkoutOfPayment(paymentId) {
      const list = await call((client) =>
        client.checkout.sessions.list({ payment_intent: paymentId, limit: 1 }),
      );
      const first = list.data[0];
      return first === undefined ? undefined : retrieveCheckout(first.id);
    },
    async receive({
      headers,
      body,
      now,
    }): Promise<PaymentEvent | 'ignored' | 'bad_signature' | 'stale_timestamp'> {
      const signature = headers.get('stripe-signature');
      if (signature === null || signature.length > 4096) return 'bad_signature';
      const Stripe = (await load()).default;
      let event: { id: string; type: string; data: { object: Record<string, any> } };
      try {
        event = (await Stripe.webhooks.constructEventAsync(
          body,
          signature,
          options.webhookSecret,
          STRIPE_WEBHOOK_TOLERANCE_SECONDS,
          Stripe.createSubtleCryptoProvider(),
          // The library's clock for the age check, in milliseconds.
          now,
        )) as any;
      } catch (error) {
        return /tolerance/i.test((error as Error).message ?? '') ? 'stale_timestamp' : 'bad_signature';
      }
      // The library refuses an old timestamp only; one from more than 5 minutes ahead is no better.
      const signedAt = Number(/(?:^|,)t=(\d{1,12})(?:,|$)/.exec(signature)?.[1]);
      if (!(signedAt <= now / 1000 + STRIPE_WEBHOOK_TOLERANCE_SECONDS)) return 'stale_timestamp';
      // A signed body is still any JSON: `null` or a number is no event.
      if (typeof event !== 'object' || event === null || typeof event.id !== 'string') return 'ignored';
      const object = event.data?.object ?? {};
      if (
        (event.type === 'checkout.session.completed' && object.payment_status === 'paid') ||
        event.type === 'checkout.session.async_payment_succeeded'
      ) {
        return typeof object.id === 'string'
          ? { eventId: event.id, type: 'checkout_paid', checkoutId: object.id }
          : 'ignored';
      }
      if (event.type === 'charge.refunded') {
        const paymentId = idOf(object.payment_intent);
        if (paymentId === null || !Number.isSafeInteger(object.amount_refunded)) return 'ignored';
        return {
          eventId: event.id,
          type: 'refunded',
          paymentId,
          amountRefunded: object.amount_refunded,
          amount: Number.isSafeInteger(object.amount) ? object.amount : object.amount_refunded,
        };
      }
      return 'ignored';
    },
  };
}
