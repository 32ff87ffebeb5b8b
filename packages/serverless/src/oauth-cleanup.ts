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

/**
 * One run of the OAuth maintenance job, as both platforms schedule it (Vercel Cron, an EventBridge
 * schedule on Lambda): asks `target` for the server (a lazily built one starts now), runs its
 * `cleanup()`, writes one JSON line with the counts and answers them. A failure is logged with the
 * error's name and message only (driver details can quote row values) and thrown again, for the
 * platform to count the run as failed. `fields` are added to both lines (Lambda's `scheduledAt`).
 */
export async function runOAuthCleanup(
  target: () => OAuthCleanupTarget | Promise<OAuthCleanupTarget>,
  log: (line: string) => void,
  fields: Record<string, unknown> = {},
): Promise<OAuthCleanupCounts> {
  try {
    const { codes, tokens } = await (await target()).cleanup();
    log(JSON.stringify({ source: 'filing-mcp', event: 'oauth_cleanup', codes, tokens, ...fields }));
    return { codes, tokens };
  } catch (error) {
    const errorName = error instanceof Error ? error.name : typeof error;
    const errorMessage = error instanceof Error ? error.message : undefined;
    log(
      JSON.stringify({
        source: 'filing-mcp',
        event: 'oauth_cleanup_failed',
        errorName,
        errorMessage,
        ...fields,
      }),
    );
    throw error;
  }
}
