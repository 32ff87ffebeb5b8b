/**
 * A value built on first use and shared by every later call, for work that is costly or must run
 * once (opening a database, importing a module, importing a key). A build that fails is forgotten,
 * so the next call tries again instead of answering the same rejection for the life of the
 * process: a database that was down at the first request must not stay "down" once it is back.
 *
 * Concurrent first calls share one build.
 *
 * @example
 * ```ts
 * const database = lazyOnce(() => openDatabase(env.DATABASE_URL));
 * const db = await database();
 * ```
 */
export function lazyOnce<T>(build: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () => {
    pending ??= build().catch((error: unknown) => {
      pending = undefined;
      throw error;
    });
    return pending;
  };
}
