// The shared settings of an environment, resolved for an adapter's settings module. Zod-free at
// import: the usual configurations resolve through config-fast-path.ts, and the schema (zod) loads
// only for the others or to name the variable at fault (see docs/performance.md).
import type { ResolvedFilingServerConfig } from './config.js';
import { SettingError } from './setting-error.js';
import { switchSetting, textSetting } from './setting-readers.js';
import { rawConfigFromEnv } from './config-env.js';
import { resolveConfigFast, resolveDatabaseSettingsFast } from './config-fast-path.js';
import type { ResolvedDatabaseSettings } from './database-settings-schema.js';
import type { PlatformPoolDefaults } from './defaults.js';

/** The shared configuration and the database pool settings, validated, defaults applied. */
export interface ResolvedEnvironmentConfig {
  config: ResolvedFilingServerConfig;
  /** Pool size and time limits; the platform's defaults where the environment sets none. */
  database: ResolvedDatabaseSettings & { poolMax: number };
}

/**
 * Resolves what {@link configFromEnv} reads, with the platform's pool size and idle timeout where
 * `DATABASE_POOL_MAX` / `DATABASE_IDLE_TIMEOUT_MS` are unset. Throws `SettingError` naming the
 * variable at fault.
 */
export async function resolveConfigFromEnv(
  env: Record<string, string | undefined>,
  platformDefaults: PlatformPoolDefaults,
): Promise<ResolvedEnvironmentConfig> {
  const raw = rawConfigFromEnv(env);
  const config = resolveConfigFast(raw);
  const database = resolveDatabaseSettingsFast(raw.database, platformDefaults);
  if (config !== undefined && database !== undefined) return { config, database };
  const { configFromEnv, parseFilingServerConfig, resolveDatabaseSettings } = await import('./config.js');
  // The settings as given (not the parsed ones, whose defaults would hide the platform's).
  const given = configFromEnv(env);
  return {
    config: parseFilingServerConfig(given),
    database: resolveDatabaseSettings(given.database, platformDefaults),
  };
}

/** How Client ID Metadata Documents may be fetched: `CIMD_ALLOW_LOOPBACK` (development only). */
export interface ClientMetadataSettings {
  /** Loopback addresses and plain http on loopback, for a local test server. */
  allowLoopback: boolean;
}

/**
 * Reads `CIMD_ALLOW_LOOPBACK` and `CIMD_ALLOW_LOOPBACK_WITH_DATABASE` (`1`/`true` or `0`/`false`):
 * the loopback switch is refused with `DATABASE_URL` set (a shared or production database) unless
 * the second confirms it. Throws `SettingError` naming the variable.
 */
export function clientMetadataSettingsFromEnv(
  env: Record<string, string | undefined>,
): ClientMetadataSettings {
  const allowLoopback = switchSetting(env, 'CIMD_ALLOW_LOOPBACK');
  const confirmed = switchSetting(env, 'CIMD_ALLOW_LOOPBACK_WITH_DATABASE');
  if (allowLoopback && textSetting(env, 'DATABASE_URL') !== undefined && !confirmed) {
    throw new SettingError(
      ['CIMD_ALLOW_LOOPBACK', 'CIMD_ALLOW_LOOPBACK_WITH_DATABASE'],
      'CIMD_ALLOW_LOOPBACK=1 is a development switch and is refused with DATABASE_URL set; ' +
        'set CIMD_ALLOW_LOOPBACK_WITH_DATABASE=1 as well if this database is really a development one',
    );
  }
  return { allowLoopback };
}
