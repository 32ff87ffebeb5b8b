// "Adding a kind touches only its record": every kind of FILING_KINDS has its tools in tools/list,
// its packet resource template, its table (and create function) in the migrations, its repository
// look-ups; and no other source file decides by comparing with a kind's literal.
import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { testDatabases } from '@filing-mcp/test-db';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILING_KIND_LIST, FILING_KINDS } from '../src/kinds/filing-kinds.js';
import { createPacketResourceTemplates } from '../src/resources/packet-resources.js';
import { FilingRepository } from '../src/storage/filing-repository.js';
import { migrateToLatest } from '../src/storage/migrations.js';
import { listedFilingTools } from '../src/tools/filing-tools.js';

describe('every kind of FILING_KINDS', () => {
  const listed = listedFilingTools(200).map((tool) => tool.name);

  it.each(FILING_KIND_LIST)(
    'kind %s: list, get, create, update and delete are in tools/list, in order',
    (kind) => {
      const { tools } = FILING_KINDS[kind];
      const names = [tools.list.name, tools.get.name, tools.create, tools.update, tools.delete.name];
      const at = listed.indexOf(names[0]!);
      expect(at).toBeGreaterThanOrEqual(0);
      expect(listed.slice(at, at + names.length)).toEqual(names);
    },
  );

  it('the kinds’ tools come first, kind after kind, and their names are all different', () => {
    const names = FILING_KIND_LIST.flatMap((kind) => {
      const { tools } = FILING_KINDS[kind];
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
        const { uriTemplate, name, title } = FILING_KINDS[kind].packet;
        return { uriTemplate, name, title };
      }),
    );
  });

  it('tables, page paths, packet names and aliases are each one kind’s', () => {
    for (const field of ['table', 'page'] as const) {
      const values = FILING_KIND_LIST.map((kind) => FILING_KINDS[kind][field]);
      expect(new Set(values).size).toBe(values.length);
    }
    const aliases = FILING_KIND_LIST.flatMap((kind) => [kind, ...FILING_KINDS[kind].aliases]);
    expect(new Set(aliases).size).toBe(aliases.length);
    const uris = FILING_KIND_LIST.map((kind) => FILING_KINDS[kind].packet.uriTemplate);
    expect(new Set(uris).size).toBe(uris.length);
  });
});

describe.each(testDatabases())('every kind’s table on $name', (variant) => {
  let database: Awaited<ReturnType<typeof variant.create>>;

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
      const { table } = FILING_KINDS[kind];
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

// Source files that may compare with a kind's literal, and why. Everything else looks the kind up in
// FILING_KINDS (kinds/) or its form (forms/kind-forms.ts).
const ALLOWED: Readonly<Record<string, string>> = {
  // A 1065 is mailed, not faxed: send_fax names the service center from irs-forms' rules.
  'filing-domain/src/submission/send-fax-tool.ts': 'partnership',
};
// Applied migrations never change: a new kind's table comes with a migration of its own (which also
// adds its table to migration 0008's submission trigger and gives it a create function).
const HISTORY = [
  'filing-domain/src/storage/migrations.ts',
  'filing-domain/src/storage/submission-flag.ts',
  'filing-domain/src/storage/create-filing-ids.ts',
];

async function sourceFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.generated.ts'))
    .map((entry) => join(entry.parentPath, entry.name));
}

describe('no other source file switches on a kind', () => {
  const packages = fileURLToPath(new URL('../../', import.meta.url));
  const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const literals = FILING_KIND_LIST.flatMap((kind) => [kind, FILING_KINDS[kind].table]);
  const quoted = `['"\`](${literals.map(escapeRegExp).join('|')})['"\`]`;
  const comparison = new RegExp(`[!=]==?\\s*${quoted}|${quoted}\\s*[!=]==?|case\\s+${quoted}`, 'g');
  const table = new RegExp(
    `['"](${FILING_KIND_LIST.map((kind) => escapeRegExp(FILING_KINDS[kind].table)).join('|')})['"]`,
    'g',
  );

  it('in filing-domain and the companion, a kind or table literal is compared or named only in kinds/ and forms/', async () => {
    const found: string[] = [];
    for (const root of ['filing-domain/src', 'companion/src']) {
      for (const file of await sourceFiles(join(packages, root))) {
        const path = relative(packages, file).replaceAll('\\', '/');
        if (path.startsWith('filing-domain/src/kinds/') || path.startsWith('filing-domain/src/forms/'))
          continue;
        if (HISTORY.includes(path)) continue;
        const text = await readFile(file, 'utf8');
        for (const match of text.matchAll(comparison)) {
          const literal = match.slice(1).find((group) => group !== undefined);
          if (ALLOWED[path] !== literal) found.push(`${path}: ${match[0]}`);
        }
        for (const match of text.matchAll(table)) found.push(`${path}: table ${match[0]}`);
      }
    }
    expect(found).toEqual([]);
  });

  it('FilingKind is declared once in filing-domain (irs-forms keeps its own, checked equal)', async () => {
    const declared: string[] = [];
    for (const root of ['filing-domain/src', 'companion/src']) {
      for (const file of await sourceFiles(join(packages, root))) {
        if (/type\s+FilingKind\s*=/.test(await readFile(file, 'utf8')))
          declared.push(relative(packages, file));
      }
    }
    expect(declared.map((path) => path.replaceAll('\\', '/'))).toEqual([
      'filing-domain/src/kinds/filing-kinds.ts',
    ]);
  });
});
