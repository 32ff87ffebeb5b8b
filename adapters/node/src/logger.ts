import { writeSync } from 'node:fs';
import { NODE_DEFAULTS } from './node-defaults.js';
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
  /**
   * Receives each complete line including its newline. Default: standard output through
   * {@link createStdoutLineWriter}, which writes the lines of up to 10 ms in one call.
   */
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

const FLUSH_BYTES = 64 * 1024;
const FLUSH_MS = 10;
// One writer per process: every default logger shares it, so lines keep their order.
let stdoutWriter: ((line: string) => void) | undefined;

/** A short pause while a full pipe drains (EAGAIN): the writer blocks as Node's stdout does on Linux. */
const pause = new Int32Array(new SharedArrayBuffer(4));

/**
 * Writes `bytes` to standard output whole, synchronously, with `fs.writeSync`: `process.stdout.write`
 * queues what a full pipe cannot take at once, and a queued write is lost when the process exits
 * (seen on Node 22: 2,709 of 3,000 lines reached a slow reader after `process.exit()`). A reader that
 * has gone (EPIPE) drops the lines rather than the process.
 */
function writeWhole(bytes: Uint8Array): void {
  let offset = 0;
  while (offset < bytes.length) {
    try {
      offset += writeSync(1, bytes, offset);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EPIPE') return;
      if (code !== 'EAGAIN') throw error;
      Atomics.wait(pause, 0, 0, 1);
    }
  }
}

/**
 * The default sink: lines reach standard output in one `write` call at most every 10 ms (or as
 * soon as 64 KiB are waiting), rather than one system call per line or per event-loop turn; under
 * load the request log's writes were a tenth, then (once a turn) a twenty-fifth of the busy time.
 * Each line is encoded straight into one buffer kept for the process, so no string of the waiting
 * lines is joined and no buffer is made per flush (that join and encoding were 2.3% of the busy
 * time under `tools/list` load). Lines stay whole and in order, and whatever is waiting is written
 * synchronously when the process exits, an uncaught exception included; only a `SIGKILL` can lose
 * the last 10 ms of lines.
 */
export function createStdoutLineWriter(): (line: string) => void {
  if (stdoutWriter !== undefined) return stdoutWriter;
  const buffer = Buffer.allocUnsafe(FLUSH_BYTES);
  let used = 0;
  let scheduled = false;
  const flush = (): void => {
    scheduled = false;
    if (used === 0) return;
    const end = used;
    used = 0;
    writeWhole(buffer.subarray(0, end));
  };
  process.once('exit', flush);
  stdoutWriter = (line: string): void => {
    // A UTF-16 unit takes at most 3 bytes in UTF-8: a line that might not fit goes after a flush,
    // and one longer than the buffer goes out on its own.
    if (used + line.length * 3 > FLUSH_BYTES) {
      flush();
      if (line.length * 3 > FLUSH_BYTES) {
        writeWhole(Buffer.from(line));
        return;
      }
    }
    used += buffer.write(line, used);
    if (!scheduled) {
      scheduled = true;
      // Unref'd: waiting lines never keep the process alive (the 'exit' handler writes them).
      setTimeout(flush, FLUSH_MS).unref();
    }
  };
  return stdoutWriter;
}

// A string JSON can hold between quotes as it is: printable ASCII without `"` or `\\`.
const PLAIN_JSON_TEXT = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;

/** `value` as JSON (what `JSON.stringify(value)` makes of it: `null` when not finite). */
export function jsonNumber(value: number): string {
  return Number.isFinite(value) ? String(value) : 'null';
}

/** `text` as a JSON string literal (what `JSON.stringify(text)` makes of it). */
export function jsonText(text: string): string {
  return PLAIN_JSON_TEXT.test(text) ? `"${text}"` : JSON.stringify(text);
}

// Each field name's `,"name":`, made once: the same few names recur on every line (at most 256 kept).
const keyPrefixes = new Map<string, string>();

function keyPrefix(key: string): string {
  let prefix = keyPrefixes.get(key);
  if (prefix === undefined) {
    prefix = `,${jsonText(key)}:`;
    if (keyPrefixes.size < 256) keyPrefixes.set(key, prefix);
  }
  return prefix;
}

