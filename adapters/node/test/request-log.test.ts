import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ObservedExchange } from '@filing-mcp/node-http';
import { describe, expect, it } from 'vitest';
import { createLogger, type Logger, type LogLevel } from '../src/logger.js';
import { RequestContexts } from '../src/request-context.js';
import { createRequestLog } from '../src/request-log.js';

const at = new Date('2026-01-02T03:04:05.678Z');

interface Case {
  method: string;
  path: string;
  status: number;
  durationMs: number;
  aborted?: boolean;
  requestId?: string;
  auth?: { userId: string; credentialPrefix?: string };
}

/** One exchange as node-http's `observe` hands it over, its context opened as the adapter does. */
function exchangeOf(contexts: RequestContexts, item: Case): ObservedExchange {
  const incoming = {
    method: item.method,
    rawHeaders: item.requestId === undefined ? [] : ['X-Request-Id', item.requestId],
    socket: { remoteAddress: '127.0.0.1' },
  } as unknown as IncomingMessage;
  contexts.open(incoming);
  const context = contexts.of(incoming);
  if (context !== undefined && item.auth !== undefined) context.auth = item.auth as never;
  return {
    incoming,
    outgoing: {} as ServerResponse,
    method: item.method,
    path: item.path,
    status: item.status,
    durationMs: item.durationMs,
    aborted: item.aborted ?? false,
  };
}

/** The lines the request log writes for `items` through `logger`'s way of writing. */
function linesOf(level: LogLevel, items: Case[], generic: boolean): string[] {
  const lines: string[] = [];
  const json = createLogger({ level, write: (line) => lines.push(line), now: () => at });
  // The same logger without its line sink: the request log hands it the fields.
  const logger: Logger = generic
    ? {
        level: json.level,
        debug: json.debug,
        info: json.info,
        warn: json.warn,
        error: json.error,
      }
    : json;
  const contexts = new RequestContexts();
  const log = createRequestLog(logger, contexts);
  for (const item of items) log(exchangeOf(contexts, item));
  return lines;
}

const CASES: Case[] = [
  {
    method: 'POST',
    path: '/mcp-server',
    status: 200,
    durationMs: 1.23456,
    requestId: 'req-1',
    auth: { userId: 'user_1', credentialPrefix: 'fmk_live_ab' },
  },
  { method: 'POST', path: '/mcp-server', status: 401, durationMs: 0.5, requestId: 'req-2' },
  { method: 'GET', path: '/healthz', status: 200, durationMs: 0.1, requestId: 'req-3' },
  { method: 'GET', path: '/readyz', status: 503, durationMs: 2000, requestId: 'req-4' },
  { method: 'PROPFIND', path: '/a "quoted" \\ path\u0001é', status: 405, durationMs: 0, requestId: 'req-5' },
  {
    method: 'GET',
    path: `/${'x'.repeat(600)}`,
    status: 404,
    durationMs: Number.POSITIVE_INFINITY,
    requestId: 'req-6',
  },
  {
    method: 'POST',
    path: '/mcp-server',
    status: 200,
    durationMs: 12,
    aborted: true,
    requestId: 'req-7',
    auth: { userId: 'user "2"' },
  },
];

describe('createRequestLog', () => {
  it('builds the line of a JSON logger field by field', () => {
    expect(linesOf('info', CASES.slice(0, 1), false)).toEqual([
      '{"time":"2026-01-02T03:04:05.678Z","level":"info","msg":"request","method":"POST","path":"/mcp-server",' +
        '"status":200,"duration_ms":1.23,"request_id":"req-1","user_id":"user_1","credential_prefix":"fmk_live_ab"}\n',
    ]);
  });

  it('writes the duration as the logger does, for every hundredth from 0 to 100 s and far beyond', () => {
    const durations = [
      ...Array.from({ length: 10_001 }, (_, i) => i * 0.9999),
      ...Array.from({ length: 2_000 }, (_, i) => i * 123_456.789),
      -1,
      Number.NaN,
      1e30,
    ];
    const items = durations.map((durationMs, i) => ({
      method: 'POST',
      path: '/mcp-server',
      status: 200,
      durationMs,
      requestId: `req-${i}`,
    }));
    expect(linesOf('info', items, false)).toEqual(linesOf('info', items, true));
  });

  it.each(['debug', 'info', 'warn', 'silent'] as const)(
    'writes at level %s exactly the lines the logger makes of the fields',
    (level) => {
      const built = linesOf(level, CASES, false);
      expect(built).toEqual(linesOf(level, CASES, true));
      // Every line is one JSON object; probes are at debug (healthy) or warn (failing).
      const levels = built.map((line) => (JSON.parse(line) as { level: string }).level);
      expect(levels).toEqual(
        {
          debug: ['info', 'info', 'debug', 'warn', 'info', 'info', 'info'],
          info: ['info', 'info', 'warn', 'info', 'info', 'info'],
          warn: ['warn'],
          silent: [],
        }[level],
      );
    },
  );
});
