import type { FilingDatabase } from '../storage/database.js';
import type { ExpressionBuilder, Kysely } from 'kysely';
import type { DatabaseQuery } from '../storage/database-query.js';
import type { RateLimitScope, RateLimitsPerMinute } from './rate-limit-scopes.js';

/** The defaults a server's `rateLimits` override, loaded with the limiter by its first use. */
export { DEFAULT_RATE_LIMITS } from './rate-limit-scopes.js';

const WINDOW_MS = 60_000;
// A bucket's pending local hits are written at most this often, on a later hit, while it stays far
// from its limit.
const FLUSH_INTERVAL_MS = 1000;
const MAX_BUCKETS = 10_000;

/**
 * The count's upsert as text (Kysely's compilation of the builder call in `#add`, which
 * test/rate-limits/rate-limit-statements.test.ts holds it equal to): $1 the bucket, $2 the
 * window, $3 the hits to add; answers the shared count. Run on the driver's pool itself when the
 * server has one (`databaseQuery`), so that the first `tools/call` counts with pg alone, no Kysely.
 */
export const ADD_RATE_LIMIT_HITS =
  'insert into "rate_limit_counters" ("bucket", "window_start", "hits") values ($1, $2, $3) on conflict ("bucket", "window_start") do update set "hits" = "rate_limit_counters"."hits" + "excluded"."hits" returning "hits"';

interface Bucket {
  window: number;
  /** The shared count of this window as the database last answered it. */
  known: number;
  /** Hits admitted here and not yet written. */
  pending: number;
  lastFlush: number;
  flushing: boolean;
}

/**
 * Fixed one-minute windows counted in PostgreSQL (`rate_limit_counters`), so that every process
 * and instance on the database shares them. Two ways to count:
 *
 * - {@link hit} (OAuth endpoints, which query the database anyway): one upsert per request that
 *   returns the shared count, exact across instances; once a window is known to be over its limit,
 *   further requests are refused here without a query.
 * - {@link hitFast} (`tools/call`, the hot path): while a bucket is below half its limit, hits are
 *   counted in process and written in the background at most once a second, so a request waits for
 *   no extra query; past half, each hit is written and checked before it is admitted. Several
 *   instances may together admit up to half a limit more than it while their writes are pending.
 */
export class RateLimiter {
  readonly #db: () => Promise<Kysely<FilingDatabase>>;
  readonly #query: (() => Promise<DatabaseQuery>) | undefined;
  readonly #limits: RateLimitsPerMinute;
  readonly #now: () => number;
  readonly #buckets = new Map<string, Bucket>();
  readonly #background = new Set<Promise<unknown>>();
  readonly #onError: (error: unknown) => void;

  constructor(options: {
    /** The database (opened by the first write that needs it). */
    db: Kysely<FilingDatabase> | (() => Promise<Kysely<FilingDatabase>>);
    /** The same database as a plain query on its driver's pool: the counts go through it as text. */
    query?: () => Promise<DatabaseQuery>;
    limits: RateLimitsPerMinute;
    now: () => number;
    onError: (error: unknown) => void;
  }) {
    const { db } = options;
    this.#db = typeof db === 'function' ? db : () => Promise.resolve(db);
    this.#query = options.query;
    this.#limits = options.limits;
    this.#now = options.now;
    this.#onError = options.onError;
  }

  #bucket(id: string, window: number): Bucket {
    let bucket = this.#buckets.get(id);
    if (bucket === undefined || bucket.window !== window) {
      if (bucket === undefined && this.#buckets.size >= MAX_BUCKETS) this.#buckets.clear();
      // A new bucket waits a whole interval before its first write: a credential used now and then
      // costs no write at all until it is busy (or the server closes).
      const lastFlush = bucket?.lastFlush ?? this.#now();
      bucket = { window, known: 0, pending: 0, lastFlush, flushing: false };
      this.#buckets.set(id, bucket);
    }
    return bucket;
  }

