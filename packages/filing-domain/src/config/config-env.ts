// The environment variables as a configuration object, not yet validated: zod-free, so that a
// serverless entry can read its settings without loading zod (see config-fast-path.ts). Which
// variable each setting is read from, and as what, is the table's (./core-settings.ts); values are
// read with the settings kit (./setting-readers.ts); the schema (config.ts) checks them.
import { CORE_SETTINGS, isGroup, type Setting, type SettingGroup, type Settings } from './core-settings.js';
import { type Environment, textSetting } from './setting-readers.js';

/** One setting's variable, as the schema takes it; undefined when unset. */
function settingFromEnv(env: Environment, setting: Setting, name: string): unknown {
  const text = textSetting(env, name);
  if (text === undefined) {
    // The older name of the variable, read when it is unset.
    const alias = setting.type === 'integer' ? setting.alias : undefined;
    return alias === undefined || alias === name ? undefined : settingFromEnv(env, setting, alias);
  }
  switch (setting.type) {
    case 'integer':
      // A decimal number as a number, so the schema can say what is wrong with it; anything else as given.
      return /^[+-]?\d+(\.\d+)?$/.test(text) ? Number(text) : text;
    case 'boolean': {
      // `true` or `false` (any case) as a boolean; anything else as given, for the schema to refuse.
      const lower = text.toLowerCase();
      return lower === 'true' ? true : lower === 'false' ? false : text;
    }
    case 'choice':
      return setting.anyCase ? text.toLowerCase() : text;
    case 'hosts':
    case 'origins':
      return text
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean);
    default:
      return text;
  }
}

/** A group's variables as its object: undefined when none is set (unless the group is required). */
function groupFromEnv(env: Environment, group: SettingGroup): unknown {
  const mode = group.switch === undefined ? undefined : textSetting(env, group.switch)?.toLowerCase();
  if (mode === 'off') return false;
  // Neither on nor off: given as it is, for the schema to refuse naming the switch.
  if (mode !== undefined && mode !== 'on') return mode;
  const values = settingsFromEnv(env, group.settings);
  return values === undefined && group.required ? {} : values;
}

/**
 * The settings of a table (the core's, a provider's) that are set, by key, as the schema takes
 * them; undefined when none is.
 */
export function settingsFromEnv(env: Environment, settings: Settings): Record<string, unknown> | undefined {
  const values: Record<string, unknown> = {};
  for (const [key, entry] of Object.entries(settings)) {
    const value = isGroup(entry)
      ? groupFromEnv(env, entry)
      : entry.env === undefined
        ? undefined
        : settingFromEnv(env, entry, entry.env);
    if (value !== undefined) values[key] = value;
  }
  return Object.keys(values).length === 0 ? undefined : values;
}

/** The configuration the environment describes, as given (`configFromEnv` validates it). */
export function rawConfigFromEnv(env: Environment): Record<string, unknown> {
  return settingsFromEnv(env, CORE_SETTINGS) ?? {};
}
