// The build-time tools/list (src/tools/tools-list.generated.ts) and get_form_schema's answers
// (src/forms/form-schema-<kind>.generated.ts, loaded by src/forms/form-schemas.generated.ts) against
// the zod definitions.
// `pnpm --filter @filing-mcp/filing-domain generate:tools-list` rewrites both (UPDATE_TOOLS_LIST=1).
import type { FilingDatabase } from '../../src/storage/database.js';
import { readFile, writeFile } from 'node:fs/promises';
import { createMcpServer, type McpServerOptions } from '@filing-mcp/protocol';
import { buildToolValidators } from '@filing-mcp/protocol/internal';
import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { buildFormSchemaAnswer } from '../../src/forms/form-json-schema.js';
import { FILING_KIND_LIST, type FilingKind } from '../../src/kinds/filing-kinds.js';
import { formSchemaOutput } from '../../src/tools/form-schema-definition.js';
import { createEagerFilingTools } from '../../src/tools/filing-tool-definitions.js';
import { createFilingTools } from '../../src/tools/filing-tools.js';
import { LIST_LIMIT_MAX_PLACEHOLDER } from '../../src/tools/tools-list.generated.js';

const GENERATED = new URL('../../src/tools/tools-list.generated.ts', import.meta.url);
const FORM_SCHEMAS = new URL('../../src/forms/form-schemas.generated.ts', import.meta.url);
// The tools only keep the database for their handlers; listing and validating never touch it.
const db = {} as Kysely<FilingDatabase>;
const appUrl = 'https://app.example.test';

function server(tools: McpServerOptions['tools']) {
  return createMcpServer({
    serverInfo: { name: 'filing-mcp', version: '1.1.0' },
    tools,
    cacheHints: { ttlMs: 300_000, cacheScope: 'public' },
    authenticate: async () => ({ userId: 'user-1' }),
  });
}

const legacyList = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
const modernList = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'tools/list',
  params: {
    _meta: {
      'io.modelcontextprotocol/protocolVersion': '2026-07-28',
      'io.modelcontextprotocol/clientCapabilities': {},
    },
  },
});

