import { companionSessionSecret } from '@filing-mcp/companion/rules';
import {
  type ClientMetadataSettings,
  clientMetadataSettingsFromEnv,
  type ResolvedEnvironmentConfig,
  resolveConfigFromEnv,
} from '@filing-mcp/filing-domain';
import type { FaxProvider, PaymentProvider } from '@filing-mcp/filing-domain';
import { stripePaymentProviderFromEnv } from '@filing-mcp/filing-domain/providers/stripe';
import { telnyxFaxProviderFromEnv } from '@filing-mcp/filing-domain/providers/telnyx';
import { choiceSetting, requiredSetting, textSetting } from '@filing-mcp/filing-domain/settings';
import type { ServerlessPlatform } from './serverless-platform.js';

/**
 * Everything a serverless instance is configured with, read from its environment once (by
 * {@link serverlessSettingsFromEnv}) and validated before anything is built; what the bootstrap,
 * the server and the companion pages take instead of the environment. Defaults are the code's:
 * docs/configuration.md lists each variable with them.
 */
export interface ServerlessSettings extends ResolvedEnvironmentConfig {
  /** `DATABASE_URL` (or the platform's other names, first set wins): the PostgreSQL connection string. */
  connectionString: string;
  /** `MIGRATE_ON_START=true`: run the migrations when the instance starts. Default false. */
  migrateOnStart: boolean;
  /** `COMPANION=on`: serve the companion pages under `APP_URL`'s path. Default off. */
  companion: boolean;
  /** `LOCAL_USER_ID`, default `local-user` (unused by the pages, which act for the session's user). */
  localUserId: string;
  /** `CIMD_ALLOW_LOOPBACK` (development only). */
  clientMetadataDocuments: ClientMetadataSettings;
  /**
   * The fax provider (Telnyx's), built from its own settings (`TELNYX_*`, `FAX_FROM_NUMBER`) when
   * any is set; its code and their schema load only then.
   */
  fax: FaxProvider | undefined;
  /**
   * The payment provider (Stripe's), built from its own settings (`STRIPE_*`, `BILLING*`) when
   * payments are on; its code and their schema load only then.
   */
  payments: PaymentProvider | undefined;
}

/**
 * Reads and validates the settings of a serverless instance from its environment: the connection
 * string (required), `MIGRATE_ON_START`, `COMPANION`, `LOCAL_USER_ID`, `CIMD_ALLOW_LOOPBACK` and
 * everything the core reads (`resolveConfigFromEnv`: `MCP_BASE_URL`, `APP_URL`,
 * `SESSION_JWT_SECRET` or `SESSION_JWKS_URL`, the pool with the platform's defaults, ...), the
 * providers' settings (their entries read them and build the fax and payment providers), with
 * the companion's rules (`@filing-mcp/companion/rules`) when `COMPANION=on`. Throws `SettingError`
 * naming the variable at fault.
 */
export async function serverlessSettingsFromEnv(
  env: Record<string, string | undefined>,
  platform: Pick<ServerlessPlatform, 'connectionStringVariables' | 'poolDefaults'>,
): Promise<ServerlessSettings> {
  const [first = 'DATABASE_URL', ...others] = platform.connectionStringVariables ?? [];
  const connectionString = requiredSetting(
    env,
    [first, ...others],
    'the PostgreSQL connection string (postgres://...)',
  );
  // Only `on` mounts the pages on a serverless platform; `auto` (Node's default) means off here.
  const companion = choiceSetting(env, 'COMPANION', ['off', 'on', 'auto'], 'off') === 'on';
  const migrateOnStart = choiceSetting(env, 'MIGRATE_ON_START', ['false', 'true'], 'false') === 'true';
  const core = await resolveConfigFromEnv(env, platform.poolDefaults);
  if (companion) companionSessionSecret(core.config.session);
  // The providers' settings are theirs, read as the core's are (the one `SettingError`).
  const [fax, payments] = await Promise.all([
    telnyxFaxProviderFromEnv(env),
    stripePaymentProviderFromEnv(env),
  ]);
  return {
    ...core,
    connectionString,
    migrateOnStart,
    companion,
    localUserId: textSetting(env, 'LOCAL_USER_ID') ?? 'local-user',
    clientMetadataDocuments: clientMetadataSettingsFromEnv(env),
    fax,
    payments,
  };
}
