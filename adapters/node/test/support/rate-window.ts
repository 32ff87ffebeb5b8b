/**
 * Waits, when less than `marginMs` of the current rate-limit window (a fixed wall-clock minute,
 * as `rate_limit_counters` keys it) is left, for the next window to begin: a test that counts
 * requests against a limit then runs within one window rather than across the boundary, where the
 * count starts again.
 */
export async function earlyInRateWindow(marginMs = 15_000): Promise<void> {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < marginMs) await new Promise((resolve) => setTimeout(resolve, left + 100));
}
