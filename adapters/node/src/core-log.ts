import type { FilingLogEvent } from '@filing-mcp/filing-domain';
import type { LogFields, Logger } from './logger.js';

const ERROR_EVENTS = new Set(['server_error', 'unhandled_error', 'mcp_error', 'background_error']);
const WARN_EVENTS = new Set(['code_replay', 'refresh_token_reuse']);
// Routine: a client that closed its connection before its answer.
const DEBUG_EVENTS = new Set(['client_disconnected']);

function logSafeFields(event: FilingLogEvent): LogFields {
  const fields: LogFields = {};
  for (const [key, value] of Object.entries(event)) {
    if (key === 'event') continue;
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) {
      fields[key] = value as string | number | boolean | null;
    }
  }
  return fields;
}

/**
 * The filing server's log events on the adapter's logger, each at its level: failures at error,
 * replays (codes, refresh tokens) and other `*_error` events at warn, client disconnects at debug,
 * the rest at info. Only scalar fields are written.
 */
export function coreEventLog(logger: Logger): (event: FilingLogEvent) => void {
  return (event) => {
    const level = ERROR_EVENTS.has(event.event)
      ? 'error'
      : WARN_EVENTS.has(event.event) || event.event.endsWith('_error')
        ? 'warn'
        : DEBUG_EVENTS.has(event.event)
          ? 'debug'
          : 'info';
    logger[level](event.event, logSafeFields(event));
  };
}
