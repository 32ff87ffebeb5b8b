import { DEFAULT_PACKET_BUILD_LIMITS, type PacketBuildLimits } from '../config/defaults.js';
import { PacketsBusyError } from '../errors/packets-busy-error.js';

export {
  DEFAULT_PACKET_BUILD_LIMITS,
  type PacketBuildLimits,
} from '../config/defaults.js';
export { PACKETS_BUSY_RETRY_AFTER_SECONDS, PacketsBusyError } from '../errors/packets-busy-error.js';

/** What one caller asks of {@link PacketBuilds.run}. */
export interface PacketBuildRequest<T> {
  /** Everything the packet depends on (filing, kind, format, last change, as-of day). */
  key: string;
  /** The filing's owner, whose share of the queue the build counts against. */
  userId: string;
  /** Aborted when the caller has gone; the build is cancelled once every caller's has. */
  signal?: AbortSignal | undefined;
  /** Builds the packet; `signal` is aborted when the build is cancelled. */
  build(signal: AbortSignal): Promise<T>;
  /** Bytes the built value holds in the cache. */
  bytes(value: T): number;
  /** False: the value is never cached (a signed copy's check, different for every upload). */
  cache?: boolean;
}

/** Counters of {@link PacketBuilds}, for tests and telemetry. */
export interface PacketBuildStats {
  /** Builds started. */
  builds: number;
  /** Answers served from the cache. */
  cacheHits: number;
  /** Callers that joined a build already under way (or queued). */
  joined: number;
  /** Builds refused with {@link PacketsBusyError}. */
  refused: number;
  /** Builds cancelled because every caller had gone. */
  cancelled: number;
  /** Builds running and waiting now. */
  running: number;
  queued: number;
  /** Bytes the cache holds now. */
  cachedBytes: number;
}

interface Flight {
  key: string;
  userId: string;
  callers: number;
  controller: AbortController;
  running: boolean;
  start(): void;
  fail(error: unknown): void;
  done: Promise<unknown>;
}

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The caller has gone', 'AbortError');
}

/**
 * Built packets cached by everything they depend on, and builds that wait in a bounded queue:
 *
 * - a packet already built for the same key is answered from memory (bounded in bytes, least
 *   recently used dropped first); a build under way for the same key is joined (single flight);
 * - at most `concurrency` builds run; up to `queueDepth` more wait; one user holds at most `perUser`
 *   of them; past that, {@link PacketsBusyError} at once;
 * - a build whose every caller has gone is cancelled (taken off the queue, or its signal aborted).
 *
 * Runtime-agnostic and per process: each instance keeps its own cache.
 */
export class PacketBuilds {
  readonly #limits: PacketBuildLimits;
  readonly #cache = new Map<string, { value: unknown; bytes: number }>();
  readonly #flights = new Map<string, Flight>();
  readonly #queue: Flight[] = [];
  readonly #perUser = new Map<string, number>();
  #running = 0;
  #cachedBytes = 0;
  readonly #counts = { builds: 0, cacheHits: 0, joined: 0, refused: 0, cancelled: 0 };

  constructor(limits: Partial<PacketBuildLimits> = {}) {
    this.#limits = { ...DEFAULT_PACKET_BUILD_LIMITS, ...limits };
  }

  /** The counters and the current load. */
  stats(): PacketBuildStats {
    return {
      ...this.#counts,
      running: this.#running,
      queued: this.#queue.length,
      cachedBytes: this.#cachedBytes,
    };
  }

  /** The packet of `request.key`: from the cache, a build under way, or a new build. */
  run<T>(request: PacketBuildRequest<T>): Promise<T> {
    const { signal } = request;
    if (signal?.aborted) return Promise.reject(abortReason(signal));
    const cached = this.#cache.get(request.key);
    if (cached !== undefined) {
      this.#counts.cacheHits++;
      this.#cache.delete(request.key);
      this.#cache.set(request.key, cached);
      return Promise.resolve(cached.value as T);
    }
    let flight = this.#flights.get(request.key);
    if (flight === undefined) {
      flight = this.#newFlight(request);
    } else {
      this.#counts.joined++;
    }
    flight.callers++;
    return this.#follow(flight, signal) as Promise<T>;
  }

