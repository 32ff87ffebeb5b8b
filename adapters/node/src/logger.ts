/** Severity of a log line; `silent` turns logging off. */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';

/** `json`: one JSON object per line (the default, for log collectors); `text`: `key=value` for people. */
export type LogFormat = 'json' | 'text';

/** Fields of a log line. Callers put only log-safe values here: never a token, code, secret or query. */
export type LogFields = Record<string, string | number | boolean | null | undefined>;

/** Structured logger writing one line per event. */
export interface Logger {
  readonly level: LogLevel;
  debug(message: string, fields?: LogFields): void;
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
}

/** Options of {@link createLogger}. */
export interface LoggerOptions {
  /** Lowest level written; default `info`. */
  level?: LogLevel;
  /** Default `json`. */
  format?: LogFormat;
  /** Receives each complete line including its newline; default `process.stdout.write`. */
  write?: (line: string) => void;
  /** Clock for the `time` field (tests). */
  now?: () => Date;
}

/** The accepted values of `LOG_LEVEL`, lowest first. */
export const LOG_LEVELS: readonly LogLevel[] = ['debug', 'info', 'warn', 'error', 'silent'];

/** The accepted values of `LOG_FORMAT`. */
export const LOG_FORMATS: readonly LogFormat[] = ['json', 'text'];

function textValue(value: string | number | boolean | null): string {
  const text = String(value);
  return /^[^\s"=]+$/.test(text) ? text : JSON.stringify(text);
}

/**
 * Creates a {@link Logger}. Lines are written synchronously in one `write` call each, so lines of
 * concurrent requests never interleave.
 *
 * @example
 * ```ts
 * const logger = createLogger({ level: 'info' });
 * logger.info('request', { method: 'POST', path: '/mcp-server', status: 200 });
 * ```
 */
export function createLogger(options: LoggerOptions = {}): Logger {
  const level = options.level ?? 'info';
  const format = options.format ?? 'json';
  const write = options.write ?? ((line: string) => process.stdout.write(line));
  const now = options.now ?? (() => new Date());
  const threshold = LOG_LEVELS.indexOf(level);

  function emit(lineLevel: Exclude<LogLevel, 'silent'>, message: string, fields: LogFields = {}): void {
    if (LOG_LEVELS.indexOf(lineLevel) < threshold) return;
    const time = now().toISOString();
    if (format === 'json') {
      write(`${JSON.stringify({ time, level: lineLevel, msg: message, ...fields })}\n`);
      return;
    }
    let line = `${time} ${lineLevel.toUpperCase()} ${message}`;
    for (const [key, value] of Object.entries(fields)) {
      if (value !== undefined) line += ` ${key}=${textValue(value)}`;
    }
    write(`${line}\n`);
  }

  return {
    level,
    debug: (message, fields) => emit('debug', message, fields),
    info: (message, fields) => emit('info', message, fields),
    warn: (message, fields) => emit('warn', message, fields),
    error: (message, fields) => emit('error', message, fields),
  };
}
