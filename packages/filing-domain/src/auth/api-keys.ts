import type { Kysely } from 'kysely';
import type { DatabaseQuery } from '../storage/database-query.js';
import type { FilingDatabase } from '../storage/database.js';
import { type HashFunction, sha256Hex } from './hash.js';
import { toIsoTimestamp, toIsoTimestampOrNull } from '../storage/timestamps.js';
import { parseFilingScope } from './scopes.js';

/** Every API key starts with this. */
export const API_KEY_PREFIX = 'nf_';

/** `nf_` followed by 64 lower-case hex characters: 67 characters in all. */
export const API_KEY_PATTERN = /^nf_[0-9a-f]{64}$/;

// `nf_` plus the first 8 hex characters: enough to tell keys apart in a list, far too little
// (32 of 256 bits) to help guess one.
const DISPLAY_PREFIX_LENGTH = API_KEY_PREFIX.length + 8;

/** An API key as just created: the only time the plaintext `key` exists. */
export interface CreatedApiKey {
  id: string;
  /** The plaintext key, `nf_` + 64 hex. Show it once; it is not stored. */
  key: string;
  /** Safe-to-show start of the key, e.g. `nf_3fa8c2d1`. */
  prefix: string;
  name: string | null;
  /** ISO 8601, or null for a key that never expires. */
  expiresAt: string | null;
  createdAt: string;
  /** Space-separated scopes, e.g. `mcp` or `filings:read`. */
  scope: string;
}

/** An API key as listed: never the key nor its hash. */
export interface ApiKeySummary {
  id: string;
  prefix: string;
  name: string | null;
  createdAt: string;
  expiresAt: string | null;
  lastUsedAt: string | null;
  /** Space-separated scopes. */
  scope: string;
}

/** Options of {@link createApiKey}. */
export interface CreateApiKeyOptions {
  userId: string;
  /** When the key stops working; null or absent means never. */
  expiresAt?: Date | null;
  /** A label the user chose. */
  name?: string | null;
  /**
   * Space- or comma-separated scopes (`mcp`, `filings:read`, `filings:write`); default `mcp`.
   * An unknown scope throws a TypeError naming it, and nothing is stored.
   */
  scope?: string;
  /** SHA-256 hex function, default WebCrypto. */
  hash?: HashFunction;
}

function generateKey(): string {
  const bytes = new Uint8Array(32);
  crypto.getRandomValues(bytes);
  let out = API_KEY_PREFIX;
  for (const byte of bytes) out += byte.toString(16).padStart(2, '0');
  return out;
}

/**
 * Creates an API key for a user: `nf_` + 64 hex characters from 32 random bytes. Only its SHA-256
 * is stored; the plaintext is in the answer and nowhere else.
 *
 * @example
 * ```ts
 * const { key } = await createApiKey(db, { userId: 'user-1', name: 'laptop' });
 * ```
 */
export async function createApiKey(
  db: Kysely<FilingDatabase>,
  options: CreateApiKeyOptions,
): Promise<CreatedApiKey> {
  const scope = parseFilingScope(options.scope);
  if (scope instanceof Error) throw new TypeError(scope.message);
  const key = generateKey();
  const keyHash = await (options.hash ?? sha256Hex)(key);
  const prefix = key.slice(0, DISPLAY_PREFIX_LENGTH);
  const row = await (db as Kysely<FilingDatabase>)
    .insertInto('api_keys')
    .values({
      user_id: options.userId,
      key_hash: keyHash,
      prefix,
      name: options.name ?? null,
      expires_at: options.expiresAt ?? null,
      scope,
    })
    .returning(['id', 'name', 'created_at', 'expires_at'])
    .executeTakeFirstOrThrow();
  return {
    id: row.id,
    key,
    prefix,
    name: row.name,
    expiresAt: toIsoTimestampOrNull(row.expires_at),
    createdAt: toIsoTimestamp(row.created_at),
    scope,
  };
}

