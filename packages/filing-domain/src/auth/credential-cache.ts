import type { AuthInfo } from '@filing-mcp/protocol';

interface Entry {
  auth: AuthInfo;
  /** Unix milliseconds after which the entry must be verified again. */
  freshUntil: number;
}

/**
 * A short-lived, size-bounded, in-process memory of verified credentials, keyed by the
 * credential's SHA-256 (never the credential itself). It spares the database look-up for a
 * client that calls several tools in a row. A credential ended through this process is dropped
 * at once ({@link CredentialCache.delete}); one ended elsewhere is dropped when a notification
 * reaches this process (Node with PostgreSQL) or else when its entry's TTL ends.
 * Map insertion order gives oldest-first eviction without extra bookkeeping.
 */
export class CredentialCache {
  readonly #entries = new Map<string, Entry>();
  readonly #ttlMs: number;
  readonly #maxEntries: number;

  constructor(options: { ttlMs: number; maxEntries: number }) {
    this.#ttlMs = options.ttlMs;
    this.#maxEntries = options.maxEntries;
  }

  /** The cached identity for a credential hash, when still fresh at `now`. */
  get(credentialHash: string, now: number): AuthInfo | undefined {
    if (this.#ttlMs <= 0) return undefined;
    const entry = this.#entries.get(credentialHash);
    if (entry === undefined) return undefined;
    if (entry.freshUntil <= now) {
      this.#entries.delete(credentialHash);
      return undefined;
    }
    return entry.auth;
  }

  /**
   * Remembers a verified identity until `now + ttl`, or until the credential's own expiry
   * (`expiresAtMs`) when that comes first.
   */
  set(credentialHash: string, auth: AuthInfo, now: number, expiresAtMs?: number | null): void {
    if (this.#ttlMs <= 0) return;
    const freshUntil = Math.min(now + this.#ttlMs, expiresAtMs ?? Number.POSITIVE_INFINITY);
    if (freshUntil <= now) return;
    this.#entries.delete(credentialHash);
    while (this.#entries.size >= this.#maxEntries) {
      const oldest = this.#entries.keys().next().value;
      if (oldest === undefined) break;
      this.#entries.delete(oldest);
    }
    this.#entries.set(credentialHash, { auth, freshUntil });
  }

  /** Forgets one credential (its hash), so its next use is verified against the database. */
  delete(credentialHash: string): void {
    this.#entries.delete(credentialHash);
  }

  /** Number of entries held (fresh or not yet evicted). */
  get size(): number {
    return this.#entries.size;
  }

  /** Forgets everything. */
  clear(): void {
    this.#entries.clear();
  }
}
