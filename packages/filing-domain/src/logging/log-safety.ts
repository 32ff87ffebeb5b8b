import type { FilingLogEvent } from './filing-logger.js';

/** Longest string value a log line carries; longer ones (a client_id of 3,000 characters) are cut. */
export const MAX_LOG_VALUE_LENGTH = 200;

/** Whether a UTF-16 unit is a C0 or C1 control character (a forged line break forges a log line). */
function isControl(unit: number): boolean {
  return unit < 0x20 || (unit >= 0x7f && unit <= 0x9f);
}

/**
 * A string value made safe for a log line: control characters and lone surrogates removed, cut to
 * {@link MAX_LOG_VALUE_LENGTH} characters.
 */
export function logSafeText(text: string): string {
  // Only the start can be shown, so only the start is scanned (a 64 KB value costs nothing more).
  const head = text.length > MAX_LOG_VALUE_LENGTH * 2 ? text.slice(0, MAX_LOG_VALUE_LENGTH * 2) : text;
  let clean = '';
  for (let i = 0; i < head.length && clean.length < MAX_LOG_VALUE_LENGTH; i++) {
    const unit = head.charCodeAt(i);
    if (isControl(unit)) continue;
    if (unit >= 0xd800 && unit <= 0xdfff) {
      const next = head.charCodeAt(i + 1);
      if (unit <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
        clean += head[i]! + head[i + 1]!;
        i++;
      }
      continue;
    }
    clean += head[i];
  }
  return clean.length < text.length && clean.length >= MAX_LOG_VALUE_LENGTH ? `${clean}...` : clean;
}

/** The event with every string value made safe; client-supplied values (client_id, tool names) reach logs. */
export function logSafeEvent(event: FilingLogEvent): FilingLogEvent {
  const safe: FilingLogEvent = { event: event.event };
  for (const [key, value] of Object.entries(event)) {
    if (key !== 'event') safe[key] = typeof value === 'string' ? logSafeText(value) : value;
  }
  return safe;
}

/**
 * Whether an error is the client going away mid-request (a closed socket, an aborted body), which
 * is routine and logged at debug level rather than as a server error.
 */
export function isClientDisconnect(error: unknown, request?: Request): boolean {
  if (request?.signal.aborted) return true;
  if (typeof error !== 'object' || error === null) return false;
  const { name, code, message } = error as { name?: unknown; code?: unknown; message?: unknown };
  return (
    name === 'AbortError' ||
    code === 'ECONNRESET' ||
    code === 'ERR_STREAM_PREMATURE_CLOSE' ||
    message === 'aborted' ||
    message === 'terminated'
  );
}
