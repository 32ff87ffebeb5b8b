import type { Kysely } from 'kysely';
import { filedAnswer } from './filed-state.js';
import { SubmissionStore } from './submission-store.js';

/** get_filing's `submissions`: the signed copies, the faxes and how the filing was filed. */
export async function submissionsOf(db: Kysely<any>, userId: string, filingId: string) {
  const { signed_copies, faxes, filed } = await new SubmissionStore(db).submissions(userId, filingId);
  return { signed_copies, faxes, filed: filed === null ? null : await filedAnswer(filed) };
}
