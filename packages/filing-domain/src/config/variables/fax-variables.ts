// The variables of faxing a signed return to the IRS (send_fax and its status webhook).
import type { EnvironmentVariable } from '../environment-variable.js';

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
