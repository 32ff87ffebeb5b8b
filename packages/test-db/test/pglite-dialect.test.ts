import { PGlite } from '@electric-sql/pglite';
import { type Generated, Kysely, PGliteDialect, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

interface Database {
  notes: { id: Generated<number>; body: string; created_at: Generated<Date> };
}

// Kysely's own PGlite dialect (since 0.29) replaced packages/kysely-pglite, which existed while Node
// 20 held Kysely at 0.28; these are that package's tests, kept as the guard of what our code relies on.
describe('Kysely’s PGliteDialect (PGlite only: it is the PGlite dialect)', () => {
  let db: Kysely<Database>;

  beforeAll(async () => {
    db = new Kysely<Database>({ dialect: new PGliteDialect({ pglite: new PGlite() }) });
    await db.schema
      .createTable('notes')
      .addColumn('id', 'serial', (c) => c.primaryKey())
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
  });

  afterAll(async () => {
    await db.destroy();
  });

  it('inserts, reads, updates and deletes with affected-row counts', async () => {
    const inserted = await db
      .insertInto('notes')
      .values([{ body: 'a' }, { body: 'b' }])
      .executeTakeFirst();
    expect(inserted.numInsertedOrUpdatedRows).toBe(2n);
    const rows = await db.selectFrom('notes').selectAll().orderBy('id').execute();
    expect(rows.map((r) => r.body)).toEqual(['a', 'b']);
    expect(rows[0]!.created_at).toBeInstanceOf(Date);
    const updated = await db
      .updateTable('notes')
      .set({ body: 'c' })
      .where('body', '=', 'a')
      .executeTakeFirst();
    expect(updated.numUpdatedRows).toBe(1n);
    const deleted = await db.deleteFrom('notes').where('body', 'in', ['b', 'c']).executeTakeFirst();
    expect(deleted.numDeletedRows).toBe(2n);
  });

  it('reports the real affected rows of writes that start with WITH or a comment, from PGlite’s own count', async () => {
    await db
      .insertInto('notes')
      .values([{ body: 'w1' }, { body: 'w2' }, { body: 'w3' }])
      .execute();
    const updated = await db
      .with('picked', (qb) => qb.selectFrom('notes').select('id').where('body', 'in', ['w1', 'w2']))
      .updateTable('notes')
      .set({ body: 'w9' })
      .where('id', 'in', (qb) => qb.selectFrom('picked').select('id'))
      .executeTakeFirst();
    expect(updated.numUpdatedRows).toBe(2n);
    const deleted = await db
      .with('gone', (qb) => qb.selectFrom('notes').select('id').where('body', '=', 'w9'))
      .deleteFrom('notes')
      .where('id', 'in', (qb) => qb.selectFrom('gone').select('id'))
      .executeTakeFirst();
    expect(deleted.numDeletedRows).toBe(2n);
    const inserted =
      await sql`WITH source AS (SELECT 'w4' AS body UNION ALL SELECT 'w5') INSERT INTO notes (body) SELECT body FROM source`.execute(
        db,
      );
    expect(inserted.numAffectedRows).toBe(2n);
    const commented =
      await sql`/* a block comment */ DELETE FROM notes WHERE body IN ('w3', 'w4', 'w5')`.execute(db);
    expect(commented.numAffectedRows).toBe(3n);
    // A read that starts with WITH answers its rows, and no write count: Kysely's dialect says 0
    // (PGlite's count) where pg's says nothing; no code of ours reads numAffectedRows.
    const read = await sql`WITH x AS (SELECT 1 AS n) SELECT n FROM x`.execute(db);
    expect(read.numAffectedRows ?? 0n).toBe(0n);
    expect(read.rows).toEqual([{ n: 1 }]);
  });

  it('rolls a failed transaction back and keeps other queries out of it', async () => {
    const failing = db.transaction().execute(async (trx) => {
      await trx.insertInto('notes').values({ body: 'in-transaction' }).execute();
      throw new Error('abort');
    });
    // Queued behind the transaction: must not see its uncommitted row, and must not run inside it.
    const concurrent = db.selectFrom('notes').select('body').execute();
    await expect(failing).rejects.toThrow('abort');
    expect(await concurrent).toEqual([]);
    expect(await db.selectFrom('notes').selectAll().execute()).toEqual([]);
  });

  it('serialises concurrent transactions so that counters do not lose updates', async () => {
    await db.insertInto('notes').values({ body: '0' }).execute();
    await Promise.all(
      Array.from({ length: 10 }, () =>
        db.transaction().execute(async (trx) => {
          const row = await trx.selectFrom('notes').select('body').executeTakeFirstOrThrow();
          await trx
            .updateTable('notes')
            .set({ body: String(Number(row.body) + 1) })
            .execute();
        }),
      ),
    );
    const row = await db.selectFrom('notes').select('body').executeTakeFirstOrThrow();
    expect(row.body).toBe('10');
  });
});
