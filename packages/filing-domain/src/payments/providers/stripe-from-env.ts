// The payment provider an environment configures, for an adapter whose start must stay small
// (Lambda's cold start): zod-free, it loads the provider's code and its settings' schema only when
// one of their variables is set.
import type { Environment } from '../../config/setting-readers.js';
import type { PaymentProvider } from '../payment-provider.js';
import { rawStripeSettings } from './stripe-settings.js';

/**
 * The payment provider an environment configures: Stripe's, built from its settings (its code and
 * their schema load only when payments are on), or undefined when payments are off. Throws the one
 * `SettingError` naming each variable at fault.
 */
export async function stripePaymentProviderFromEnv(env: Environment): Promise<PaymentProvider | undefined> {
  if (rawStripeSettings(env) === undefined) return undefined;
  const [{ readStripeSettings }, { stripePaymentProvider }] = await Promise.all([
    import('./stripe-settings-schema.js'),
    import('./stripe.js'),
  ]);
  const settings = readStripeSettings(env);
  return settings && stripePaymentProvider(settings);
}
