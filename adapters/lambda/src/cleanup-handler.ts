import { type OAuthCleanupCounts, type OAuthCleanupTarget, runOAuthCleanup } from '@filing-mcp/serverless';

export type { OAuthCleanupCounts, OAuthCleanupTarget } from '@filing-mcp/serverless';

/**
 * The parts of a scheduled invocation's event the cleanup handler reads. Structurally compatible with
 * `ScheduledEvent` from `@types/aws-lambda` (what an EventBridge schedule rule delivers), so callers
 * need not install those types; every field is optional because nothing depends on it.
 */
export interface LambdaScheduledEvent {
  id?: string;
  /** When the schedule fired (ISO 8601); copied into the log line to match runs with schedules. */
  time?: string;
  'detail-type'?: string;
}

/** A Lambda handler for scheduled events that deletes expired OAuth codes and tokens. */
export type CleanupHandler = (event?: LambdaScheduledEvent) => Promise<OAuthCleanupCounts>;

/** Options of {@link createCleanupHandler}. */
export interface CleanupHandlerOptions {
  /** Receives the one JSON log line of each run, without its newline; default `console.log` (CloudWatch). */
  log?: (line: string) => void;
}

/**
 * Turns the core's `cleanup()` into a handler for a scheduled Lambda invocation. Each run writes one
 * JSON line with the counts and answers them. A failure is logged (error name and message only) and
 * thrown again, so that the invocation counts as failed in the function's metrics and the scheduler's
 * retry policy applies; the job is idempotent, so a retry or an overlapping run does no harm.
 *
 * @param target The server, or a function answering it (called on every run, so a lazily built
 *   server is created on the first run and a failed start is retried on the next).
 *
 * @example
 * ```ts
 * export const cleanupHandler = createCleanupHandler(bootstrap.cleanupTarget);
 * ```
 */
export function createCleanupHandler(
  target: OAuthCleanupTarget | (() => OAuthCleanupTarget | Promise<OAuthCleanupTarget>),
  options: CleanupHandlerOptions = {},
): CleanupHandler {
  const log = options.log ?? ((line: string) => console.log(line));
  return async (event) => {
    const scheduledAt = typeof event?.time === 'string' ? event.time : undefined;
    return runOAuthCleanup(typeof target === 'function' ? target : () => target, log, { scheduledAt });
  };
}
