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

/** Rows the OAuth cleanup deleted. */
export interface OAuthCleanupCounts {
  /** Authorization codes past their expiry. */
  codes: number;
  /** Token rows whose access and refresh tokens have both expired. */
  tokens: number;
}

/** Something that can run the OAuth maintenance job: the object `createFilingServer()` returns. */
export interface OAuthCleanupTarget {
  cleanup(): Promise<OAuthCleanupCounts>;
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
 * export const cleanupHandler = createCleanupHandler(async () => (await currentServer()).server);
 * ```
 */
export function createCleanupHandler(
  target: OAuthCleanupTarget | (() => OAuthCleanupTarget | Promise<OAuthCleanupTarget>),
  options: CleanupHandlerOptions = {},
): CleanupHandler {
  const log = options.log ?? ((line: string) => console.log(line));
  return async (event) => {
    const scheduledAt = typeof event?.time === 'string' ? event.time : undefined;
    try {
      const server = typeof target === 'function' ? await target() : target;
      const { codes, tokens } = await server.cleanup();
      log(JSON.stringify({ source: 'filing-mcp', event: 'oauth_cleanup', codes, tokens, scheduledAt }));
      return { codes, tokens };
    } catch (error) {
      // Name and message only: driver error details can quote row values.
      const errorName = error instanceof Error ? error.name : typeof error;
      const errorMessage = error instanceof Error ? error.message : undefined;
      log(
        JSON.stringify({
          source: 'filing-mcp',
          event: 'oauth_cleanup_failed',
          errorName,
          errorMessage,
          scheduledAt,
        }),
      );
      throw error;
    }
  };
}