async function toolsList(tools: McpServerOptions['tools'], wire: 'legacy' | 'modern'): Promise<string> {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept: 'application/json',
  };
  if (wire === 'modern')
    Object.assign(headers, { 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/list' });
  const response = await server(tools).fetch(
    new Request('https://api.example.test/mcp-server', {
      method: 'POST',
      headers,
      body: wire === 'modern' ? modernList : legacyList,
    }),
  );
  expect(response.status).toBe(200);
  return response.text();
}

/** The generated module's text for the zod definitions' tools/list. */
async function generatedModule(): Promise<string> {
  const tools = createEagerFilingTools({ db, appUrl, listLimitMax: Number(LIST_LIMIT_MAX_PLACEHOLDER) });
  const body = JSON.parse(await toolsList(tools, 'legacy'));
  const listJson = JSON.stringify(body.result);
  expect(listJson.includes(LIST_LIMIT_MAX_PLACEHOLDER)).toBe(true);
  return `// Generated from the zod tool definitions (src/tools/filing-tool-definitions.ts); do not edit.
// Regenerate with \`pnpm --filter @filing-mcp/filing-domain generate:tools-list\`; test/tools/tools-list.test.ts
// fails while this file differs from what the definitions produce.

/** Stands for the \`limit\` bound (\`listLimitMax\`) in {@link TOOLS_LIST_TEMPLATE}. */
export const LIST_LIMIT_MAX_PLACEHOLDER = '${LIST_LIMIT_MAX_PLACEHOLDER}';

/** The \`tools/list\` result (\`{"tools":[...]}\`), serialized. */
export const TOOLS_LIST_TEMPLATE = ${JSON.stringify(listJson)};
`;
}

/** The generated module of each kind's get_form_schema answer, by kind. */
function formSchemaAnswerFile(kind: FilingKind): URL {
  return new URL(`../../src/forms/form-schema-${kind}.generated.ts`, import.meta.url);
}

const GENERATED_FROM_FORMS = `// Generated from the zod form schemas (src/forms/form-json-schema.ts); do not edit.
// Regenerate with \`pnpm --filter @filing-mcp/filing-domain generate:tools-list\`; test/tools/tools-list.test.ts
// fails while this file differs from what the form schemas produce.`;

/**
 * The generated modules of get_form_schema's answers, by file: one per kind, with the answer as
 * get_form_schema's zod output schema gives it (the answer the definition serves), serialized,
 * and the one that loads them by kind.
 */
function formSchemasModules(): Map<URL, string> {
  const modules = new Map<URL, string>();
  const output = formSchemaOutput();
  for (const kind of FILING_KIND_LIST) {
    const answer = JSON.stringify(output.parse(buildFormSchemaAnswer(kind)));
    modules.set(
      formSchemaAnswerFile(kind),
      `${GENERATED_FROM_FORMS}

/**
 * get_form_schema's answer of kind ${JSON.stringify(kind)}, serialized: its description, its top-level fields and
 * the JSON Schema of its form_data (\`buildFormSchemaAnswer\`).
 */
export const FORM_SCHEMA_ANSWER_JSON = ${JSON.stringify(answer)};
`,
    );
  }
  const loaders = FILING_KIND_LIST.map(
    (kind) =>
      `  ${JSON.stringify(kind)}: async () => (await import('./form-schema-${kind}.generated.js')).FORM_SCHEMA_ANSWER_JSON,`,
  );
  modules.set(
    FORM_SCHEMAS,
    `${GENERATED_FROM_FORMS}
import type { FilingKind } from '../kinds/filing-kinds.js';

/**
 * get_form_schema's answer of each kind, serialized, each in a module of its own
 * (form-schema-<kind>.generated.ts): a call loads and parses only the answer of the kind it asks for.
 */
export const FORM_SCHEMA_ANSWERS: Readonly<Record<FilingKind, () => Promise<string>>> = {
${loaders.join('\n')}
};
`,
  );
  return modules;
}

describe('build-time tools/list', () => {
  it('the generated file is what the zod definitions produce (regenerate it when this fails)', async () => {
    const expected = await generatedModule();
    if (process.env.UPDATE_TOOLS_LIST === '1') await writeFile(GENERATED, expected);
    expect(await readFile(GENERATED, 'utf8')).toBe(expected);
  });

  it('the generated form schemas are what the zod form schemas produce (regenerate when this fails)', async () => {
    for (const [file, expected] of formSchemasModules()) {
      if (process.env.UPDATE_TOOLS_LIST === '1') await writeFile(file, expected);
      expect(await readFile(file, 'utf8')).toBe(expected);
    }
  });

  for (const listLimitMax of [1, 7, 200, 1000]) {
    it(`answers tools/list byte for byte like the zod definitions on both wires (listLimitMax ${listLimitMax})`, async () => {
      const eager = createEagerFilingTools({ db, appUrl, listLimitMax });
      const lazy = createFilingTools({ db, appUrl, listLimitMax });
      for (const wire of ['legacy', 'modern'] as const) {
        expect(await toolsList(lazy, wire)).toBe(await toolsList(eager, wire));
      }
    });
  }

  it('builds every tool’s validators, named as listed', async () => {
    const lazy = createFilingTools({ db, appUrl });
    await buildToolValidators(lazy);
    const eager = createEagerFilingTools({ db, appUrl });
    expect(lazy.map((tool) => tool.name)).toEqual(eager.map((tool) => tool.name));
    expect(new Set(lazy.map((tool) => tool.name)).size).toBe(20);
    // Each lazy tool validates with its definition's own schema: the same results and errors.
    const samples: unknown[] = [
      {},
      { limit: 0 },
      { limit: 3 },
      { id: 'x' },
      { kind: 'partnership' },
      { form_data: {} },
    ];
    for (const [index, tool] of lazy.entries()) {
      const input = await (tool.inputSchema as () => Promise<any>)();
      const reference = eager[index]!.inputSchema;
      for (const sample of samples) {
        expect(JSON.stringify(input.safeParse(sample))).toBe(JSON.stringify(reference.safeParse(sample)));
      }
    }
  });

  it('refuses a limit bound that is not a positive integer', () => {
    expect(() => createFilingTools({ db, appUrl, listLimitMax: 0 })).toThrow(
      'listLimitMax must be a positive integer',
    );
  });
});
