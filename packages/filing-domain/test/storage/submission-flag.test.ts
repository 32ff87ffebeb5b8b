// `has_submissions` (migration 0008): every path that creates a signed copy, a fax log or a filed
// record sets it on its filing; get_filing reads one row without submissions and answers exactly
// what it answered before the flag; the migration backfills the filings written before it.
import type { FilingTableName } from '../../src/kinds/filing-kinds.js';
import type { FilingDatabase } from '../../src/storage/database.js';
import { randomUUID } from 'node:crypto';
import { EXAMPLE_PARTNERSHIP_FILING } from '@filing-mcp/irs-forms';
import { testDatabases } from '@filing-mcp/test-db';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateOAuth } from '@filing-mcp/oauth-core/kysely';
import { createApiKey, createFilingServer } from '../../src/index.js';
import { migrateFilingDomainTo } from '../../src/storage/migrations.js';
import { type FaxStart, READY_FILING, startFaxWithUser } from '../support/fax-harness.js';
import { APP_URL, BASE_URL, newUser, ok, SESSION_SECRET, useHarness } from '../support/helpers.js';

const EMPTY = { signed_copies: [], faxes: [], filed: null };

async function flag(
  db: Kysely<FilingDatabase>,
  id: string,
  table: FilingTableName = 'filings',
): Promise<boolean> {
  const row = await db
    .selectFrom(table)
    .select('has_submissions')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return row.has_submissions;
}

async function clearFlag(db: Kysely<FilingDatabase>, id: string): Promise<void> {
  await db.updateTable('filings').set({ has_submissions: false }).where('id', '=', id).execute();
}

