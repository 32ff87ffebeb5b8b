import type { FilingDatabase } from '../storage/database.js';
import { type Kysely, sql } from 'kysely';

/** Defaults of the client expiry: a day for a client that never obtained a token, 90 days without a live grant. */
export const DEFAULT_CLIENT_EXPIRY = Object.freeze({ unusedSeconds: 86_400, idleSeconds: 90 * 86_400 });

/**
 * Deletes registered OAuth clients nobody uses (registrations are free, so they must not
 * accumulate), as part of the cleanup job, before oauth-core deletes expired tokens:
 *
 * 1. records in `oauth_client_activity` until when each client's latest token lives, so the
 *    history survives the deletion of expired tokens;
 * 2. deletes clients registered more than `unusedSeconds` ago that never had a token and hold no
 *    unexpired authorization code;
 * 3. deletes clients without a live token whose last grant ended (or, never used, which were
 *    registered) more than `idleSeconds` ago, with their codes and dead tokens.
 *
 * Resolves the number of clients deleted.
 */
export async function deleteAbandonedClients(
  db: Kysely<FilingDatabase>,
  now: number,
  expiry: { unusedSeconds: number; idleSeconds: number },
): Promise<number> {
  const at = new Date(now);
  const unusedBefore = new Date(now - expiry.unusedSeconds * 1000);
  const idleBefore = new Date(now - expiry.idleSeconds * 1000);
  await sql`
    insert into oauth_client_activity (client_id, live_until)
    select client_id, max(greatest(refresh_expires_at, access_expires_at)) from oauth_tokens group by client_id
    on conflict (client_id) do update
      set live_until = greatest(oauth_client_activity.live_until, excluded.live_until)`.execute(db);
  const liveToken = sql`exists (select 1 from oauth_tokens t where t.client_id = c.client_id
    and t.revoked_at is null and t.refresh_expires_at > ${at})`;
  const pendingCode = sql`exists (select 1 from oauth_codes k where k.client_id = c.client_id
    and k.used_at is null and k.expires_at > ${at})`;
  const { rows } = await sql<{ client_id: string }>`
    delete from oauth_clients c
    using (select oc.client_id, a.live_until from oauth_clients oc
           left join oauth_client_activity a on a.client_id = oc.client_id) s
    where s.client_id = c.client_id
      and not ${liveToken} and not ${pendingCode}
      and ((s.live_until is null and c.created_at < ${unusedBefore})
        or coalesce(s.live_until, c.created_at) < ${idleBefore})
    returning c.client_id`.execute(db);
  if (rows.length === 0) return 0;
  const ids = rows.map((row) => row.client_id);
  await db.deleteFrom('oauth_tokens').where('client_id', 'in', ids).execute();
  await db.deleteFrom('oauth_codes').where('client_id', 'in', ids).execute();
  await db.deleteFrom('oauth_client_activity').where('client_id', 'in', ids).execute();
  return rows.length;
}
