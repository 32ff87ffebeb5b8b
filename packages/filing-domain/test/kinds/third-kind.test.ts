// A third kind of filing, sketched here (its record, with its form) and registered beside
// FILING_KINDS with one line, beside its table's migration, and no edit to the core: its tools,
// its rows and its page path follow from its record; the kind guard passes with it and fails on a kind
// literal or a vendor name planted in the core outside its module.
import { type TestDatabase, testDatabases } from '@filing-mcp/test-db';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { withForms } from '../../src/forms/kind-forms.js';
import { defineFilingKind, defineKindForm } from '../../src/kinds/filing-kind.js';
import { FILING_KINDS, kindOfPage } from '../../src/kinds/filing-kinds.js';
import type { FilingDatabase, FilingTable } from '../../src/storage/database.js';
import { FilingRepository } from '../../src/storage/filing-repository.js';
import { filingKindTableMigration } from '../../src/storage/filing-kind-tables.js';
import { migrateToLatest } from '../../src/storage/migrations.js';
import { filingKindTools, kindToolsAdvertised } from '../../src/tools/kind-tools.js';
import { listSchemas } from '../../src/tools/tool-schemas.js';
import { kindGuard, kindLiteralsIn, vendorNamesIn } from './kind-guard.js';

// The fixture: a minimal form with one rule (income is whole dollars, not negative) and one page.
let schema: z.ZodObject<any> | undefined;
const thirdForm = defineKindForm({
  description: 'form_data of a fixture filing.',
  write: {
    create: { title: 'Create a fixture filing', description: 'Creates one.' },
    update: { title: 'Update a fixture filing', description: 'Updates one.' },
    updateAnswer: 'ok',
    pathExample: 'income',
  },
  rows: {
    columns: { llc_name: 'entityName', ein: 'ein', tax_year_begin: 'yearBegin', tax_year_end: 'yearEnd' },
    columnArguments: false,
  },
  formNames: { F1: 'Form F-1' },
  schema: () =>
    (schema ??= z.object({
      entityName: z.string().optional(),
      ein: z.string().optional(),
      yearBegin: z.string().optional(),
      yearEnd: z.string().optional(),
      income: z.number().int().nonnegative().optional(),
    })),
});

const thirdKind = defineFilingKind({
  kind: 'fixture-return',
  table: 'fixture_filings',
  tools: {
    list: { name: 'list_fixture_filings', title: 'List fixture filings', description: 'Lists them.' },
    get: { name: 'get_fixture_filing', title: 'Get a fixture filing', description: 'Returns one.' },
    create: 'create_fixture_filing',
    update: 'update_fixture_filing',
    delete: { name: 'delete_fixture_filing', title: 'Delete a fixture filing', description: 'Deletes one.' },
    id: 'UUID of the fixture filing.',
  },
  formSchemaHint: 'get_form_schema with kind "fixture-return"',
  page: 'fixture-returns',
  pageTitle: 'Fixture return',
  indexHeading: 'Fixture returns',
  signedCopies: false,
  mailInstead: null,
  interviewBySchedule: false,
  paidExtensionForm: false,
  errorName: 'a fixture filing',
  unnamed: 'your fixture',
  aliases: [],
  packet: {
    uriTemplate: 'filing://fixture-returns/{id}/packet.pdf',
    name: 'fixture-packet',
    title: 'Fixture packet',
    description: 'The fixture packet.',
    linkTitle: 'Fixture packet (PDF)',
    fileName: 'fixture-packet',
  },
  listItems: { list: 'items', withIds: (formData) => formData },
  form: async () => thirdForm,
});
// Registered: one line (its form comes with its record).
const kinds = [...FILING_KINDS, thirdKind];
const migration = filingKindTableMigration({
  table: thirdKind.table,
  before: FILING_KINDS.map(({ table }) => table),
});

// Migration 0008's trigger function, as 0008 wrote it: an applied migration never changes.
const FLAG_FUNCTION_0008 = `
      begin
        if new.filing_id is not null then
          update filings set has_submissions = true
           where id = new.filing_id and user_id = new.user_id and not has_submissions;
          update partnership_filings set has_submissions = true
           where id = new.filing_id and user_id = new.user_id and not has_submissions;
        end if;
        return null;
      end `;

