// The Telnyx fax provider's settings, declared with the core's settings kit (its table's types, its
// reader, its one `SettingError` naming the variable) but kept here, beside the provider: the
// variables it is read from, what the configuration page says of each (docs/configuration.md is
// generated from it). Zod-free: the reader and its schema are ./telnyx-settings-schema.ts, and
// ./telnyx-from-env.ts loads them (and the provider) only when one of the variables is set.
import { settingsFromEnv } from '../../config/config-env.js';
import type { Settings } from '../../config/core-settings.js';
import type { EnvironmentVariable } from '../../config/environment-variable.js';
import type { Environment } from '../../config/setting-readers.js';

/**
 * The fax provider (Telnyx Programmable Fax): `apiKey`, `connectionId`, `fromNumber` (E.164),
 * `publicKey` (base64 Ed25519, verifies the fax-status webhook) and `apiBaseUrl` (a stand-in for
 * tests and staging). Any one set turns fax on, and the schema names what is missing; without it,
 * send_fax answers the mail route instead.
 */
export const TELNYX_SETTINGS = {
  apiKey: { type: 'text', env: 'TELNYX_API_KEY' },
  connectionId: { type: 'text', env: 'TELNYX_FAX_CONNECTION_ID' },
  fromNumber: { type: 'text', env: 'FAX_FROM_NUMBER' },
  publicKey: { type: 'text', env: 'TELNYX_PUBLIC_KEY' },
  apiBaseUrl: { type: 'http-url', env: 'TELNYX_API_BASE_URL' },
} as const satisfies Settings;

/** The Telnyx settings as given, or undefined when none of their variables is set (fax is off). */
export function rawTelnyxSettings(env: Environment): Record<string, unknown> | undefined {
  return settingsFromEnv(env, TELNYX_SETTINGS);
}

// The variables of faxing a signed return to the IRS (send_fax and its status webhook).
const section = 'Fax (Telnyx)' as const;

/** The variables of the configuration page's section "Fax (Telnyx)". */
export const FAX_VARIABLES: readonly EnvironmentVariable[] = [
  {
    name: 'TELNYX_API_KEY',
    default: 'unset',
    adapters: 'all',
    section,
    description:
      'Turns on `send_fax` (with the three below, all required together): the Telnyx API v2 key the fax is sent with (`POST /v2/faxes`, as a Bearer token). Never logged. Unset: `send_fax` answers the mail route instead. See [Filing a return](filing.md).',
  },
  {
    name: 'TELNYX_FAX_CONNECTION_ID',
    default: 'unset',
    adapters: 'all',
    section,
    description: 'The Telnyx Programmable Fax application (connection) id the fax is sent with.',
  },
  {
    name: 'FAX_FROM_NUMBER',
    default: 'unset',
    adapters: 'all',
    section,
    description:
      'The fax number the fax is sent from, in E.164 form (`+13125550100`): a number of the Telnyx account assigned to that fax application. The destination is never a setting: it is the IRS number from the rules table.',
  },
  {
    name: 'TELNYX_PUBLIC_KEY',
    default: 'unset',
    adapters: 'all',
    section,
    description:
      'The account’s base64 Ed25519 public key (Mission Control, Keys & Credentials) that `POST {base_url}/webhooks/telnyx/fax` verifies `telnyx-signature-ed25519` over `telnyx-timestamp|raw body` with; a bad signature or a timestamp more than 5 minutes away answers 401.',
  },
  {
    name: 'TELNYX_API_BASE_URL',
    default: '`https://api.telnyx.com/v2`',
    adapters: 'all',
    section,
    description: 'Where the Telnyx API is reached: a local stand-in for tests and staging.',
  },
];
