import * as z from 'zod';
import { databaseSettingsSchema } from './database-settings-schema.js';

export { resolveDatabaseSettings } from './database-settings-schema.js';
import { rawConfigFromEnv } from './config-env.js';
import type { SettingError } from './setting-error.js';
import { settingIssuesError } from './setting-issues.js';
import { withoutTrailingSlash } from '@filing-mcp/protocol/internal';
import {
  BASE_PATH,
  CORE_SETTINGS,
  isHttpUrl,
  SECRET_LENGTH,
  settingNames as tableSettingNames,
  type Settings,
} from './core-settings.js';
import { groupSchema, settingSchema } from './settings-schema.js';

// Each setting's key, variable, bounds and default are the table's (./core-settings.ts): the
// integers, switches and choices are built from it (./settings-schema.ts), the texts here, with
// their messages.
const T = CORE_SETTINGS;

const httpUrl = (what: string) =>
  z
    .string({ message: `must be the ${what} as a string` })
    .refine(isHttpUrl, { message: `must be an absolute http(s) URL without query or fragment (the ${what})` })
    // One spelling everywhere: the metadata's `resource` and `issuer` must be byte-identical.
    .transform(withoutTrailingSlash);

const sessionSchema = z.object({
  secret: z
    .string()
    .min(SECRET_LENGTH, { message: `must be at least ${SECRET_LENGTH} characters (HS256 key)` })
    .optional(),
  jwksUrl: z.url({ message: 'must be a URL' }).optional(),
  issuer: z.string().min(1).optional(),
  audience: z.string().min(1).optional(),
  maxAgeSeconds: settingSchema(T.session.settings.maxAgeSeconds),
});

/** The schema of each setting of the table, by key, in the table's order (its errors' order). */
const configShape = {
  baseUrl: httpUrl('MCP base URL, e.g. https://api.example.com/mcp-server'),
  appUrl: httpUrl('companion app URL'),
  basePath: z
    .string()
    .regex(BASE_PATH, { message: 'must be a path starting with / (e.g. /api/mcp-server)' })
    .transform(withoutTrailingSlash)
    .optional(),
  session: sessionSchema.refine(
    (session) => (session.secret === undefined) !== (session.jwksUrl === undefined),
    {
      message: 'needs exactly one of secret and jwksUrl',
    },
  ),
  requireAuth: settingSchema(T.requireAuth),
  allowedHosts: z.array(z.string().min(1)).optional(),
  allowedOrigins: z
    .array(z.string().min(1))
    .transform((origins) => origins.map(withoutTrailingSlash))
    .optional(),
  authCacheTtlMs: settingSchema(T.authCacheTtlMs),
  authCacheMaxEntries: settingSchema(T.authCacheMaxEntries),
  maxBodyBytes: settingSchema(T.maxBodyBytes),
  lifetimes: groupSchema(T.lifetimes).optional(),
  refreshGraceSeconds: settingSchema(T.refreshGraceSeconds),
  requirePkce: settingSchema(T.requirePkce),
  /** @deprecated Use `requirePkce`, which now applies to every client. */
  requirePkceForPublicClients: settingSchema(T.requirePkceForPublicClients),
  listLimitMax: settingSchema(T.listLimitMax),
  database: databaseSettingsSchema.optional(),
  rateLimits: z.union([z.literal(false), groupSchema(T.rateLimits)]).optional(),
  clientExpiry: groupSchema(T.clientExpiry).optional(),
  packetBuilds: groupSchema(T.packetBuilds).optional(),
  packetLinkSecret: z
    .string({ message: 'must be a string' })
    .min(SECRET_LENGTH, { message: `must be at least ${SECRET_LENGTH} characters` })
    .optional(),
  toolsListTtlSeconds: settingSchema(T.toolsListTtlSeconds),
} satisfies { [K in keyof typeof CORE_SETTINGS]: z.ZodType };

/** Schema of {@link FilingServerConfig}; `createFilingServer` parses its `config` with it. */
export const filingServerConfigSchema = z.object(configShape).strict();

/**
 * Settings of the composed server, as given (defaults applied by {@link parseFilingServerConfig}).
 * Each one, with its environment variable, bounds, default and meaning, is declared in
 * `CORE_SETTINGS` (config/core-settings.ts); `baseUrl`, `appUrl` and `session` (exactly one of
 * `secret` and `jwksUrl`) are required.
 */
