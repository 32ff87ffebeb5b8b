// The common configurations resolved without zod, so that a serverless cold start answers
// `initialize` without loading it. Anything this module is not sure of (a setting the table leaves
// to the schema, any invalid value) answers undefined, and the caller validates with the zod schema
// of config.ts, which then answers the same result or the error naming the setting. The keys, types,
// bounds and defaults are the table's (./core-settings.ts), which the schema is derived from too; a
// property test (test/config/config-fast-path.test.ts) checks that every result here equals the
// schema's.
import type { ResolvedFilingServerConfig } from './config.js';
import type { ResolvedDatabaseSettings } from './database-settings-schema.js';
import { withoutTrailingSlash } from '@filing-mcp/protocol/internal';
import {
  BASE_PATH,
  CORE_SETTINGS,
  isGroup,
  isHttpUrl,
  SECRET_LENGTH,
  type Setting,
  type SettingGroup,
  type Settings,
} from './core-settings.js';
import type { PlatformPoolDefaults } from './defaults.js';

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;

const isText = (value: unknown): value is string => typeof value === 'string';

function nonEmptyStrings(value: unknown): string[] | undefined {
  if (!Array.isArray(value)) return undefined;
  for (const item of value) if (!isText(item) || item.length === 0) return undefined;
  return [...value];
}

/** A setting's value as the schema resolves it, or undefined when it is invalid or left to the schema. */
function resolveSetting(setting: Setting, value: unknown): unknown {
  switch (setting.type) {
    case 'integer':
      return Number.isSafeInteger(value) &&
        (value as number) >= setting.min &&
        (value as number) <= (setting.max ?? Number.MAX_SAFE_INTEGER)
        ? value
        : undefined;
    case 'boolean':
      return typeof value === 'boolean' ? value : undefined;
    case 'choice':
      return (setting.options as readonly unknown[]).includes(value) ? value : undefined;
    case 'http-url':
      return isText(value) && isHttpUrl(value) ? withoutTrailingSlash(value) : undefined;
    case 'path':
      return isText(value) && BASE_PATH.test(value) ? withoutTrailingSlash(value) : undefined;
    case 'name':
      return isText(value) && value !== '' ? value : undefined;
    case 'secret':
      return isText(value) && value.length >= SECRET_LENGTH ? value : undefined;
    case 'hosts':
      return nonEmptyStrings(value);
    case 'origins':
      return nonEmptyStrings(value)?.map(withoutTrailingSlash);
    default:
      return undefined;
  }
}

function resolveGroup(group: SettingGroup, value: unknown): unknown {
  if (value === false && group.switch !== undefined) return false;
  return resolveSettings(group.settings, value);
}

/**
 * An object of settings as the schema resolves it (a strict object: an unknown key is refused;
 * defaults applied), or undefined.
 */
function resolveSettings(settings: Settings, input: unknown): Record<string, unknown> | undefined {
  if (!isPlainObject(input)) return undefined;
  const resolved: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) {
    const entry = Object.hasOwn(settings, key) ? settings[key] : undefined;
    if (entry === undefined || value === undefined) return undefined;
    const setting = isGroup(entry) ? resolveGroup(entry, value) : resolveSetting(entry, value);
    if (setting === undefined) return undefined;
    resolved[key] = setting;
  }
  for (const [key, entry] of Object.entries(settings)) {
    if (key in resolved) continue;
    if (entry.required) return undefined;
    if ('default' in entry && entry.default !== undefined) resolved[key] = entry.default;
  }
  return resolved;
}

/**
 * The configuration resolved as `parseFilingServerConfig` would, or undefined when it holds a
 * setting this fast path leaves to the schema (a JWKS URL) or any invalid value.
 */
export function resolveConfigFast(input: unknown): ResolvedFilingServerConfig | undefined {
  const config = resolveSettings(CORE_SETTINGS, input);
  // The session needs exactly one of secret and JWKS URL; a JWKS URL is the schema's.
  if ((config?.session as { secret?: string } | undefined)?.secret === undefined) return undefined;
  return config as ResolvedFilingServerConfig;
}

/**
 * Database settings resolved as `resolveDatabaseSettings` would when none are set, or undefined
 * (then resolve them with the schema).
 */
export function resolveDatabaseSettingsFast(
  settings: unknown,
  platform: PlatformPoolDefaults,
): (ResolvedDatabaseSettings & { poolMax: number }) | undefined {
  if (settings !== undefined) return undefined;
  const { idleTimeoutMs, namedStatements } = platform;
  const resolved = resolveSettings(CORE_SETTINGS.database.settings, {
    ...(idleTimeoutMs !== undefined && { idleTimeoutMs }),
    ...(namedStatements !== undefined && { namedStatements }),
  });
  return (
    resolved && ({ ...resolved, poolMax: platform.poolMax } as ResolvedDatabaseSettings & { poolMax: number })
  );
}
