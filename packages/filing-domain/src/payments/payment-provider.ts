/** A checkout to open: one price, quantity one, its metadata, where the payer returns. */
export interface CheckoutRequest {
  priceId: string;
  /** Stored with the checkout and echoed by the provider (user, tier or filing). */
  metadata: Record<string, string>;
  /** `{CHECKOUT_SESSION_ID}` in it is replaced with the session id by the provider. */
  successUrl: string;
  cancelUrl: string;
  /** A promotion code id to apply; without it the payer may type one on the checkout page. */
  promotionCodeId?: string;
  /** The user, as the provider's `client_reference_id`. */
  reference: string;
}

/** A checkout as the provider knows it now. */
export interface CheckoutState {
  id: string;
  /** The page the payer pays on (while open). */
  url: string | null;
  status: 'open' | 'complete' | 'expired';
  paid: boolean;
  /** Amount paid, smallest currency unit (after discounts). */
  amount: number | null;
  currency: string | null;
  metadata: Record<string, string>;
  /** The payment's id at the provider (a PaymentIntent), once there is one. */
  paymentId: string | null;
  receiptUrl: string | null;
  promotionCode: string | null;
  /** Unix seconds. */
  expiresAt: number | null;
}

/** What a verified webhook event asks of us, in our words. */
export type PaymentEvent =
  | { eventId: string; type: 'checkout_paid'; checkoutId: string }
  | { eventId: string; type: 'refunded'; paymentId: string; amountRefunded: number; amount: number };

/** Why a webhook is refused (answered 400, nothing changed). */
export type PaymentWebhookRefusal = 'bad_signature' | 'stale_timestamp';

/** The provider refused or could not be reached: `message` says why, without a key or card data. */
export class PaymentProviderError extends Error {
  constructor(
    message: string,
    readonly status: number | undefined,
  ) {
    super(message);
    this.name = 'PaymentProviderError';
  }
}

/**
 * Our port to a card-payment provider: the tools and the webhook route speak its words (checkout,
 * price, promotion code, event); an adapter builds one from its settings and hands it to the core
 * (`FilingServerOptions.payments`), and the core never names the provider.
 */
export interface PaymentProvider {
  /** The provider's name, stored with each payment. */
  readonly name: string;
  /** Origins of the provider's checkout pages: a form that redirects there must be allowed to (CSP `form-action`). */
  readonly checkoutOrigins?: readonly string[];
  /** The path of the provider's webhook under `{base_url}` (starting with `/`): the core serves it there. */
  readonly webhookPath: string;
  /** What the server sells through it (tiers, the extension's price) and whether billing is on. */
  readonly catalog: PaymentCatalog;
  /** A price's amount (smallest unit) and lower-case currency. */
  price(priceId: string): Promise<{ amount: number; currency: string }>;
  /** The id of an active promotion code the customer typed, or undefined. */
  findPromotionCode(code: string): Promise<string | undefined>;
  /** Opens a checkout (payment mode). Throws {@link PaymentProviderError} when refused. */
  createCheckout(request: CheckoutRequest): Promise<CheckoutState>;
  /** The checkout as it is now (with its receipt once paid). */
  retrieveCheckout(id: string): Promise<CheckoutState>;
  /** The checkout that made a payment, for an event that names only the payment. */
  checkoutOfPayment(paymentId: string): Promise<CheckoutState | undefined>;
  /**
   * Verifies a webhook over its raw body before anything is parsed, then translates it: an event,
   * `ignored` (one we do not use), or the refusal.
   */
  receive(request: {
    headers: Headers;
    body: Uint8Array;
    now: number;
  }): Promise<PaymentEvent | 'ignored' | PaymentWebhookRefusal>;
}

/** One pricing tier: its name (what buy_filings takes), the provider's price id, the credits it buys. */
export interface BillingTier {
  name: string;
  priceId: string;
  filings: number;
}

/**
 * What a server that takes payments sells, and whether a filing uses a credit: read by the
 * adapter with the payment provider's settings (its module's), and handed in with the provider
 * ({@link PaymentProvider.catalog}).
 */
export interface PaymentCatalog {
  /** `on`: a filing uses one credit when it is first filed through the server; `off`: nothing is charged. */
  billing: 'on' | 'off';
  /** The tiers buy_filings sells. */
  tiers: readonly BillingTier[];
  /** The provider's price id of the Form 7004 extension buy_extension sells. */
  extensionPrice: string;
}
