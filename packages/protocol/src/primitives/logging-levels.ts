/** MCP logging levels (RFC 5424 severities), least severe first. */
export const LOGGING_LEVELS = [
  'debug',
  'info',
  'notice',
  'warning',
  'error',
  'critical',
  'alert',
  'emergency',
] as const;

/** One of {@link LOGGING_LEVELS}. */
export type LoggingLevel = (typeof LOGGING_LEVELS)[number];

const SEVERITY: ReadonlyMap<string, number> = new Map(LOGGING_LEVELS.map((level, index) => [level, index]));

/** Whether `value` names a logging level. */
export function isLoggingLevel(value: unknown): value is LoggingLevel {
  return typeof value === 'string' && SEVERITY.has(value);
}

/**
 * Whether a message at `level` goes out to a request whose threshold is `threshold`: at or above
 * it; never when the request set no threshold (`undefined`, the 2026 rule: no `_meta.logLevel`,
 * no `notifications/message`).
 */
export function shouldLog(level: LoggingLevel, threshold: LoggingLevel | undefined): boolean {
  if (threshold === undefined) return false;
  return SEVERITY.get(level)! >= SEVERITY.get(threshold)!;
}

/** The serialized `notifications/message` for one log entry. */
export function logNotification(level: LoggingLevel, data: unknown, logger: string | undefined): string {
  const params: Record<string, unknown> = { level };
  if (logger !== undefined) params.logger = logger;
  params.data = data;
  return JSON.stringify({ jsonrpc: '2.0', method: 'notifications/message', params });
}
