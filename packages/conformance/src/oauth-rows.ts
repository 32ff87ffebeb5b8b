// Shared by the adapters' OAuth-cleanup tests (Node timer, Lambda schedule, Vercel cron).
import { randomBytes, randomUUID } from 'node:crypto';
import type { FilingDatabase } from '@filing-mcp/filing-domain';
import type { Kysely } from 'kysely';

/** Ids of the OAuth rows {@link seedOAuthRows} wrote, by what the cleanup must do with them. */
export interface SeededOAuthRows {
  userId: string;
  /** Rows the cleanup must delete. */
  expired: { codes: string[]; tokens: string[] };
  /** Rows the cleanup must keep. */
  live: { codes: string[]; tokens: string[] };
}

/**
 * Writes authorization codes and token rows for a fresh user straight into the OAuth tables, around
 * `now`: an expired code, a used and an unused code still within their lifetime, a token row whose
 * access and refresh tokens have both expired, one whose access token expired but whose refresh token
 * still works, and one fully live.
 */
export async function seedOAuthRows(db: Kysely<FilingDatabase>, now = Date.now()): Promise<SeededOAuthRows> {
  const userId = `user-${randomUUID()}`;
  const at = (offsetMs: number) => new Date(now + offsetMs);
  const minute = 60_000;
  const code = (id: string, expiresAt: Date, usedAt: Date | null = null) => ({
    id,
    code_hash: randomBytes(32).toString('hex'),
    grant_id: `grant-${id}`,
    client_id: 'mcp_client_test',
    user_id: userId,
    redirect_uri: 'https://client.example/callback',
    scope: 'mcp',
    resource: 'https://filing-mcp.example/mcp-server',
    code_challenge: null,
    code_challenge_method: null,
    created_at: at(-10 * minute),
    expires_at: expiresAt,
    used_at: usedAt,
  });
  const token = (id: string, accessExpiresAt: Date, refreshExpiresAt: Date) => ({
    id,
    grant_id: `grant-${id}`,
    code_id: `code-${id}`,
    client_id: 'mcp_client_test',
    user_id: userId,
    scope: 'mcp',
    resource: 'https://filing-mcp.example/mcp-server',
    access_token_hash: randomBytes(32).toString('hex'),
    refresh_token_hash: randomBytes(32).toString('hex'),
    created_at: at(-90 * minute),
    access_expires_at: accessExpiresAt,
    refresh_expires_at: refreshExpiresAt,
    rotated_at: null,
    revoked_at: null,
  });
  const ids = (count: number) => Array.from({ length: count }, () => randomUUID());
  const [expiredCode] = ids(1) as [string];
  const [usedCode, unusedCode] = ids(2) as [string, string];
  const [expiredToken] = ids(1) as [string];
  const [refreshableToken, liveToken] = ids(2) as [string, string];
  await db
    .insertInto('oauth_codes')
    .values([
      code(expiredCode, at(-minute)),
      code(usedCode, at(4 * minute), at(-minute)),
      code(unusedCode, at(4 * minute)),
    ])
    .execute();
  await db
    .insertInto('oauth_tokens')
    .values([
      token(expiredToken, at(-60 * minute), at(-minute)),
      token(refreshableToken, at(-30 * minute), at(29 * 24 * 60 * minute)),
      token(liveToken, at(30 * minute), at(30 * 24 * 60 * minute)),
    ])
    .execute();
  return {
    userId,
    expired: { codes: [expiredCode], tokens: [expiredToken] },
    live: { codes: [usedCode, unusedCode].sort(), tokens: [refreshableToken, liveToken].sort() },
  };
}

/** The ids of the user's OAuth rows still in the database, sorted. */
export async function remainingOAuthRows(
  db: Kysely<FilingDatabase>,
  userId: string,
): Promise<{ codes: string[]; tokens: string[] }> {
  const codes = await db.selectFrom('oauth_codes').select('id').where('user_id', '=', userId).execute();
  const tokens = await db.selectFrom('oauth_tokens').select('id').where('user_id', '=', userId).execute();
  return {
    codes: codes.map((row) => row.id).sort(),
    tokens: tokens.map((row) => row.id).sort(),
  };
}
