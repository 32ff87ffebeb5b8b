// Zod-free, so that an adapter's settings module can throw it before the schema loads.

/** A configuration setting is missing or wrong; the message names every bad setting. */
export class FilingConfigError extends Error {
  readonly code = 'invalid_config';

  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'FilingConfigError';
  }
}
