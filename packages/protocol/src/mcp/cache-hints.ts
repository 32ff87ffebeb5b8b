/** Caching hints (SEP-2549) put on `server/discover` and on every cacheable list result. */
export interface CacheHints {
  /** How long the result stays fresh, in milliseconds (integer, 0 = stale at once). */
  ttlMs: number;
  /** `public`: the same for every caller; `private`: may differ by credential. */
  cacheScope: 'public' | 'private';
}

/** Refuses hints the spec does not allow: `ttlMs` an integer >= 0, `cacheScope` public or private. */
export function checkCacheHints(hints: CacheHints, name: string): void {
  if (!Number.isInteger(hints.ttlMs) || hints.ttlMs < 0) {
    throw new TypeError(`${name}: ttlMs must be an integer >= 0`);
  }
  if (hints.cacheScope !== 'public' && hints.cacheScope !== 'private') {
    throw new TypeError(`${name}: cacheScope must be "public" or "private"`);
  }
}