  async #add(id: string, window: number, hits: number): Promise<number> {
    if (this.#query !== undefined) {
      const { rows } = await (await this.#query())(ADD_RATE_LIMIT_HITS, [id, window, hits]);
      if (rows[0] === undefined) throw new Error('the rate limit upsert answered no row');
      return Number(rows[0].hits);
    }
    const row = await (await this.#db())
      .insertInto('rate_limit_counters')
      .values({ bucket: id, window_start: window, hits })
      .onConflict((conflict) =>
        conflict.columns(['bucket', 'window_start']).doUpdateSet({
          hits: (eb: ExpressionBuilder<any, any>) =>
            eb('rate_limit_counters.hits', '+', eb.ref('excluded.hits')),
        }),
      )
      .returning('hits')
      .executeTakeFirstOrThrow();
    return Number(row.hits);
  }

  #retryAfter(window: number, now: number): number {
    return Math.max(1, Math.ceil(((window + 1) * WINDOW_MS - now) / 1000));
  }

  /**
   * Counts one request of `scope` from `key` exactly; resolves the seconds to wait when it is over
   * the limit, else undefined. Rejects when the database fails.
   */
  async hit(scope: RateLimitScope, key: string): Promise<number | undefined> {
    const now = this.#now();
    const window = Math.floor(now / WINDOW_MS);
    const id = `${scope}:${key}`;
    const bucket = this.#bucket(id, window);
    const limit = this.#limits[scope];
    if (bucket.known >= limit) return this.#retryAfter(window, now);
    bucket.known = Math.max(bucket.known, await this.#add(id, window, 1));
    return bucket.known > limit ? this.#retryAfter(window, now) : undefined;
  }

  /**
   * Seconds to wait when `key` is known to be at its limit of `scope` in the current window (as
   * this process's last {@link hit} of it answered, so without a query), else undefined. Counts
   * nothing: for limits that count only some outcomes (failed `/token` attempts).
   */
  refusal(scope: RateLimitScope, key: string): number | undefined {
    const now = this.#now();
    const window = Math.floor(now / WINDOW_MS);
    const bucket = this.#buckets.get(`${scope}:${key}`);
    if (bucket === undefined || bucket.window !== window) return undefined;
    return bucket.known >= this.#limits[scope] ? this.#retryAfter(window, now) : undefined;
  }

  /** Like {@link hit}, with the in-process fast path described on the class. */
  hitFast(scope: RateLimitScope, key: string): number | undefined | Promise<number | undefined> {
    const now = this.#now();
    const window = Math.floor(now / WINDOW_MS);
    const id = `${scope}:${key}`;
    const bucket = this.#bucket(id, window);
    const limit = this.#limits[scope];
    const estimate = bucket.known + bucket.pending + 1;
    if (estimate > limit) return this.#retryAfter(window, now);
    if (estimate * 2 > limit) {
      const hits = bucket.pending + 1;
      bucket.pending = 0;
      return this.#add(id, window, hits).then((count) => {
        bucket.known = Math.max(bucket.known, count);
        return count > limit ? this.#retryAfter(window, now) : undefined;
      });
    }
    bucket.pending++;
    if (!bucket.flushing && now - bucket.lastFlush >= FLUSH_INTERVAL_MS) this.#flush(id, bucket, now);
    return undefined;
  }

  #flush(id: string, bucket: Bucket, now: number): void {
    const hits = bucket.pending;
    bucket.pending = 0;
    bucket.flushing = true;
    bucket.lastFlush = now;
    const work = this.#add(id, bucket.window, hits)
      .then((count) => {
        bucket.known = Math.max(bucket.known, count);
      })
      .catch(this.#onError)
      .finally(() => {
        bucket.flushing = false;
        this.#background.delete(work);
      });
    this.#background.add(work);
  }

  /** Writes every pending count (at shutdown) and waits for writes in flight. */
  async flush(): Promise<void> {
    const now = this.#now();
    for (const [id, bucket] of this.#buckets) {
      if (bucket.pending > 0 && !bucket.flushing) this.#flush(id, bucket, now);
    }
    await Promise.allSettled([...this.#background]);
  }

  /** Deletes the counters of past windows (run by the cleanup job); resolves how many. */
  async cleanup(): Promise<number> {
    const window = Math.floor(this.#now() / WINDOW_MS);
    const result = await (await this.#db())
      .deleteFrom('rate_limit_counters')
      .where('window_start', '<', window)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
