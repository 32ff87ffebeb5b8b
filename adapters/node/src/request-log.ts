import type { ObservedExchange } from '@filing-mcp/node-http';
import type { LogFields, Logger } from './logger.js';
import type { RequestContexts } from './request-context.js';

const PROBE_PATHS = new Set(['/healthz', '/readyz']);

/**
 * One `request` log line per exchange: method, path (never the query string, where authorization
 * codes and state travel; cut at 512 characters), status, duration, request id and who called
 * (user id and credential prefix, never the credential). Probes arrive every few seconds: a healthy
 * answer is logged at debug only, a failing one at warn.
 */
export function createRequestLog(
  logger: Logger,
  contexts: RequestContexts,
): (exchange: ObservedExchange) => void {
  return (exchange) => {
    const { path, status } = exchange;
    const context = contexts.of(exchange.incoming);
    const auth = context?.auth;
    const level = !PROBE_PATHS.has(path) ? 'info' : status < 400 ? 'debug' : 'warn';
    const fields: LogFields = {
      method: exchange.incoming.method,
      path: path.length > 512 ? `${path.slice(0, 512)}...` : path,
      status,
      duration_ms: Math.round(exchange.durationMs * 100) / 100,
      request_id: context?.requestId,
      user_id: auth?.userId,
      credential_prefix: auth?.credentialPrefix,
    };
    if (exchange.aborted) fields.aborted = true;
    logger[level]('request', fields);
  };
}