/** The user's API keys, newest first, without keys or hashes. */
export async function listApiKeys(db: Kysely<FilingDatabase>, userId: string): Promise<ApiKeySummary[]> {
  const rows = await (db as Kysely<FilingDatabase>)
    .selectFrom('api_keys')
    .select(['id', 'prefix', 'name', 'created_at', 'expires_at', 'last_used_at', 'scope'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    prefix: row.prefix,
    name: row.name,
    createdAt: toIsoTimestamp(row.created_at),
    expiresAt: toIsoTimestampOrNull(row.expires_at),
    lastUsedAt: toIsoTimestampOrNull(row.last_used_at),
    scope: row.scope,
  }));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Deletes an API key; with `userId`, only when it belongs to that user. Answers whether a key was
 * deleted (false for an unknown or malformed id). The server that deleted it through
 * `FilingServer.revokeApiKey` stops accepting it at once; others when the deletion's notification
 * reaches them (Node on PostgreSQL), at the latest when their cache TTL ends.
 */
export async function revokeApiKey(
  db: Kysely<FilingDatabase>,
  id: string,
  userId?: string,
): Promise<boolean> {
  return (await deleteApiKey(db, id, userId)) !== undefined;
}

/** Deletes an API key (see {@link revokeApiKey}); answers the deleted key's hash, or undefined. */
export async function deleteApiKey(
  db: Kysely<FilingDatabase>,
  id: string,
  userId?: string,
): Promise<string | undefined> {
  if (!UUID.test(id)) return undefined;
  let query = (db as Kysely<FilingDatabase>).deleteFrom('api_keys').where('id', '=', id);
  if (userId !== undefined) query = query.where('user_id', '=', userId);
  const row = await query.returning('key_hash').executeTakeFirst();
  return row?.key_hash;
}

/** A stored API key that matched a presented key. */
export interface VerifiedApiKey {
  id: string;
  userId: string;
  prefix: string;
  /** Unix milliseconds, or null for no expiry. */
  expiresAt: number | null;
  /** Unix milliseconds, or null when never used. */
  lastUsedAt: number | null;
  /** Space-separated scopes. */
  scope: string;
}

function millis(value: Date | string | null): number | null {
  return value == null ? null : (value instanceof Date ? value : new Date(value)).getTime();
}

/**
 * The credential check's statement, as text: what Kysely compiled from
 * `selectFrom('api_keys').select([...]).where('key_hash', '=', hash)` (a test compares the two),
 * sent without the query builder so that the first credential check of a cold start waits for
 * the driver only. $1 the key's SHA-256 hex.
 */
export const API_KEY_BY_HASH =
  'select "id", "user_id", "prefix", "expires_at", "last_used_at", "scope" from "api_keys" where "key_hash" = $1';

/**
 * The last-used write, as text (Kysely's compilation of the update {@link touchApiKey} made before):
 * $1 now, $2 the key's id, $3 the time before which the last use is rewritten.
 */
export const TOUCH_API_KEY =
  'update "api_keys" set "last_used_at" = $1 where "id" = $2 and ("last_used_at" is null or "last_used_at" < $3)';

/**
 * The API key check (docs/spec-differences.md#authentication, rule 3), in order: the key has the `nf_` form; the SHA-256 of the raw key equals a
 * stored hash (looked up through the unique index, so no secret is compared in application code);
 * the record exists; its expiry is null or in the future. Answers the record, or undefined.
 * One query; a malformed key costs none.
 */
export async function verifyApiKey(
  query: DatabaseQuery,
  key: string,
  options: { hash?: HashFunction; now?: number; keyHash?: string } = {},
): Promise<VerifiedApiKey | undefined> {
  if (!API_KEY_PATTERN.test(key)) return undefined;
  const keyHash = options.keyHash ?? (await (options.hash ?? sha256Hex)(key));
  const row = (await query(API_KEY_BY_HASH, [keyHash])).rows[0];
  if (!row) return undefined;
  const expiresAt = millis(row.expires_at);
  if (expiresAt !== null && expiresAt <= (options.now ?? Date.now())) return undefined;
  return {
    id: row.id,
    userId: row.user_id,
    prefix: row.prefix,
    expiresAt,
    lastUsedAt: millis(row.last_used_at),
    scope: row.scope,
  };
}

/**
 * Records that a key was used, unless it already was within the last `minIntervalMs` (checked in
 * the statement itself, so concurrent instances write at most about once per interval).
 */
export async function touchApiKey(
  query: DatabaseQuery,
  id: string,
  options: { now?: number; minIntervalMs?: number } = {},
): Promise<void> {
  const now = options.now ?? Date.now();
  const threshold = new Date(now - (options.minIntervalMs ?? 60_000));
  await query(TOUCH_API_KEY, [new Date(now), id, threshold]);
}
