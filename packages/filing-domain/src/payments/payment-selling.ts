import type { PaymentCatalog, PaymentProvider } from './payment-provider.js';

export type { BillingTier, PaymentCatalog } from './payment-provider.js';

/** What the payment tools need of a server that takes payments. */
export interface PaymentSelling {
  provider: PaymentProvider;
  settings: PaymentCatalog;
  /** `{app_url}`: the checkout's success and cancel pages are the companion's. */
  appUrl: string;
}