export type FilingServerConfig = z.input<typeof filingServerConfigSchema>;

/** {@link FilingServerConfig} after validation, defaults applied. */
export type ResolvedFilingServerConfig = z.output<typeof filingServerConfigSchema>;

/** A refusal naming each setting at fault (its path, or what `rename` calls it) and what is wrong. */
function settingError(prefix: string, error: z.ZodError, rename?: (path: string) => string): SettingError {
  return settingIssuesError(prefix, error.issues, rename);
}

/**
 * Validates a configuration and applies defaults. Throws {@link SettingError} naming each bad
 * setting, e.g. `Invalid filing server configuration: session: needs exactly one of secret and jwksUrl`.
 */
export function parseFilingServerConfig(config: unknown): ResolvedFilingServerConfig {
  const result = filingServerConfigSchema.safeParse(config);
  if (!result.success) throw settingError('Invalid filing server configuration', result.error);
  return result.data;
}

/** What an error about a group as a whole names: the session one of its two variables. */
const GROUP_NAMES: Readonly<Record<string, string>> = {
  session: `${T.session.settings.secret.env} or ${T.session.settings.jwksUrl.env}`,
};

/**
 * The variable each core setting is read from, by its path (`session.secret`,
 * `DATABASE_POOL_MAX (or PG_POOL_MAX)` with an older name), and what an error about a group names.
 * A provider's settings are its own (its module's table, read by its adapter).
 */
export function settingNames(settings: Settings = CORE_SETTINGS, prefix = ''): Record<string, string> {
  return tableSettingNames(settings, GROUP_NAMES, prefix);
}

const ENV_NAMES = settingNames();

/**
 * Reads the shared configuration from environment variables, so the Node, Vercel and Lambda
 * adapters agree (the variables and their defaults: `ENVIRONMENT_VARIABLES`, docs/configuration.md).
 * Validates the result and throws {@link SettingError} naming the environment variable at
 * fault. An adapter calls it once, from its settings module, with the environment it read.
 *
 * @example
 * ```ts
 * const server = createFilingServer({ db, config: configFromEnv(env) });
 * ```
 */
export function configFromEnv(env: Record<string, string | undefined>): FilingServerConfig {
  return checkedConfig(filingServerConfigSchema, env).given as FilingServerConfig;
}

/**
 * Schema of {@link FilingServerConfigDraft}: the configuration before the adapter completes it at
 * start (the Node adapter fills in the addresses from the port it listens on and, on the embedded
 * database, the development session secret). Everything that is set is checked as
 * {@link filingServerConfigSchema} checks it.
 */
const filingServerConfigDraftSchema = filingServerConfigSchema.extend({
  baseUrl: httpUrl('MCP base URL, e.g. https://api.example.com/mcp-server').optional(),
  appUrl: httpUrl('companion app URL').optional(),
  session: sessionSchema.refine((session) => session.secret === undefined || session.jwksUrl === undefined, {
    message: 'needs exactly one of secret and jwksUrl',
  }),
});

/**
 * {@link ResolvedFilingServerConfig} with the addresses and the session key still optional:
 * validated, URLs normalised, defaults applied.
 */
export type FilingServerConfigDraft = z.output<typeof filingServerConfigDraftSchema>;

/**
 * {@link configFromEnv} for an adapter that completes the configuration at start: `MCP_BASE_URL`,
 * `APP_URL` and the session key may be unset; every value that is set is validated, with its real
 * value (no stand-ins), and a bad one throws {@link SettingError} naming the variable. Answers
 * the validated configuration (URLs normalised, defaults applied).
 */
export function configDraftFromEnv(env: Record<string, string | undefined>): FilingServerConfigDraft {
  return checkedConfig(filingServerConfigDraftSchema, env).parsed as FilingServerConfigDraft;
}

function checkedConfig(schema: z.ZodType, env: Record<string, string | undefined>) {
  const config = rawConfigFromEnv(env);
  const result = schema.safeParse(config);
  if (!result.success) {
    throw settingError('Invalid environment', result.error, (path) => ENV_NAMES[path] ?? path);
  }
  return { given: config, parsed: result.data };
}
