import type { FilingServer } from '@filing-mcp/filing-domain';
import type { Logger } from './logger.js';

/** A running OAuth cleanup schedule. */
export interface OAuthCleanup {
  /** Stops the schedule and waits for a run in progress. */
  stop(): Promise<void>;
}

/**
 * Deletes expired authorization codes and tokens (the core's `cleanup`) at once and then every
 * `intervalMs` (0: never), logging what it deleted. One run at a time; the timer is unref'd, so it
 * alone never keeps a process alive that is otherwise done.
 */
export function scheduleOAuthCleanup(
  core: Pick<FilingServer, 'cleanup'>,
  logger: Logger,
  intervalMs: number,
): OAuthCleanup {
  let running: Promise<void> | undefined;
  const run = () => {
    running ??= core
      .cleanup()
      .then(
        (deleted) => {
          if (deleted.codes + deleted.tokens > 0) logger.info('oauth_cleanup', deleted);
        },
        (error) => logger.warn('oauth_cleanup_failed', { errorName: (error as Error)?.name ?? 'unknown' }),
      )
      .finally(() => {
        running = undefined;
      });
  };
  const timer = intervalMs > 0 ? setInterval(run, intervalMs) : undefined;
  timer?.unref();
  if (timer) run();
  return {
    async stop() {
      if (timer) clearInterval(timer);
      await running;
    },
  };
}
