// One schema, read once: tools/list is at most 4,500 o200k tokens with every tool, each
// tool's input schema uses only the keywords every client can turn into a function declaration,
// the write tools' form_data points to get_form_schema, and get_form_schema answers each form's
// one JSON Schema within its own budget (5472: 3,000 tokens; partnership: 6,000), every
// description said once. Tokens are counted with gpt-tokenizer's o200k_base encoding (the one of
// GPT-4o and later), on the compact JSON a client receives.
import type { FilingDatabase } from '../../src/storage/database.js';
import { randomUUID } from 'node:crypto';
import { SCHEDULE_B_SCHEMA_TEXTS, SCHEDULE_B_TEXTS } from '@filing-mcp/irs-forms/kinds';
import { createMcpServer } from '@filing-mcp/protocol';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import type * as z from 'zod';
import { declarationSchema } from '../../src/forms/declaration-schema.js';
import { createEagerFilingTools } from '../../src/tools/filing-tool-definitions.js';
import { createFilingTools } from '../../src/tools/filing-tools.js';
import { partnershipFormSchemas } from '../../src/forms/partnership-form.js';
import { singleMemberFormSchemas } from '../../src/forms/single-member-form.js';

/** The budget of the `tools/list` result, in o200k tokens of compact JSON. */
// 26,000 bytes (6,516 tokens) until each form's tree left the write tools for get_form_schema.
const TOOLS_LIST_TOKENS = 4_500;
/** The budget of get_form_schema's `schema`, by kind, in o200k tokens of compact JSON. */
// The partnership was 7,650 (descriptions about 5,200 tokens, structure about 2,450), then 7,080;
// the schema's shorter words (complete_filing asks with the zod schema's) bring it within #47's 6,000.
const FORM_SCHEMA_TOKENS = { '5472': 3_000, partnership: 6_000 } as const;

/** The only keywords a tool's input schema may use: what every client can declare. */
const DECLARATION_KEYWORDS = new Set([
  'type',
  'properties',
  'required',
  'items',
  'enum',
  'description',
  'format',
  'default',
  'minimum',
  'maximum',
  'minItems',
  'maxItems',
]);

/**
 * Where `schema` uses a keyword outside DECLARATION_KEYWORDS or a `type` that is not one type,
 * as paths; `typeLists` allows `type: ["string", "null"]` (a result that may be null must say so).
 */
function violations(schema: unknown, path: string, typeLists = false): string[] {
  if (schema === null || typeof schema !== 'object' || Array.isArray(schema))
    return [`${path}: not a schema`];
  const found: string[] = [];
  for (const [key, value] of Object.entries(schema)) {
    const at = `${path}.${key}`;
    if (!DECLARATION_KEYWORDS.has(key)) found.push(at);
    else if (key === 'type' && typeof value !== 'string' && !(typeLists && Array.isArray(value)))
      found.push(at);
    else if (key === 'properties')
      for (const [name, inner] of Object.entries(value as object))
        found.push(...violations(inner, `${at}.${name}`, typeLists));
    else if (key === 'items') found.push(...violations(value, at, typeLists));
  }
  return found;
}

// Listing and get_form_schema never touch the database.
const db = {} as Kysely<FilingDatabase>;

function server() {
  return createMcpServer({
    serverInfo: { name: 'filing-mcp', version: '1.1.0' },
    tools: createFilingTools({ db, appUrl: 'https://app.example.test' }),
    authenticate: async () => ({ userId: 'user-1' }),
  });
}

async function post(
  wire: 'legacy' | 'modern',
  method: string,
  params: Record<string, unknown> = {},
): Promise<Record<string, any>> {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept: 'application/json',
    authorization: 'Bearer any',
  };
  const body: Record<string, unknown> = { jsonrpc: '2.0', id: 1, method, params };
  if (wire === 'modern') {
    Object.assign(headers, { 'mcp-protocol-version': '2026-07-28', 'mcp-method': method });
    if (method === 'tools/call') headers['mcp-name'] = String(params.name);
    body.params = {
      ...params,
      _meta: {
        'io.modelcontextprotocol/protocolVersion': '2026-07-28',
        'io.modelcontextprotocol/clientCapabilities': {},
      },
    };
  }
  const response = await server().fetch(
    new Request('https://api.example.test/mcp-server', {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
    }),
  );
  expect(response.status).toBe(200);
  const { result } = (await response.json()) as { result: Record<string, any> };
  return result;
}

async function listedTools(wire: 'legacy' | 'modern'): Promise<{ tokens: number; tools: any[] }> {
  const result = await post(wire, 'tools/list');
  return { tokens: countTokens(JSON.stringify(result)), tools: result.tools };
}

