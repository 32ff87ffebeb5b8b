import type { FilingDatabase } from '../storage/database.js';
import type { Kysely } from 'kysely';
import type { LoadIrsForms } from '../loading/load-irs-forms.js';
import { filedAnswer } from './filed-state.js';
import { SubmissionStore } from './submission-store.js';

/**
 * get_filing's `submissions`: the signed copies, the faxes and how the filing was filed (with the
 * proof to keep, from irs-forms' rules table, which `irsForms` loads).
 */
export async function submissionsOf(
  db: Kysely<FilingDatabase>,
  userId: string,
  filingId: string,
  irsForms: LoadIrsForms,
) {
  const { signed_copies, faxes, filed } = await new SubmissionStore(db).submissions(userId, filingId);
  return { signed_copies, faxes, filed: filed === null ? null : await filedAnswer(filed, irsForms) };
}
