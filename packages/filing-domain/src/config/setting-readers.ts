// The one kit every settings module reads the environment with (filing-domain's raw reading for
// the schema, the Node adapter, the serverless settings, Vercel's and Lambda's): one call per
// variable names it, parses it and gives its default, and a bad value throws the one
// `SettingError`, naming the variable. Zod-free, for the cold start. What each variable means, and
// its default as the configuration page shows it, is in the table of ./variables/.
import { SettingError } from './setting-error.js';

/** Environment variables: a name to its value, or undefined when unset. */
export type Environment = Readonly<Record<string, string | undefined>>;

/** The refusal of a value: `NAME must be <expected> (got "value")`. */
function refusal(name: string, expected: string, value: string): SettingError {
  return new SettingError(name, `${name} must be ${expected} (got ${JSON.stringify(value)})`);
}

/** The variable's value, trimmed; undefined when it is unset or blank. */
export function textSetting(env: Environment, name: string): string | undefined {
  const value = env[name]?.trim();
  return value === undefined || value === '' ? undefined : value;
}

/** An integer from `min` to `max`, `fallback` when unset. */
export function integerSetting(
  env: Environment,
  name: string,
  range: { fallback: number; min: number; max: number },
): number {
  const value = textSetting(env, name);
  if (value === undefined) return range.fallback;
  if (!/^\d+$/.test(value) || Number(value) < range.min || Number(value) > range.max) {
    throw refusal(name, `an integer from ${range.min} to ${range.max}`, value);
  }
  return Number(value);
}

/** One of `allowed` (any case), `fallback` when unset. */
export function choiceSetting<T extends string>(
  env: Environment,
  name: string,
  allowed: readonly T[],
  fallback: T,
): T {
  const value = textSetting(env, name);
  if (value === undefined) return fallback;
  const lower = value.toLowerCase() as T;
  if (!allowed.includes(lower)) throw refusal(name, `one of ${allowed.join(', ')}`, value);
  return lower;
}

/** `true` or `false` (any case), `fallback` when unset. */
export function booleanSetting(env: Environment, name: string, fallback: boolean): boolean {
  const value = textSetting(env, name);
  if (value === undefined) return fallback;
  const lower = value.toLowerCase();
  if (lower !== 'true' && lower !== 'false') throw refusal(name, 'true or false', value);
  return lower === 'true';
}

/** A development switch: `1` or `true` turns it on; `0`, `false` or unset leaves it off. */
export function switchSetting(env: Environment, name: string): boolean {
  const value = textSetting(env, name);
  if (value === undefined || value === '0' || value === 'false') return false;
  if (value === '1' || value === 'true') return true;
  throw refusal(name, '1 or 0', value);
}

/**
 * A `postgres://` (or `postgresql://`) URL, undefined when unset. The message of a wrong one does
 * not repeat it: it usually carries a password.
 */
export function postgresUrlSetting(env: Environment, name: string): string | undefined {
  const url = textSetting(env, name);
  if (url !== undefined && !/^postgres(ql)?:\/\//i.test(url)) {
    throw new SettingError(
      name,
      `${name} must be a PostgreSQL URL: postgres://user:password@host:5432/database`,
    );
  }
  return url;
}

/**
 * The first of `names` that is set (a platform's names for one setting, e.g. `DATABASE_URL` and
 * `POSTGRES_URL`); unset, throws naming the first and saying what to give.
 */
export function requiredSetting(
  env: Environment,
  names: readonly [string, ...string[]],
  what: string,
): string {
  for (const name of names) {
    const value = textSetting(env, name);
    if (value !== undefined) return value;
  }
  throw new SettingError(names, `${names[0]} is not set: give ${what}.`);
}
