import type { ObservedExchange } from '@filing-mcp/node-http';
import { jsonLineSinkOf, jsonNumber, jsonText, LOG_LEVELS, type LogFields, type Logger } from './logger.js';
import type { RequestContexts } from './request-context.js';

const PROBE_PATHS = new Set(['/healthz', '/readyz']);

// The JSON of the usual methods, made once.
const METHOD_JSON = new Map(
  ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'].map((method) => [method, `"${method}"`]),
);

/**
 * The duration field, `String(Math.round(ms * 100) / 100)`, from its whole hundredths without
 * formatting a double (a quarter of the time): the same text for every whole number of hundredths
 * under 1e9 (checked for each one under 2e7 and 2e7 drawn at random), `String` itself beyond.
 */
function durationJson(durationMs: number): string {
  const hundredths = Math.round(durationMs * 100);
  if (!(hundredths >= 0 && hundredths < 1e9)) return jsonNumber(hundredths / 100);
  const whole = Math.floor(hundredths / 100);
  const rest = hundredths - whole * 100;
  if (rest === 0) return `${whole}`;
  return rest % 10 === 0 ? `${whole}.${rest / 10}` : `${whole}.${rest < 10 ? '0' : ''}${rest}`;
}

/**
 * One `request` log line per exchange: method, path (never the query string, where authorization
 * codes and state travel; cut at 512 characters), status, duration, request id and who called
 * (user id and credential prefix, never the credential). Probes arrive every few seconds: a healthy
 * answer is logged at debug only, a failing one at warn.
 *
 * Through a JSON logger of `createLogger` (the default), the line is built here, field by field,
 * the same text the logger makes of the fields: it is written for every request, and the fields
 * object and the generic formatting were most of its cost. Any other logger gets the fields.
 */
export function createRequestLog(
  logger: Logger,
  contexts: RequestContexts,
): (exchange: ObservedExchange) => void {
  const sink = jsonLineSinkOf(logger);
  // Which of the request line's levels the sink writes.
  const written = {
    debug: sink !== undefined && LOG_LEVELS.indexOf('debug') >= sink.threshold,
    info: sink !== undefined && LOG_LEVELS.indexOf('info') >= sink.threshold,
    warn: sink !== undefined && LOG_LEVELS.indexOf('warn') >= sink.threshold,
  };
  // The last path's JSON: under load, most lines carry the same path.
  let lastPath = '';
  let lastPathJson = '""';
  return (exchange) => {
    const { path, status } = exchange;
    const context = contexts.of(exchange.incoming);
    const auth = context?.auth;
    const level = !PROBE_PATHS.has(path) ? 'info' : status < 400 ? 'debug' : 'warn';
    const method = exchange.incoming.method;
    const loggedPath = path.length > 512 ? `${path.slice(0, 512)}...` : path;
    if (sink === undefined) {
      const fields: LogFields = {
        method,
        path: loggedPath,
        status,
        duration_ms: Math.round(exchange.durationMs * 100) / 100,
        request_id: context?.requestId,
        user_id: auth?.userId,
        credential_prefix: auth?.credentialPrefix,
      };
      if (exchange.aborted) fields.aborted = true;
      logger[level]('request', fields);
      return;
    }
    if (!written[level]) return;
    if (loggedPath !== lastPath) {
      lastPath = loggedPath;
      lastPathJson = jsonText(loggedPath);
    }
    let line = `{"time":"${sink.timestamp()}","level":"${level}","msg":"request"`;
    if (method !== undefined) line += `,"method":${METHOD_JSON.get(method) ?? jsonText(method)}`;
    line += `,"path":${lastPathJson},"status":${jsonNumber(status)},"duration_ms":${durationJson(exchange.durationMs)}`;
    const requestId = context?.requestId;
    if (requestId !== undefined) line += `,"request_id":${jsonText(requestId)}`;
    const userId = auth?.userId;
    if (userId !== undefined) line += `,"user_id":${jsonText(userId)}`;
    const credentialPrefix = auth?.credentialPrefix;
    if (credentialPrefix !== undefined) line += `,"credential_prefix":${jsonText(credentialPrefix)}`;
    if (exchange.aborted) line += ',"aborted":true';
    sink.write(`${line}}\n`);
  };
}
