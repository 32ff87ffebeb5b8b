import { type ParseArgsConfig, parseArgs } from 'node:util';
import { parseDuration } from '../duration.js';
import { UsageError } from './cli-io.js';

type Options = NonNullable<ParseArgsConfig['options']>;

/** Flags (string or boolean) and positional arguments of a command line. */
export interface ParsedCommandLine {
  values: Record<string, string | boolean | undefined>;
  positionals: string[];
}

/**
 * `parseArgs` in strict mode, with `--help` on every command, and its errors turned into
 * {@link UsageError} naming the command.
 */
export function parseCommandLine(
  command: string,
  args: string[],
  options: Options,
  allowPositionals = false,
): ParsedCommandLine {
  try {
    return parseArgs({
      args,
      options: { ...options, help: { type: 'boolean', short: 'h' } },
      allowPositionals,
      strict: true,
    });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? '';
    if (code.startsWith('ERR_PARSE_ARGS')) throw new UsageError((error as Error).message, command);
    throw error;
  }
}

/** A required string flag, or a {@link UsageError} naming it. */
export function requiredFlag(command: string, name: string, value: string | boolean | undefined): string {
  if (typeof value !== 'string' || value.trim() === '') {
    throw new UsageError(`--${name} <value> is required`, command);
  }
  return value.trim();
}

/** `--expires-in` as milliseconds, or a {@link UsageError} showing the accepted forms. */
export function durationFlag(command: string, value: string | boolean | undefined): number | undefined {
  if (value === undefined) return undefined;
  const ms = typeof value === 'string' ? parseDuration(value) : undefined;
  if (ms === undefined) {
    throw new UsageError(
      `--expires-in must be a positive duration with a unit: 30d, 12h, 90m or 3600s (got "${String(value)}")`,
      command,
    );
  }
  return ms;
}
