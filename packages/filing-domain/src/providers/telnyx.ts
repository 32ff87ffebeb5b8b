// The entry of `@filing-mcp/filing-domain/providers/telnyx`: the Telnyx fax provider and its
// settings (the variables, their reader), out of the core's entries, which name no vendor. An
// adapter reads the settings and hands the provider in (`FilingServerOptions.fax`).
export { type TelnyxFaxOptions, telnyxFaxProvider } from '../submission/providers/telnyx.js';
export { telnyxFaxProviderFromEnv } from '../submission/providers/telnyx-from-env.js';
export { TELNYX_SETTINGS } from '../submission/providers/telnyx-settings.js';
export { readTelnyxSettings } from '../submission/providers/telnyx-settings-schema.js';
