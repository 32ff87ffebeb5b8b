import type { FilingDatabase } from '../storage/database.js';
import type { Kysely } from 'kysely';
import type { FilingKind } from '../kinds/filing-kinds.js';
import type { LoadIrsForms } from '../loading/load-irs-forms.js';
import { SubmissionStore } from './submission-store.js';

/** The rules-table entry on amending each kind's return. */
const AMENDED_RETURN_RULE = {
  '5472': 'amendedReturn5472',
  partnership: 'amendedReturn1065',
} as const satisfies Record<FilingKind, string>;

/**
 * What update_filing and update_partnership_filing add to their answer when the filing is
 * recorded as filed: `warning`, saying so and that a change means an amended return (rules
 * amendedReturn5472 and amendedReturn1065 of irs-forms, with their sources). The change is stored
 * all the same. Nothing when the filing is not recorded as filed.
 */
export async function filedChangeWarning(
  db: Kysely<FilingDatabase>,
  userId: string,
  filingId: string,
  kind: FilingKind,
  irsForms: LoadIrsForms,
): Promise<{ warning?: string }> {
  const filed = await new SubmissionStore(db).filed(userId, filingId);
  if (filed === null) return {};
  const { IRS_RULES } = await irsForms();
  const { rule, source } = IRS_RULES[AMENDED_RETURN_RULE[kind]];
  return {
    warning: `This filing is recorded as filed (by ${filed.method} on ${filed.date}): the IRS has the return as it was then, and this change, stored here, does not reach it. A change to a filed return means an amended return. ${rule} (${source.replace(/\.$/, '')}.)`,
  };
}