describe.each(testDatabases())('has_submissions on $name', (variant) => {
  let fx: FaxStart;

  beforeAll(async () => {
    fx = await startFaxWithUser(variant);
  });
  afterAll(() => fx?.h.close());

  const create = async () =>
    (await fx.h.ok(fx.key, 'create_filing', { form_data: READY_FILING })).id as string;
  /** Uploads the part to file as the signed copy of filing `id`; answers the copy's id. */
  async function upload(id: string): Promise<string> {
    const { upload_url } = await fx.h.ok(fx.key, 'get_pdf_url', { id });
    const response = await fetch(upload_url, {
      method: 'POST',
      body: fx.packet.signed,
    });
    expect(response.status).toBe(201);
    return ((await response.json()) as any).signed_copy.id;
  }

  it('a new filing has none and get_filing answers empty submissions; a flag left set answers the same', async () => {
    const id = await create();
    expect(await flag(fx.h.db, id)).toBe(false);
    const answer = await fx.h.ok(fx.key, 'get_filing', { id });
    expect(answer.submissions).toEqual(EMPTY);
    // Set without a submission (as after one was removed): one more read, the same answer.
    await fx.h.db.updateTable('filings').set({ has_submissions: true }).where('id', '=', id).execute();
    expect(await fx.h.ok(fx.key, 'get_filing', { id })).toEqual(answer);
  });

  it('an uploaded signed copy sets it, leaving updated_at (the packet cache key) as it was; get_filing lists the copy', async () => {
    const id = await create();
    const changed = () =>
      fx.h.db
        .selectFrom('filings')
        .select(sql<string>`updated_at::text`.as('at'))
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
    const before = await changed();
    await upload(id);
    expect(await flag(fx.h.db, id)).toBe(true);
    expect(await changed()).toEqual(before);
    const { signed_copies } = (await fx.h.ok(fx.key, 'get_filing', { id })).submissions;
    expect(signed_copies).toHaveLength(1);
    const kept = await fx.h.db
      .selectFrom('signed_copies')
      .select('pdf')
      .where('filing_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(signed_copies[0].byte_size).toBe(kept.pdf.byteLength);
  });

  it('send_fax sets it by its fax log, and the fax webhook by the filed record', async () => {
    const id = await create();
    const copyId = await upload(id);
    await clearFlag(fx.h.db, id);
    await fx.h.ok(fx.key, 'send_fax', { id, confirm: copyId });
    expect(await flag(fx.h.db, id)).toBe(true);
    expect((await fx.h.ok(fx.key, 'get_filing', { id })).submissions.faxes).toHaveLength(1);

    await clearFlag(fx.h.db, id);
    await fx.h.db.deleteFrom('signed_copies').where('filing_id', '=', id).execute();
    await fx.h.db.updateTable('fax_logs').set({ filing_id: null }).where('filing_id', '=', id).execute();
    const faxId = fx.h.telnyx.faxes.at(-1)!.id;
    await fx.h.db
      .updateTable('fax_logs')
      .set({ filing_id: id })
      .where('provider_fax_id', '=', faxId)
      .execute();
    expect(await flag(fx.h.db, id)).toBe(false);
    const delivered = fx.h.telnyx.event(faxId, 'fax.delivered', { page_count: fx.packet.pages });
    expect(await (await fx.h.webhook(delivered)).json()).toEqual({ received: true, outcome: 'applied' });
    expect(await flag(fx.h.db, id)).toBe(true);
    expect((await fx.h.ok(fx.key, 'get_filing', { id })).submissions.filed).toMatchObject({ method: 'fax' });
  });

  it('mark_filed sets it, on a partnership filing too', async () => {
    const id = await create();
    await fx.h.ok(fx.key, 'mark_filed', { id, method: 'mail', date: '2026-05-15' });
    expect(await flag(fx.h.db, id)).toBe(true);
    expect((await fx.h.ok(fx.key, 'get_filing', { id })).submissions.filed).toMatchObject({
      method: 'mail',
      date: '2026-05-15',
    });

    const { id: partnership } = await fx.h.ok(fx.key, 'create_partnership_filing', {
      form_data: EXAMPLE_PARTNERSHIP_FILING,
    });
    expect(await flag(fx.h.db, partnership, 'partnership_filings')).toBe(false);
    await fx.h.ok(fx.key, 'mark_filed', { id: partnership, method: 'e-file', date: '2026-03-10' });
    expect(await flag(fx.h.db, partnership, 'partnership_filings')).toBe(true);
    expect(
      (await fx.h.ok(fx.key, 'get_partnership_filing', { id: partnership })).submissions.filed,
    ).toMatchObject({
      method: 'e-file',
    });
  });

  it('a fax log written by another part of the product sets it; one of no filing or another user changes nothing', async () => {
    const id = await create();
    const other = await create();
    const log = (filingId: string | null, owner: string) => ({
      id: randomUUID(),
      user_id: owner,
      to_number: '+18558877737',
      from_number: '+13125550100',
      status: 'delivered',
      filing_id: filingId,
    });
    await fx.h.db
      .insertInto('fax_logs')
      .values([log(null, fx.userId), log(other, `user-${randomUUID()}`)])
      .execute();
    expect(await flag(fx.h.db, other)).toBe(false);
    expect((await fx.h.ok(fx.key, 'get_filing', { id: other })).submissions).toEqual(EMPTY);
    await fx.h.db.insertInto('fax_logs').values(log(id, fx.userId)).execute();
    expect(await flag(fx.h.db, id)).toBe(true);
    expect((await fx.h.ok(fx.key, 'get_filing', { id })).submissions.faxes).toHaveLength(1);
  });
});

describe.each(testDatabases())('get_filing statements on $name', (variant) => {
  const harness = useHarness(variant);

  it('reads one row of a filing without submissions, and the submissions only once it has some', async () => {
    const { key } = await newUser(harness().db);
    const { id } = await ok(harness().server, key, 'create_filing', { form_data: READY_FILING });
    await ok(harness().server, key, 'get_filing', { id });
    await harness().settle();
    harness().queryLog.clear();
    expect((await ok(harness().server, key, 'get_filing', { id })).submissions).toEqual(EMPTY);
    expect(harness().queryLog.statements).toEqual(['compiled query']);

    await ok(harness().server, key, 'mark_filed', { id, method: 'mail', date: '2026-05-15' });
    await harness().settle();
    harness().queryLog.clear();
    expect((await ok(harness().server, key, 'get_filing', { id })).submissions.filed).toMatchObject({
      method: 'mail',
    });
    expect(harness().queryLog.statements).toEqual(['compiled query', 'select']);
  });
});

describe.each(testDatabases())('migration 0008 on $name', (variant) => {
  it('backfills the flag of filings that had submissions under 0007; get_filing reads them', async () => {
    const database = await variant.create();
    try {
      const db = database.db;
      await migrateOAuth(db);
      await migrateFilingDomainTo(db, '0007_companion_session_revocations');
      const userId = `user-${randomUUID()}`;
      const filing = async (table: string) =>
        (
          await db
            .insertInto(table)
            .values({ user_id: userId, llc_name: 'Old LLC', form_data: '{}' })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id as string;
      const [copied, faxed, filed, plain, partnership] = [
        await filing('filings'),
        await filing('filings'),
        await filing('filings'),
        await filing('filings'),
        await filing('partnership_filings'),
      ];
      await db
        .insertInto('signed_copies')
        .values({
          user_id: userId,
          filing_id: copied,
          kind: '5472',
          sha256: 'a'.repeat(64),
          pages: 1,
          byte_size: 4,
          source_types: 'application/pdf',
          pdf: new Uint8Array([37, 80, 68, 70]),
        })
        .execute();
      await db
        .insertInto('fax_logs')
        .values({
          id: 'fax-old',
          user_id: userId,
          to_number: '+18558877737',
          from_number: '+13125550100',
          status: 'delivered',
          filing_id: faxed,
        })
        .execute();
      for (const [id, kind] of [
        [filed, '5472'],
        [partnership, 'partnership'],
      ] as const) {
        await db
          .insertInto('filed_returns')
          .values({ filing_id: id, user_id: userId, kind, method: 'mail', filed_on: '2026-05-15' })
          .execute();
      }

      expect(await migrateFilingDomainTo(db, '0008_submission_flag_and_create_ids')).toEqual([
        '0008_submission_flag_and_create_ids',
      ]);
      expect(await flag(db, copied)).toBe(true);
      expect(await flag(db, faxed)).toBe(true);
      expect(await flag(db, filed)).toBe(true);
      expect(await flag(db, plain)).toBe(false);
      expect(await flag(db, partnership, 'partnership_filings')).toBe(true);
      // 0009 gives the filed records written before it an empty history (the server reads the latest schema).
      expect((await migrateFilingDomainTo(db))[0]).toBe('0009_filed_history');

      const server = createFilingServer({
        db,
        config: { baseUrl: BASE_URL, appUrl: APP_URL, session: { secret: SESSION_SECRET } },
      });
      try {
        const { key } = await createApiKey(db, { userId });
        const get = (id: string) => ok(server, key, 'get_filing', { id });
        expect((await get(copied)).submissions.signed_copies).toHaveLength(1);
        expect((await get(faxed)).submissions.faxes).toMatchObject([{ id: 'fax-old', status: 'delivered' }]);
        expect((await get(filed)).submissions.filed).toMatchObject({
          method: 'mail',
          date: '2026-05-15',
          history: [],
        });
        expect((await get(plain)).submissions).toEqual(EMPTY);
        expect(
          (await ok(server, key, 'get_partnership_filing', { id: partnership })).submissions.filed,
        ).toMatchObject({ method: 'mail' });
      } finally {
        await server.close();
      }
    } finally {
      await database.close();
    }
  });
});
