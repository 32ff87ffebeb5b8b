// Zod-free, so that an adapter's settings module can throw it before the schema loads.

/**
 * A setting is missing or wrong: the one error every settings reader throws (filing-domain's
 * schema, the Node adapter, the serverless settings, the companion's rules). The message names each
 * variable at fault and never repeats a secret's value.
 *
 * @example
 * ```ts
 * throw new SettingError('PORT', 'PORT must be an integer from 0 to 65535 (got "eighty")');
 * ```
 */
export class SettingError extends Error {
  readonly code = 'invalid_config';
  /**
   * The environment variables at fault, e.g. `['PORT']`; for a configuration object given in code,
   * the setting's path (`session.secret`).
   */
  readonly variables: readonly string[];

  constructor(variables: string | readonly string[], message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'SettingError';
    this.variables = typeof variables === 'string' ? [variables] : variables;
  }
}