const APP_URL = 'https://app.example';

type Tools = ReturnType<typeof filingKindTools>;

async function call(tools: Tools, name: string, userId: string, args: Record<string, unknown>) {
  const tool = tools[name]!();
  return (await tool.handler(tool.inputSchema.parse(args), { auth: { userId } } as never)) as Record<
    string,
    any
  >;
}

describe('a third kind, registered beside FILING_KINDS', () => {
  it('has its five tools, after the kinds before it, and their advertised inputs', async () => {
    const repository = new FilingRepository({} as never);
    const options = { db: {} as never, appUrl: APP_URL, irsForms: () => import('@filing-mcp/irs-forms') };
    const names = Object.keys(filingKindTools(options, repository, listSchemas(200), await withForms(kinds)));
    expect(names.slice(-5)).toEqual([
      'list_fixture_filings',
      'get_fixture_filing',
      'create_fixture_filing',
      'update_fixture_filing',
      'delete_fixture_filing',
    ]);
    expect(names.slice(0, -5)).toEqual(Object.keys(filingKindTools(options, repository, listSchemas(200))));
    expect(Object.keys(kindToolsAdvertised(await withForms(kinds)))).toEqual(
      expect.arrayContaining(['list_fixture_filings', 'create_fixture_filing', 'update_fixture_filing']),
    );
  });

  it('has its page: the kind of `/fixture-returns/` among the kinds registered, and none without it', () => {
    expect(kindOfPage('fixture-returns', kinds)).toBe('fixture-return');
    expect(kindOfPage('fixture-returns')).toBeUndefined();
    expect(kindOfPage('partnership', kinds)).toBe('partnership');
  });

  it('passes the kind guard; a kind literal or a vendor name planted outside its module fails it', async () => {
    expect(await kindGuard(kinds)).toEqual([]);
    const comparison = "if (record.kind === 'fixture-return') return 'Form F-1';";
    expect(kindLiteralsIn('filing-domain/src/tools/check-filing-result.ts', comparison, kinds)).toEqual([
      "filing-domain/src/tools/check-filing-result.ts: === 'fixture-return'",
    ]);
    expect(
      kindLiteralsIn('companion/src/filing-pages.ts', "db.selectFrom('fixture_filings')", kinds),
    ).toEqual(["companion/src/filing-pages.ts: table 'fixture_filings'"]);
    expect(kindLiteralsIn('filing-domain/src/kinds/fixture-return.ts', comparison, kinds)).toEqual([]);
    const vendor = "import { telnyxFaxProvider } from '../submission/providers/telnyx.js';\n";
    expect(await vendorNamesIn('filing-domain/src/tools/send-something.ts', vendor)).not.toEqual([]);
    expect(await vendorNamesIn('filing-domain/src/submission/providers/acme.ts', vendor)).toEqual([]);
  });
});