/** get_form_schema's answer over the wire: the text an agent reads, and its structured content. */
async function formSchema(kind: '5472' | 'partnership', wire: 'legacy' | 'modern' = 'legacy') {
  const result = await post(wire, 'tools/call', { name: 'get_form_schema', arguments: { kind } });
  expect(result.isError).toBeFalsy();
  expect(JSON.parse(result.content[0].text)).toEqual(result.structuredContent);
  return result.structuredContent as { schema: Record<string, any>; fields: Record<string, string> };
}

/**
 * Every field path of a form_data JSON Schema (`relatedParties[].transactions[].kind`,
 * `partVII.line37`), through zod's unions (`anyOf`) to their object or list branch.
 */
function fieldPaths(schema: Record<string, any>, prefix = '', paths: string[] = []): string[] {
  for (const [name, property] of Object.entries<Record<string, any>>(schema.properties ?? {})) {
    const path = `${prefix}${name}`;
    paths.push(path);
    let inner: Record<string, any> | undefined = property;
    let suffix = '';
    for (;;) {
      const branch: Record<string, any> | undefined = inner?.anyOf?.find(
        (candidate: any) => candidate.type === 'array' || candidate.type === 'object',
      );
      if (branch) inner = branch;
      if (inner?.type === 'array') {
        inner = inner.items;
        suffix += '[]';
      } else break;
    }
    if (inner?.type === 'object' && inner.properties) fieldPaths(inner, `${path}${suffix}.`, paths);
  }
  return paths;
}

/** Every description in `schema`, with where it is. */
function descriptions(
  schema: Record<string, any>,
  path = '',
  found: [string, string][] = [],
): [string, string][] {
  if (typeof schema.description === 'string') found.push([path, schema.description]);
  for (const [name, inner] of Object.entries<Record<string, any>>(schema.properties ?? {}))
    descriptions(inner, `${path}.${name}`, found);
  if (schema.items) descriptions(schema.items, `${path}[]`, found);
  return found;
}

const ZOD_FORMS = [
  ['5472', () => singleMemberFormSchemas().singleMemberFormDataSchema],
  ['partnership', () => partnershipFormSchemas().partnershipFormDataSchema],
] as const;

describe('tools/list budget', () => {
  for (const wire of ['legacy', 'modern'] as const) {
    it(`is at most ${TOOLS_LIST_TOKENS} o200k tokens of compact JSON (${wire} wire)`, async () => {
      const { tokens, tools } = await listedTools(wire);
      expect(tools).toHaveLength(20);
      expect(tokens).toBeLessThanOrEqual(TOOLS_LIST_TOKENS);
    });
  }

  it('gives every tool an input schema of declaration keywords only, and results no unions', async () => {
    const { tools } = await listedTools('legacy');
    for (const tool of tools) {
      expect(violations(tool.inputSchema, `${tool.name}.inputSchema`)).toEqual([]);
      // A result's schema may say `["object", "null"]`; nothing else a client cannot declare.
      expect(violations(tool.outputSchema, `${tool.name}.outputSchema`, true)).toEqual([]);
    }
  });

  it('the check fails on each keyword a client cannot declare', () => {
    const bad = {
      type: 'object',
      properties: {
        a: { anyOf: [{ type: 'string' }, { type: 'integer' }] },
        b: { type: ['string', 'null'] },
        c: { type: 'object', patternProperties: { '^x$': { type: 'string' } } },
        d: { type: 'object', additionalProperties: { type: 'string' } },
        e: { type: 'array', items: { type: 'string', pattern: '^\\d+$' } },
        f: { type: 'object', propertyNames: { enum: ['x'] } },
      },
    };
    expect(violations(bad, 'in')).toEqual([
      'in.properties.a.anyOf',
      'in.properties.b.type',
      'in.properties.c.patternProperties',
      'in.properties.d.additionalProperties',
      'in.properties.e.items.pattern',
      'in.properties.f.propertyNames',
    ]);
    expect(violations(declarationSchema(bad), 'in')).toEqual([]);
  });

  it("shows no form field in tools/list: the write tools' form_data points to get_form_schema", async () => {
    const { tools } = await listedTools('legacy');
    const byName = Object.fromEntries(tools.map((tool) => [tool.name, tool]));
    for (const [create, update] of [
      ['create_filing', 'update_filing'],
      ['create_partnership_filing', 'update_partnership_filing'],
    ] as const) {
      for (const name of [create, update]) {
        const formData = byName[name].inputSchema.properties.form_data;
        expect(Object.keys(formData).sort()).toEqual(['description', 'type']);
        expect(formData.type).toBe('object');
        expect(formData.description).toContain('get_form_schema');
      }
      expect(byName[update].inputSchema.properties.form_data.description).toContain(`${create}'s form_data`);
      expect(byName[update].description).toContain(`same fields as ${create}`);
    }
    const shown = JSON.stringify(tools);
    for (const field of ['llcName', 'partnershipName', 'relatedParties', 'scheduleK'])
      expect(shown).not.toContain(`"${field}"`);
  });

  it('still validates update_filing and update_partnership_filing with the full form schemas', () => {
    const tools = createEagerFilingTools({ db, appUrl: 'https://app.example.test' });
    const byName = Object.fromEntries(tools.map((tool) => [tool.name, tool]));
    const id = randomUUID();
    const single = (byName.update_filing!.inputSchema as z.ZodObject<any>).safeParse({
      id,
      form_data: { isInitialYear: 'yes' },
    });
    expect(single.success).toBe(false);
    expect(JSON.stringify(single.error?.issues[0]?.path)).toBe('["form_data","isInitialYear"]');
    const partnership = (byName.update_partnership_filing!.inputSchema as z.ZodObject<any>).safeParse({
      id,
      form_data: { partners: [{ name: 'A', isForeign: 'no' }] },
    });
    expect(partnership.success).toBe(false);
    expect(JSON.stringify(partnership.error?.issues[0]?.path)).toBe('["form_data","partners",0,"isForeign"]');
  });
});

