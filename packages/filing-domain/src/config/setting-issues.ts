// The refusal of a schema's problems, shared by the core's schema (config.ts) and the providers'
// (submission/providers/, payments/providers/): loaded with a schema, not with the settings kit.
import { SettingError } from './setting-error.js';

/** A problem a schema found: the path of the setting at fault and what is wrong with it. */
export interface SettingIssue {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

/**
 * The one refusal of a schema's problems (the core's, a provider's): `prefix: setting: message; ...`,
 * naming each setting at fault by its path, or what `rename` calls it (its variable, e.g.
 * `Invalid environment: PACKET_LINK_SECRET: must be at least 32 characters`).
 */
export function settingIssuesError(
  prefix: string,
  problems: readonly SettingIssue[],
  rename: (path: string) => string = (path) => path,
): SettingError {
  const issues = problems.map((issue) => ({
    setting: rename(issue.path.map(String).join('.') || '(config)'),
    message: issue.message,
  }));
  // A setting such as `DATABASE_POOL_MAX (or PG_POOL_MAX)` names two variables.
  const named = issues.flatMap((issue) => issue.setting.match(/\b[A-Z][A-Z0-9_]+\b/g) ?? [issue.setting]);
  return new SettingError(
    [...new Set(named)],
    `${prefix}: ${issues.map((issue) => `${issue.setting}: ${issue.message}`).join('; ')}`,
  );
}
