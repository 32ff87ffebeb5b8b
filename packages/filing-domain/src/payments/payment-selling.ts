import type { PaymentsSettings } from '../config/payments-settings-schema.js';
import type { PaymentProvider } from './payment-provider.js';

/** What the payment tools need of a server that takes payments. */
export interface PaymentSelling {
  provider: PaymentProvider;
  settings: PaymentsSettings;
  /** `{app_url}`: the checkout's success and cancel pages are the companion's. */
  appUrl: string;
}