/**
 * `fields` as the end of a JSON object (`,"a":1}`), or `}` when there are none: the same text as
 * `JSON.stringify` (undefined fields left out, non-finite numbers as null), written field by field
 * because a request line is written for every request and the generic serializer was most of it.
 */
function jsonFieldsTail(fields: LogFields | undefined): string {
  if (fields === undefined) return '}';
  let tail = '';
  for (const key of Object.keys(fields)) {
    const value = fields[key];
    let json: string;
    if (typeof value === 'string') json = jsonText(value);
    else if (typeof value === 'number') json = jsonNumber(value);
    else if (typeof value === 'boolean') json = value ? 'true' : 'false';
    else if (value === null) json = 'null';
    else if (value === undefined) continue;
    else {
      // Outside the declared types (a caller's cast): whatever JSON.stringify makes of it.
      const other = JSON.stringify(value) as string | undefined;
      if (other === undefined) continue;
      json = other;
    }
    tail += keyPrefix(key) + json;
  }
  return `${tail}}`;
}

/**
 * How a JSON logger of {@link createLogger} writes its lines: its lowest level (an index in
 * {@link LOG_LEVELS}), its `time` field and its sink. The request log, which writes one line shape
 * for every request, builds that line itself through it, the same text the logger would make of
 * the fields; any other logger gets the fields.
 */
export interface JsonLineSink {
  readonly threshold: number;
  readonly timestamp: () => string;
  readonly write: (line: string) => void;
}

const JSON_LINE_SINK = Symbol('jsonLineSink');

/** The {@link JsonLineSink} of a JSON logger made by {@link createLogger}; `undefined` for any other. */
export function jsonLineSinkOf(logger: Logger): JsonLineSink | undefined {
  return (logger as Logger & { [JSON_LINE_SINK]?: JsonLineSink })[JSON_LINE_SINK];
}

/**
 * Creates a {@link Logger}. Each line is handed to `write` whole, so lines of concurrent requests
 * never interleave.
 *
 * @example
 * ```ts
 * const logger = createLogger({ level: 'info' });
 * logger.info('request', { method: 'POST', path: '/mcp-server', status: 200 });
 * ```
 */
export function createLogger(options: LoggerOptions = {}): Logger {
  const level = options.level ?? NODE_DEFAULTS.logLevel;
  const format = options.format ?? NODE_DEFAULTS.logFormat;
  const write = options.write ?? createStdoutLineWriter();
  const threshold = LOG_LEVELS.indexOf(level);
  // The time field, formatted once per millisecond: under load many lines share one, and
  // `toISOString` cost a third of a request line.
  let lastMs = Number.NaN;
  let lastTime = '';
  const now = options.now;
  const timestamp =
    now !== undefined
      ? () => now().toISOString()
      : (): string => {
          const ms = Date.now();
          if (ms !== lastMs) {
            lastMs = ms;
            lastTime = new Date(ms).toISOString();
          }
          return lastTime;
        };

  function emit(lineLevel: Exclude<LogLevel, 'silent'>, message: string, fields?: LogFields): void {
    if (LOG_LEVELS.indexOf(lineLevel) < threshold) return;
    const time = timestamp();
    if (format === 'json') {
      // `{"time":...,"level":...,"msg":...,...fields}` without spreading into a new object per
      // line; a field named like a fixed key replaces it, as the spread did.
      if (fields !== undefined && ('time' in fields || 'level' in fields || 'msg' in fields)) {
        write(`${JSON.stringify({ time, level: lineLevel, msg: message, ...fields })}\n`);
        return;
      }
      write(`{"time":"${time}","level":"${lineLevel}","msg":${jsonText(message)}${jsonFieldsTail(fields)}\n`);
      return;
    }
    let line = `${time} ${lineLevel.toUpperCase()} ${message}`;
    for (const [key, value] of Object.entries(fields ?? {})) {
      if (value !== undefined) line += ` ${key}=${textValue(value)}`;
    }
    write(`${line}\n`);
  }

  const logger: Logger & { [JSON_LINE_SINK]?: JsonLineSink } = {
    level,
    debug: (message, fields) => emit('debug', message, fields),
    info: (message, fields) => emit('info', message, fields),
    warn: (message, fields) => emit('warn', message, fields),
    error: (message, fields) => emit('error', message, fields),
  };
  if (format === 'json') logger[JSON_LINE_SINK] = { threshold, timestamp, write };
  return logger;
}
