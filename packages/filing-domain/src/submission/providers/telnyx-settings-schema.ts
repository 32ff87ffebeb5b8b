// The schema of the Telnyx settings (./telnyx-settings.ts), with the messages they always had;
// loaded only when one of their variables is set.
import * as z from 'zod';
import { withoutTrailingSlash } from '@filing-mcp/protocol/internal';
import { isHttpUrl, settingNames } from '../../config/core-settings.js';
import { settingIssuesError } from '../../config/setting-issues.js';
import type { Environment } from '../../config/setting-readers.js';
import type { TelnyxFaxOptions } from './telnyx.js';
import { rawTelnyxSettings, TELNYX_SETTINGS } from './telnyx-settings.js';

const required = (what: string) => z.string({ message: `is required to ${what}` });

/** Schema of the Telnyx settings: set together (any one of them turns fax on), never logged. */
export const telnyxSettingsSchema = z
  .object({
    apiKey: required('send faxes').min(1, { message: 'is required' }),
    connectionId: required('send faxes').min(1, { message: 'is required' }),
    fromNumber: required('send faxes').regex(/^\+[1-9]\d{6,14}$/, {
      message: 'must be a phone number in E.164 form, e.g. +13125550100',
    }),
    publicKey: required('verify fax webhooks').regex(/^[A-Za-z0-9+/]{43}=$/, {
      message: 'must be the base64 Ed25519 public key (44 characters)',
    }),
    apiBaseUrl: z
      .string({ message: 'must be the fax provider API base URL as a string' })
      .refine(isHttpUrl, {
        message: 'must be an absolute http(s) URL without query or fragment (the fax provider API base URL)',
      })
      .transform(withoutTrailingSlash)
      .optional(),
  })
  .strict() satisfies z.ZodType<TelnyxFaxOptions, unknown>;

/** What an error names: each setting's variable; the group as a whole, its key's. */
const NAMES: Readonly<Record<string, string>> = {
  ...settingNames(TELNYX_SETTINGS),
  '(config)': TELNYX_SETTINGS.apiKey.env,
};

/**
 * The Telnyx settings of an environment, validated: undefined when none of their variables is
 * set. Throws the one `SettingError` naming each variable at fault.
 */
export function readTelnyxSettings(env: Environment): TelnyxFaxOptions | undefined {
  const given = rawTelnyxSettings(env);
  if (given === undefined) return undefined;
  const result = telnyxSettingsSchema.safeParse(given);
  if (!result.success) {
    throw settingIssuesError('Invalid environment', result.error.issues, (path) => NAMES[path] ?? path);
  }
  return result.data;
}
