import {
  type ClientMetadataSettings,
  clientMetadataSettingsFromEnv,
  configDraftFromEnv,
  FilingConfigError,
  type FilingServerConfigDraft,
} from '@filing-mcp/filing-domain';
import { loopbackAllowList } from '@filing-mcp/protocol';
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
}

/**
 * Reads and validates the settings of `serve`. Throws {@link SettingError} listing every missing
 * setting at once, so that a new deployment is not fixed one restart at a time, or naming the
 * variable of a bad value (`FilingConfigError` for the core's).
 */
export function serveSettingsFromEnv(env: Environment): ServeSettings {
  const settings = nodeSettingsFromEnv(env);
  const core = configDraftFromEnv(env);
  const servesCompanion = companionEnabled(settings, env);
  const { secret, jwksUrl } = core.session;
  const missing: string[] = [];
  if (secret === undefined && jwksUrl === undefined && settings.databaseUrl !== undefined) {
    missing.push(MISSING_SESSION);
  }
  if (!servesCompanion && core.appUrl === undefined) {
    missing.push(
      'APP_URL must be set when the companion pages are off (DATABASE_URL set, or COMPANION=off): ' +
        'the address of the companion app that shows the consent page and filing pages',
    );
  }
  if (missing.length > 0) throw new SettingError(missing.join('\n'));
  if (servesCompanion && jwksUrl !== undefined && secret === undefined) {
    throw new SettingError(
      'COMPANION=on needs SESSION_JWT_SECRET: the companion pages sign session JWTs, which SESSION_JWKS_URL cannot verify',
    );
  }
  if (
    servesCompanion &&
    settings.companionSignIn === 'off' &&
    loopbackAllowList(settings.host, 0) === undefined
  ) {
    throw new SettingError(
      `the companion pages act for the local user without a password, so they serve only loopback HOST (got HOST=${settings.host}): ` +
        'set COMPANION_SIGN_IN=link for a one-time sign-in link printed at start, ' +
        'COMPANION_SIGN_IN=session for a sign-in with a session JWT, ' +
        'or COMPANION=off with APP_URL set to the product app, which signs its users in with the session JWT',
    );
  }
  let clientMetadataDocuments: ClientMetadataSettings;
  try {
    clientMetadataDocuments = clientMetadataSettingsFromEnv(env);
  } catch (error) {
    if (!(error instanceof FilingConfigError)) throw error;
    throw new SettingError(error.message);
  }
  return {
    ...settings,
    core,
    clientMetadataDocuments,
    servesCompanion,
    telemetry: telemetrySettingsFromEnv(env),
  };
}