  #newFlight<T>(request: PacketBuildRequest<T>): Flight {
    const userLoad = this.#perUser.get(request.userId) ?? 0;
    const limits = this.#limits;
    if (userLoad >= limits.perUser) {
      this.#counts.refused++;
      throw new PacketsBusyError('user');
    }
    if (this.#running >= limits.concurrency && this.#queue.length >= limits.queueDepth) {
      this.#counts.refused++;
      throw new PacketsBusyError('queue');
    }
    this.#perUser.set(request.userId, userLoad + 1);
    const controller = new AbortController();
    let resolveDone!: (value: unknown) => void;
    let rejectDone!: (error: unknown) => void;
    const done = new Promise<unknown>((resolve, reject) => {
      resolveDone = resolve;
      rejectDone = reject;
    });
    // Rejections reach every caller through #follow; the flight's own promise is never left unhandled.
    done.catch(() => {});
    const flight: Flight = {
      key: request.key,
      userId: request.userId,
      callers: 0,
      controller,
      running: false,
      done,
      fail: rejectDone,
      start: () => {
        flight.running = true;
        this.#running++;
        this.#counts.builds++;
        let build: Promise<T>;
        try {
          build = request.build(controller.signal);
        } catch (error) {
          build = Promise.reject(error);
        }
        build.then(
          (value) => {
            this.#finish(flight);
            if (!controller.signal.aborted && request.cache !== false)
              this.#store(request.key, value, request.bytes(value));
            resolveDone(value);
          },
          (error: unknown) => {
            this.#finish(flight);
            rejectDone(error);
          },
        );
      },
    };
    this.#flights.set(request.key, flight);
    if (this.#running < limits.concurrency) flight.start();
    else this.#queue.push(flight);
    return flight;
  }

  /** One caller's view of a flight: it settles with the build, or rejects when the caller goes. */
  #follow(flight: Flight, signal: AbortSignal | undefined): Promise<unknown> {
    if (signal === undefined) return flight.done;
    return new Promise((resolve, reject) => {
      const onAbort = (): void => {
        reject(abortReason(signal));
        this.#leave(flight);
      };
      signal.addEventListener('abort', onAbort, { once: true });
      flight.done.then(
        (value) => {
          signal.removeEventListener('abort', onAbort);
          resolve(value);
        },
        (error: unknown) => {
          signal.removeEventListener('abort', onAbort);
          reject(error);
        },
      );
    });
  }

  /** A caller has gone: the last one's going cancels the build. */
  #leave(flight: Flight): void {
    flight.callers--;
    if (flight.callers > 0 || this.#flights.get(flight.key) !== flight) return;
    this.#counts.cancelled++;
    const reason = new DOMException('Every caller of this packet build has gone', 'AbortError');
    this.#flights.delete(flight.key);
    if (flight.running) {
      // The builder stops on its signal and rejects; #finish then frees the slot. A caller that
      // comes meanwhile starts a build of its own.
      flight.controller.abort(reason);
      return;
    }
    const index = this.#queue.indexOf(flight);
    if (index !== -1) this.#queue.splice(index, 1);
    this.#flights.delete(flight.key);
    this.#release(flight.userId);
    flight.controller.abort(reason);
    flight.fail(reason);
  }

  #finish(flight: Flight): void {
    this.#running--;
    if (this.#flights.get(flight.key) === flight) this.#flights.delete(flight.key);
    this.#release(flight.userId);
    const next = this.#queue.shift();
    next?.start();
  }

  #release(userId: string): void {
    const load = (this.#perUser.get(userId) ?? 1) - 1;
    if (load <= 0) this.#perUser.delete(userId);
    else this.#perUser.set(userId, load);
  }

  #store(key: string, value: unknown, bytes: number): void {
    const max = this.#limits.cacheMaxBytes;
    if (bytes > max) return;
    const previous = this.#cache.get(key);
    if (previous !== undefined) {
      this.#cache.delete(key);
      this.#cachedBytes -= previous.bytes;
    }
    for (const [oldest, entry] of this.#cache) {
      if (this.#cachedBytes + bytes <= max) break;
      this.#cache.delete(oldest);
      this.#cachedBytes -= entry.bytes;
    }
    this.#cache.set(key, { value, bytes });
    this.#cachedBytes += bytes;
  }
}
