import type { Environment } from '../settings.js';

/** Where a CLI command reads its configuration and writes its output. */
export interface CliIo {
  env: Environment;
  /** Results only (a key, a token, a table), so that `$(filing-mcp ...)` captures exactly them. */
  stdout(text: string): void;
  /** Everything meant for the person at the terminal. */
  stderr(text: string): void;
}

/** The command line is wrong (unknown command or flag, missing value): exit code 2. */
export class UsageError extends Error {
  readonly code = 'usage_error';

  constructor(
    message: string,
    /** The command whose `--help` to point at, e.g. `api-key create`. */
    readonly command?: string,
  ) {
    super(message);
    this.name = 'UsageError';
  }
}
