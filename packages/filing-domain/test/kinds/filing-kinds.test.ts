// "Adding a kind touches only its record": every kind of FILING_KINDS has its tools in tools/list,
// its packet resource template, its table (and create function) in the migrations, its repository
// look-ups; and no other source file decides by comparing with a kind's literal.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type TestDatabase, testDatabases } from '@filing-mcp/test-db';
import type { FilingDatabase } from '../../src/storage/database.js';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kindForm } from '../../src/forms/kind-forms.js';
import { FILING_KIND_LIST, FILING_KINDS, kindRecord } from '../../src/kinds/filing-kinds.js';
import { createPacketResourceTemplates } from '../../src/resources/packet-resources.js';
import { FilingRepository } from '../../src/storage/filing-repository.js';
import { migrateToLatest } from '../../src/storage/migrations.js';
import { listedFilingTools } from '../../src/tools/filing-tools.js';
import { kindLiteralsIn, PACKAGES, sourceFiles, vendorNamesIn } from './kind-guard.js';

describe('every kind of FILING_KINDS', () => {
  const listed = listedFilingTools(200).map((tool) => tool.name);

  it.each(FILING_KIND_LIST)(
    'kind %s: list, get, create, update and delete are in tools/list, in order',
    (kind) => {
      const { tools } = kindRecord(kind);
      const names = [tools.list.name, tools.get.name, tools.create, tools.update, tools.delete.name];
      const at = listed.indexOf(names[0]!);
      expect(at).toBeGreaterThanOrEqual(0);
      expect(listed.slice(at, at + names.length)).toEqual(names);
    },
  );

  it.each(FILING_KIND_LIST)('kind %s: its record’s lazy form is the form the tools read', async (kind) => {
    const form = await kindRecord(kind).form();
    expect(form).toBe(kindForm(kind));
    expect(Object.isFrozen(form)).toBe(true);
  });

  it('the kinds’ tools come first, kind after kind, and their names are all different', () => {
    const names = FILING_KIND_LIST.flatMap((kind) => {
      const { tools } = kindRecord(kind);
      return [tools.list.name, tools.get.name, tools.create, tools.update, tools.delete.name];
    });
    expect(listed.slice(0, names.length)).toEqual(names);
    expect(new Set(names).size).toBe(names.length);
  });

  it('each kind has its packet resource template, with the record’s name, title and URI', () => {
    const templates = createPacketResourceTemplates({
      db: async () => undefined as never,
      packets: {} as never,
    });
    expect(templates.map(({ uriTemplate, name, title }) => ({ uriTemplate, name, title }))).toEqual(
      FILING_KIND_LIST.map((kind) => {
        const { uriTemplate, name, title } = kindRecord(kind).packet;
        return { uriTemplate, name, title };
      }),
    );
  });

  it('tables, page paths, packet names and aliases are each one kind’s', () => {
    for (const field of ['table', 'page'] as const) {
      const values = FILING_KIND_LIST.map((kind) => kindRecord(kind)[field]);
      expect(new Set(values).size).toBe(values.length);
    }
    const aliases = FILING_KIND_LIST.flatMap((kind) => [kind, ...kindRecord(kind).aliases]);
    expect(new Set(aliases).size).toBe(aliases.length);
    const uris = FILING_KIND_LIST.map((kind) => kindRecord(kind).packet.uriTemplate);
    expect(new Set(uris).size).toBe(uris.length);
  });
});

describe.each(testDatabases())('every kind’s table on $name', (variant) => {
  let database: TestDatabase<FilingDatabase>;

  beforeAll(async () => {
    database = await variant.create();
    await migrateToLatest(database.db);
  });

  afterAll(async () => {
    await database?.close();
  });

  it.each(FILING_KIND_LIST)(
    'kind %s: the migrations make its table, and the repository finds its filings',
    async (kind) => {
      const { table } = kindRecord(kind);
      const { rows } = await sql<{ name: string }>`select to_regclass(${table})::text as name`.execute(
        database.db,
      );
      expect(rows[0]?.name).toBe(table);
      const repository = new FilingRepository(database.db);
      const userId = `kinds-${kind}`;
      const { id } = await repository.createFilingFindingDuplicates(table, {
        userId,
        llcName: 'Kinds LLC',
        ein: '12-3456789',
        taxYearBegin: '2024-01-01',
        taxYearEnd: '2024-12-31',
        formData: {},
      });
      expect(
        await repository.findFilingKind(userId, id, FILING_KIND_LIST.find((other) => other !== kind) ?? kind),
      ).toBe(kind);
      expect((await repository.packetSource(kind, id, userId))?.id).toBe(id);
      expect((await repository.listFilings(table, userId, 10)).map((filing) => filing.id)).toEqual([id]);
    },
  );
});

describe('no other source file switches on a kind', () => {
  it('in filing-domain and the companion, a kind or table literal is compared or named only in kinds/ and forms/', async () => {
    const found: string[] = [];
    for (const root of ['filing-domain/src', 'companion/src']) {
      for (const path of await sourceFiles(root)) {
        found.push(...kindLiteralsIn(path, await readFile(join(PACKAGES, path), 'utf8'), FILING_KINDS));
      }
    }
    expect(found).toEqual([]);
  });

  it('filing-domain’s core names no vendor outside its providers/ modules', async () => {
    const found: string[] = [];
    for (const path of await sourceFiles('filing-domain/src')) {
      found.push(...(await vendorNamesIn(path, await readFile(join(PACKAGES, path), 'utf8'))));
    }
    expect(found).toEqual([]);
  });

  it('FilingKind is declared once in filing-domain (irs-forms keeps its own, checked equal)', async () => {
    const declared: string[] = [];
    for (const root of ['filing-domain/src', 'companion/src']) {
      for (const path of await sourceFiles(root)) {
        if (/type\s+FilingKind\s*=/.test(await readFile(join(PACKAGES, path), 'utf8'))) declared.push(path);
      }
    }
    expect(declared.map((path) => path.replaceAll('\\', '/'))).toEqual([
      'filing-domain/src/kinds/filing-kinds.ts',
    ]);
  });
});
