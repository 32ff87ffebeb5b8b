import type { FilingDatabase } from './database.js';
import { type Kysely, sql } from 'kysely';
import { kindRecord, type FilingKind } from '../kinds/filing-kinds.js';
import type { PacketSource } from './records.js';

/**
 * What a filing's packet is drawn from (FilingRepository.packetSource): its owner, its last change,
 * its form_data, and whether its Form 7004 extension is paid (`form7004Paid`, single-member only;
 * a stored value is dropped) with the payment's last change as `extension_changed_at`.
 */
export async function packetSourceOf(
  db: Kysely<FilingDatabase>,
  kind: FilingKind,
  id: string,
  userId?: string,
): Promise<PacketSource | undefined> {
  const table = kindRecord(kind).table;
  // The filing's Form 7004 extension (buy_extension): paid, the packet carries Form 7004.
  const extension = (what: string) =>
    sql`(select ${sql.raw(what)} from payments p where p.kind = 'extension'
      and p.filing_id = ${sql.ref(`${table}.id`)} and p.user_id = ${sql.ref(`${table}.user_id`)})`;
  let query = db
    .selectFrom(table)
    .select([
      'id',
      'user_id',
      sql<string>`updated_at::text`.as('updated_at'),
      sql<string | null>`${extension('max(p.updated_at)')}::text`.as('extension_changed_at'),
      'form_data',
      sql<boolean>`coalesce(${extension("bool_or(p.status = 'succeeded')")}, false)`.as('extension_paid'),
    ])
    .where('id', '=', id);
  if (userId !== undefined) query = query.where('user_id', '=', userId);
  const row = await query.executeTakeFirst();
  if (row === undefined) return undefined;
  // Only the server says the extension is paid (a stored value is dropped).
  const { form7004Paid: _stored, ...formData } = (row.form_data ?? {}) as Record<string, unknown>;
  const paid = row.extension_paid === true && kindRecord(kind).paidExtensionForm;
  return {
    id: row.id,
    user_id: row.user_id,
    updated_at: row.updated_at,
    ...(row.extension_changed_at !== null && { extension_changed_at: row.extension_changed_at }),
    form_data: paid ? { ...formData, form7004Paid: true } : formData,
  };
}
