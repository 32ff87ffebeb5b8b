import type { FilingDatabase } from '@filing-mcp/filing-domain';
import { createHash } from 'node:crypto';
import { type Kysely, sql } from 'kysely';

const digest = (session: string) => createHash('sha256').update(session).digest('hex');

/**
 * Records a signed-out session cookie (its SHA-256, never the cookie) until it would have expired,
 * in `companion_revoked_sessions`, which every instance reads; records that expired go at the same
 * time. Idempotent: signing out twice keeps one row.
 */
export async function revokeSession(
  db: Kysely<FilingDatabase>,
  session: string,
  expiresAt: Date,
): Promise<void> {
  await db.deleteFrom('companion_revoked_sessions').where('expires_at', '<', sql<Date>`now()`).execute();
  await db
    .insertInto('companion_revoked_sessions')
    .values({ session_hash: digest(session), expires_at: expiresAt })
    .onConflict((conflict) => conflict.column('session_hash').doNothing())
    .execute();
}

/** Whether a session cookie was signed out (on any instance). */
export async function isSessionRevoked(db: Kysely<FilingDatabase>, session: string): Promise<boolean> {
  const row = await db
    .selectFrom('companion_revoked_sessions')
    .select('session_hash')
    .where('session_hash', '=', digest(session))
    .executeTakeFirst();
  return row !== undefined;
}
