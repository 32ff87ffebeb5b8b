// The zod schemas of the table's integers, switches and choices (./core-settings.ts), so that
// their bounds and defaults are declared once: config.ts, database-settings-schema.ts and the
// providers' settings schemas (payments/providers/) build their objects from these. The wording is
// the one the settings always had: `must be an integer`, `must be positive`, `must be at most 86400 (a day)`, ...
import * as z from 'zod';
import {
  type BooleanSetting,
  type ChoiceSetting,
  CORE_SETTINGS,
  type IntegerSetting,
  MAX_SECONDS,
  type SettingGroup,
} from './core-settings.js';

/** A setting whose whole schema the table describes. */
export type SimpleSetting = IntegerSetting | BooleanSetting | ChoiceSetting;

type WithDefault<S, Z extends z.ZodType> = S extends { readonly default: unknown }
  ? z.ZodDefault<Z>
  : z.ZodOptional<Z>;

/** The zod type of a setting: its default applied, or optional. */
export type SchemaOf<S> = S extends IntegerSetting
  ? WithDefault<S, z.ZodNumber>
  : S extends BooleanSetting
    ? WithDefault<S, z.ZodBoolean>
    : S extends ChoiceSetting<infer T>
      ? WithDefault<S, z.ZodEnum<{ [K in T]: K }>>
      : never;

/** What an upper bound is, said after it. */
const SPANS: Readonly<Record<number, string>> = {
  [MAX_SECONDS]: '10 years',
  86400: 'a day',
  3600000: 'one hour',
};

/**
 * Wordings older than the table, kept: `AUTH_CACHE_TTL_MS` refuses a non-number in zod's own words,
 * `DATABASE_POOL_MAX` says "at least 1" rather than "positive".
 */
const WORDINGS = new Map<IntegerSetting, { ownTypeMessage?: false; min?: string }>([
  [CORE_SETTINGS.authCacheTtlMs, { ownTypeMessage: false }],
  [CORE_SETTINGS.database.settings.poolMax, { min: 'must be at least 1' }],
]);

function integerSchema(setting: IntegerSetting): z.ZodNumber {
  const wording = WORDINGS.get(setting);
  const integer = {
    message: `must be an integer${setting.unit === undefined ? '' : ` number of ${setting.unit}`}`,
  };
  let schema = z.number(wording?.ownTypeMessage === false ? undefined : integer).int(integer);
  if (wording?.min !== undefined) schema = schema.min(setting.min, { message: wording.min });
  else if (setting.min === 0) schema = schema.min(0, { message: 'must be 0 or more' });
  else schema = schema.positive({ message: 'must be positive' });
  if (setting.max === undefined) return schema;
  const span = SPANS[setting.max];
  return schema.max(setting.max, {
    message: `must be at most ${setting.max}${span === undefined ? '' : ` (${span})`}`,
  });
}

/** The schema of one setting of the table, its default applied (or optional). */
export function settingSchema<S extends SimpleSetting>(setting: S): SchemaOf<S> {
  const schema: z.ZodType =
    setting.type === 'integer'
      ? integerSchema(setting)
      : setting.type === 'boolean'
        ? z.boolean({ message: 'must be true or false' })
        : z.enum(setting.options, {
            message: `must be ${setting.options.map((option) => `'${option}'`).join(' or ')}`,
          });
  return (setting.default === undefined ? schema.optional() : schema.default(setting.default)) as SchemaOf<S>;
}

/** The shape of a group whose settings the table describes whole. */
export type ShapeOf<S> = { -readonly [K in keyof S]: SchemaOf<S[K]> };

/** The strict object schema of a group of the table (an unknown key is refused). */
export function groupSchema<S extends Readonly<Record<string, SimpleSetting>>>(group: SettingGroup<S>) {
  const shape = Object.fromEntries(
    Object.entries(group.settings).map(([key, setting]) => [key, settingSchema(setting)]),
  ) as ShapeOf<S>;
  return z.object(shape).strict();
}
