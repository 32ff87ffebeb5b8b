// The fax provider an environment configures, for an adapter whose start must stay small
// (Lambda's cold start): zod-free, it loads the provider's code and its settings' schema only when
// one of their variables is set.
import type { Environment } from '../../config/setting-readers.js';
import type { FaxProvider } from '../fax-provider.js';
import { rawTelnyxSettings } from './telnyx-settings.js';

/**
 * The fax provider an environment configures: Telnyx's, built from its settings (its code and
 * their schema load only when one of their variables is set), or undefined when fax is off.
 * Throws the one `SettingError` naming each variable at fault.
 */
export async function telnyxFaxProviderFromEnv(env: Environment): Promise<FaxProvider | undefined> {
  if (rawTelnyxSettings(env) === undefined) return undefined;
  const [{ readTelnyxSettings }, { telnyxFaxProvider }] = await Promise.all([
    import('./telnyx-settings-schema.js'),
    import('./telnyx.js'),
  ]);
  const settings = readTelnyxSettings(env);
  return settings && telnyxFaxProvider(settings);
}
