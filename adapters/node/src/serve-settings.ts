import { checkCompanionHost, companionSessionSecret } from '@filing-mcp/companion/rules';
import {
  type ClientMetadataSettings,
  clientMetadataSettingsFromEnv,
  configDraftFromEnv,
  type FilingServerConfigDraft,
} from '@filing-mcp/filing-domain';
import { type PaymentsSettings, readStripeSettings } from '@filing-mcp/filing-domain/providers/stripe';
import { readTelnyxSettings, type TelnyxFaxOptions } from '@filing-mcp/filing-domain/providers/telnyx';
import {
  companionEnabled,
  type Environment,
  type NodeSettings,
  nodeSettingsFromEnv,
  SettingError,
} from './settings.js';
import { MISSING_SESSION } from './session-secret.js';
import { type TelemetrySettings, telemetrySettingsFromEnv } from './telemetry.js';

/**
 * Everything `filing-mcp serve` is configured with, read from the environment once and validated,
 * with the values given (no stand-ins), before anything is opened. Defaults are the code's:
 * docs/configuration.md lists each variable with them.
 */
export interface ServeSettings extends NodeSettings {
  /**
   * The core's configuration as given (`configDraftFromEnv`): `MCP_BASE_URL` and `APP_URL` may be
   * unset (they default from the listening port), and so may the session key on the embedded
   * database (the development secret of `DATA_DIR` completes it at start).
   */
  core: FilingServerConfigDraft;
  /** `CIMD_ALLOW_LOOPBACK` (development only). */
  clientMetadataDocuments: ClientMetadataSettings;
  /** Whether the companion pages are served (`COMPANION`, see `companionEnabled`). */
  servesCompanion: boolean;
  /** `OTEL_*`: whether the OpenTelemetry SDK starts. */
  telemetry: TelemetrySettings;
  /** The fax provider's settings (`TELNYX_*`, `FAX_FROM_NUMBER`), when any is set: fax on. */
  fax: TelnyxFaxOptions | undefined;
  /** The payment provider's settings (`STRIPE_*`, `BILLING*`), when payments are on. */
  payments: PaymentsSettings | undefined;
}

/**
 * Reads and validates the settings of `serve`. Throws {@link SettingError} listing every missing
 * setting at once, so that a new deployment is not fixed one restart at a time, or naming the
 * variable of a bad value; the companion's own rules are its (`@filing-mcp/companion/rules`).
 */
export function serveSettingsFromEnv(env: Environment): ServeSettings {
  const settings = nodeSettingsFromEnv(env);
  const core = configDraftFromEnv(env);
  // The providers' settings are theirs, read as the core's are (the one `SettingError`).
  const fax = readTelnyxSettings(env);
  const payments = readStripeSettings(env);
  const servesCompanion = companionEnabled(settings, core.appUrl);
  const { secret, jwksUrl } = core.session;
  const missing: SettingError[] = [];
  if (secret === undefined && jwksUrl === undefined && settings.databaseUrl !== undefined) {
    missing.push(new SettingError(['SESSION_JWT_SECRET', 'SESSION_JWKS_URL'], MISSING_SESSION));
  }
  if (!servesCompanion && core.appUrl === undefined) {
    missing.push(
      new SettingError(
        'APP_URL',
        'APP_URL must be set when the companion pages are off (DATABASE_URL set, or COMPANION=off): ' +
          'the address of the companion app that shows the consent page and filing pages',
      ),
    );
  }
  if (missing.length > 0) {
    throw new SettingError(
      missing.flatMap((error) => error.variables),
      missing.map((error) => error.message).join('\n'),
    );
  }
  if (servesCompanion) {
    // The development secret completes an unset one at start; a JWKS URL alone cannot sign.
    if (jwksUrl !== undefined) companionSessionSecret({ secret });
    checkCompanionHost(
      settings.host,
      settings.companionSignIn === 'off' ? undefined : settings.companionSignIn,
    );
  }
  const clientMetadataDocuments = clientMetadataSettingsFromEnv(env);
  return {
    ...settings,
    core,
    clientMetadataDocuments,
    servesCompanion,
    telemetry: telemetrySettingsFromEnv(env),
    fax,
    payments,
  };
}
