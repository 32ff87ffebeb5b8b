/** `Retry-After` of a build refused because the queue or the user's share of it is full. */
export const PACKETS_BUSY_RETRY_AFTER_SECONDS = 5;

/**
 * A packet build is refused for now (the queue or the user's share of it is full, or the worker
 * building it died twice): the answer is 503 (`-32005` on MCP) with `Retry-After`, never a 500.
 */
export class PacketsBusyError extends Error {
  override readonly name = 'PacketsBusyError';
  readonly code = 'packets_busy';
  readonly retryAfterSeconds = PACKETS_BUSY_RETRY_AFTER_SECONDS;

  constructor(
    /** `queue`: every build slot is taken; `user`: this user's are; `worker`: the build failed twice. */
    readonly reason: 'queue' | 'user' | 'worker',
    options?: { cause?: unknown },
  ) {
    super(
      reason === 'worker'
        ? 'Service unavailable: the packet could not be built (its worker stopped twice); retry later'
        : reason === 'user'
          ? 'Service unavailable: the packets of this user already being built are at the limit; retry later'
          : 'Service unavailable: every packet build slot is taken; retry later',
      options,
    );
  }
}