describe('get_form_schema: one schema per form', () => {
  for (const [kind, zodForm] of ZOD_FORMS) {
    it(`answers the ${kind} schema within ${FORM_SCHEMA_TOKENS[kind]} o200k tokens, on both wires alike`, async () => {
      const answer = await formSchema(kind);
      expect(countTokens(JSON.stringify(answer.schema))).toBeLessThanOrEqual(FORM_SCHEMA_TOKENS[kind]);
      expect(await formSchema(kind, 'modern')).toEqual(answer);
    });

    it(`holds every field of the ${kind} zod form schema, in declaration keywords only`, async () => {
      const { schema, fields } = await formSchema(kind);
      expect(violations(schema, 'schema')).toEqual([]);
      const zodPaths = fieldPaths(zodForm().toJSONSchema({ io: 'input' }) as Record<string, any>);
      expect(zodPaths.length).toBeGreaterThan(20);
      const paths = new Set(fieldPaths(schema));
      expect(zodPaths.filter((path) => !paths.has(path))).toEqual([]);
      // The spec's descriptor: each top-level field by name.
      expect(Object.keys(fields)).toEqual(Object.keys(schema.properties));
      for (const value of Object.values(fields)) expect(value).toMatch(/\S/);
    });

    it(`says each description of the ${kind} schema once, and describes every top-level field`, async () => {
      const { schema } = await formSchema(kind);
      const found = descriptions(schema);
      const byText = new Map<string, string[]>();
      for (const [path, text] of found) byText.set(text, [...(byText.get(text) ?? []), path]);
      expect([...byText].filter(([, paths]) => paths.length > 1)).toEqual([]);
      for (const [name, property] of Object.entries<Record<string, any>>(schema.properties))
        expect(property.description, name).toMatch(/\S{3}/);
    });
  }

  it('gives types, enums, defaults, bounds and IRS lines', async () => {
    const single = (await formSchema('5472')).schema.properties;
    expect(single.taxYearEnd).toMatchObject({ type: 'string', format: 'date' });
    expect(single.totalAssets).toMatchObject({ type: 'integer', minimum: 0 });
    expect(single.relatedParties).toMatchObject({ type: 'array', maxItems: 50 });
    const party = single.relatedParties.items;
    expect(party.required).toEqual(['name']);
    expect(party.properties.relationship.items.enum).toContain('foreign_shareholder');
    expect(party.properties.transactions.items.properties.kind.description).toContain('line 28');
    expect(single.partVII.properties.line37.description).toMatch(/import goods/);
    // A related party's Part VII lines are the filing's: their words are said once, there.
    expect(party.properties.partVII.properties.line41a.description).toBeUndefined();
    expect(single.partVII.properties.line41a.description).toContain('FDII');
    const partnership = (await formSchema('partnership')).schema.properties;
    expect(partnership.accountingMethod).toMatchObject({
      type: 'string',
      enum: ['cash', 'accrual', 'other'],
    });
    expect(partnership.income.properties.line1a).toEqual({
      type: 'integer',
      description: 'Gross receipts or sales',
    });
    expect(partnership.scheduleB.properties.line33.description).toContain('section 6221(b)');
    // Schedule B's questions in the schema's shorter words; complete_filing titles them with the
    // form's (test/tools/complete-filing-interview.test.ts).
    for (const [key, words] of Object.entries(SCHEDULE_B_SCHEMA_TEXTS)) {
      expect(partnership.scheduleB.properties[key].description, key).toBe(words);
      expect(words.length, key).toBeLessThanOrEqual(SCHEDULE_B_TEXTS[key as 'line1'].length);
    }
    expect(partnership.partners.items.properties.shares.properties.profitBeginning).toEqual({
      type: 'number',
    });
    expect(partnership.partners.items.properties.specialAllocations.description).toContain(
      "scheduleK's keys",
    );
  });
});