describe.each(testDatabases())('a third kind’s table and tools on $name', (variant) => {
  let database: TestDatabase<FilingDatabase>;
  let db: Kysely<FilingDatabase>;
  // The fixture's table, which no schema type of the package names.
  let fixtureDb: Kysely<FilingDatabase & { fixture_filings: FilingTable }>;
  let tools: Tools;
  const userId = `third-kind-${variant.name}`;

  const flagFunction = async () =>
    (
      await sql<{
        src: string;
      }>`select prosrc as src from pg_proc where proname = 'filing_flag_submissions'`.execute(db)
    ).rows[0]?.src;

  beforeAll(async () => {
    database = await variant.create<FilingDatabase>();
    db = database.db;
    fixtureDb = db.withTables<{ fixture_filings: FilingTable }>();
    await migrateToLatest(db);
    expect(await flagFunction()).toBe(FLAG_FUNCTION_0008);
    await migration.up(db);
    const options = { db, appUrl: APP_URL, irsForms: () => import('@filing-mcp/irs-forms') };
    tools = filingKindTools(options, new FilingRepository(db), listSchemas(200), await withForms(kinds));
  });

  afterAll(async () => {
    await database?.close();
  });

  it('create stores its row as its row mapping says and links to its page', async () => {
    const created = await call(tools, 'create_fixture_filing', userId, {
      form_data: { entityName: 'Third LLC', ein: '12-3456789', yearBegin: '2024-01-01', income: 10 },
    });
    expect(created.view_url).toBe(`${APP_URL}/fixture-returns/${created.id}`);
    const row = await fixtureDb
      .selectFrom('fixture_filings')
      .select([
        'llc_name',
        'ein',
        sql<string>`tax_year_begin::text`.as('begin'),
        'form_data',
        'has_submissions',
      ])
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      llc_name: 'Third LLC',
      ein: '12-3456789',
      begin: '2024-01-01',
      form_data: { entityName: 'Third LLC', ein: '12-3456789', yearBegin: '2024-01-01', income: 10 },
      has_submissions: false,
    });
    const again = await call(tools, 'create_fixture_filing', userId, {
      form_data: { entityName: 'Third LLC', ein: '12-3456789', yearBegin: '2024-06-01' },
    });
    expect(again.possible_duplicates).toEqual([created.id]);
  });

  it('update merges form_data, its columns follow, and its form’s rule refuses a bad value', async () => {
    const { id } = await call(tools, 'create_fixture_filing', userId, { form_data: { entityName: 'Old' } });
    expect(
      await call(tools, 'update_fixture_filing', userId, { id, form_data: { entityName: 'New', income: 5 } }),
    ).toEqual({
      ok: true,
    });
    const row = await fixtureDb
      .selectFrom('fixture_filings')
      .select(['llc_name', 'form_data'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ llc_name: 'New', form_data: { entityName: 'New', income: 5 } });
    await expect(
      call(tools, 'update_fixture_filing', userId, { id, form_data: { income: -1 } }),
    ).rejects.toThrow(/expected number to be >=0/);
    const got = await call(tools, 'get_fixture_filing', userId, { id });
    expect(got).toMatchObject({ id, llc_name: 'New', form_data: { entityName: 'New', income: 5 } });
    await expect(call(tools, 'get_fixture_filing', 'someone-else', { id })).rejects.toThrow(
      'Filing not found',
    );
  });

  it('its submissions set its flag, as every other kind’s do', async () => {
    const { id } = await call(tools, 'create_fixture_filing', userId, {
      form_data: { entityName: 'Flagged' },
    });
    const single = await new FilingRepository(db).createFiling('filings', {
      userId,
      llcName: 'Single LLC',
      ein: null,
      taxYearBegin: null,
      taxYearEnd: null,
      formData: {},
    });
    for (const [n, filingId] of [id, single].entries()) {
      await db
        .insertInto('fax_logs')
        .values({
          id: `fax-third-${variant.name}-${n}`,
          user_id: userId,
          to_number: '+1',
          from_number: '+2',
          status: 'queued',
          filing_id: filingId,
        })
        .execute();
    }
    const flag = async (table: 'fixture_filings' | 'filings', filingId: string) =>
      (
        await fixtureDb
          .selectFrom(table)
          .select('has_submissions')
          .where('id', '=', filingId)
          .executeTakeFirstOrThrow()
      ).has_submissions;
    expect(await flag('fixture_filings', id)).toBe(true);
    expect(await flag('filings', single)).toBe(true);
  });

  it('delete removes its row; the migration’s down leaves 0008’s trigger function as it was', async () => {
    const { id } = await call(tools, 'create_fixture_filing', userId, { form_data: {} });
    expect(await call(tools, 'delete_fixture_filing', userId, { id })).toEqual({ ok: true });
    expect(await fixtureDb.selectFrom('fixture_filings').select('id').where('id', '=', id).execute()).toEqual(
      [],
    );
    await migration.down!(db);
    expect(await flagFunction()).toBe(FLAG_FUNCTION_0008);
    const { rows } = await sql<{
      name: string | null;
    }>`select to_regclass('fixture_filings')::text as name`.execute(db);
    expect(rows[0]?.name).toBeNull();
    await migration.up(db);
  });
});
