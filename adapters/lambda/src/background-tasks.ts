/**
 * Collects `waitUntil` promises so the handler can await them before returning: Lambda freezes the
 * container as soon as the handler settles, so unawaited work would stall until the next invocation.
 * @internal
 */
export function createBackgroundTasks(onError: (error: unknown) => void) {
  const pending: Promise<unknown>[] = [];
  return {
    waitUntil(promise: Promise<unknown>): void {
      pending.push(promise);
    },
    /** Awaits every task, including tasks registered by tasks, and reports rejections. */
    async settle(): Promise<void> {
      // A task may register further tasks; a few rounds cover that without risking an endless loop.
      for (let round = 0; round < 8 && pending.length > 0; round++) {
        const batch = pending.splice(0, pending.length);
        const results = await Promise.allSettled(batch);
        for (const result of results) {
          if (result.status === 'rejected') onError(result.reason);
        }
      }
    },
  };
}
