// A small tool list: tools/list is at most 26,000 bytes of compact JSON, each form
// schema appears once (in its create tool), and every form_data field is still documented, by
// get_form_schema. The advertised schemas are shorter than the zod schemas the tools validate with.
import { randomUUID } from 'node:crypto';
import { createMcpServer } from '@filing-mcp/protocol';
import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import type * as z from 'zod';
import { trimmedJsonSchema } from '../src/forms/advertised-schemas.js';
import { createEagerFilingTools } from '../src/tools/filing-tool-definitions.js';
import { createFilingTools } from '../src/tools/filing-tools.js';
import { formSchemaDescriptor } from '../src/forms/form-schema-descriptor.js';
import { partnershipFormSchemas } from '../src/forms/partnership-form.js';
import { singleMemberFormSchemas } from '../src/forms/single-member-form.js';

/** The budget of the `tools/list` result, in bytes of compact JSON. */
// 24,000 until buy_filings and buy_extension (payments) added about 1,750 bytes.
const TOOLS_LIST_BUDGET = 26_000;

// Listing never touches the database.
const db = {} as Kysely<any>;

async function listedTools(wire: 'legacy' | 'modern'): Promise<{ bytes: number; tools: any[] }> {
  const server = createMcpServer({
    serverInfo: { name: 'filing-mcp', version: '1.1.0' },
    tools: createFilingTools({ db, appUrl: 'https://app.example.test' }),
    authenticate: async () => ({ userId: 'user-1' }),
  });
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
  const body: Record<string, unknown> = { jsonrpc: '2.0', id: 1, method: 'tools/list' };
  if (wire === 'modern') {
    Object.assign(headers, { 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/list' });
    body.params = {
      _meta: {
        'io.modelcontextprotocol/protocolVersion': '2026-07-28',
        'io.modelcontextprotocol/clientCapabilities': {},
      },
    };
  }
  const response = await server.fetch(
    new Request('https://api.example.test/mcp-server', {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
    }),
  );
  expect(response.status).toBe(200);
  const { result } = (await response.json()) as { result: { tools: any[] } };
  return { bytes: new TextEncoder().encode(JSON.stringify(result)).length, tools: result.tools };
}

/**
 * Every field path of a form_data JSON Schema, in get_form_schema's notation
 * (`relatedParties[].transactions[].kind`, `partVII.line37`).
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

describe('tools/list budget', () => {
  for (const wire of ['legacy', 'modern'] as const) {
    it(`is at most ${TOOLS_LIST_BUDGET} bytes of compact JSON (${wire} wire)`, async () => {
      const { bytes, tools } = await listedTools(wire);
      expect(tools).toHaveLength(20);
      expect(bytes).toBeLessThanOrEqual(TOOLS_LIST_BUDGET);
    });
  }

  it('shows each form schema once: in the create tools; the update tools point to them', async () => {
    const { tools } = await listedTools('legacy');
    const byName = Object.fromEntries(tools.map((tool) => [tool.name, tool]));
    for (const [create, update, field] of [
      ['create_filing', 'update_filing', 'llcName'],
      ['create_partnership_filing', 'update_partnership_filing', 'partnershipName'],
    ] as const) {
      const created = byName[create].inputSchema.properties.form_data;
      expect(created.properties[field].type).toBe('string');
      expect(created.description).toContain('get_form_schema');
      const updated = byName[update].inputSchema.properties.form_data;
      expect(updated).toEqual({
        type: 'object',
        description: expect.stringContaining(`${create}'s form_data`),
      });
      expect(byName[update].description).toContain(`same fields as ${create}`);
    }
    // Only the create tools show form fields.
    const shown = JSON.stringify(tools);
    expect(shown.split('"llcName"').length - 1).toBe(1);
    expect(shown.split('"partnershipName"').length - 1).toBe(1);
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

  it('names every form_data field of both zod form schemas in get_form_schema', () => {
    const forms = [
      ['5472', singleMemberFormSchemas().singleMemberFormDataSchema],
      ['partnership', partnershipFormSchemas().partnershipFormDataSchema],
    ] as const;
    for (const [kind, schema] of forms) {
      const paths = fieldPaths(schema.toJSONSchema({ io: 'input' }) as Record<string, any>);
      expect(paths.length).toBeGreaterThan(20);
      const documented = formSchemaDescriptor(kind).fields;
      const undocumented = paths.filter(
        (path) => !(typeof documented[path] === 'string' && documented[path] !== ''),
      );
      expect(undocumented, `${kind} fields missing from get_form_schema`).toEqual([]);
    }
  });

  it('names every field the create tools advertise in get_form_schema', async () => {
    const { tools } = await listedTools('legacy');
    for (const [name, kind] of [
      ['create_filing', '5472'],
      ['create_partnership_filing', 'partnership'],
    ] as const) {
      const formData = tools.find((tool) => tool.name === name).inputSchema.properties.form_data;
      const documented = formSchemaDescriptor(kind).fields;
      expect(fieldPaths(formData).filter((path) => !(path in documented))).toEqual([]);
    }
  });
});

describe('trimmedJsonSchema', () => {
  it('drops descriptions but keeps a property named description', () => {
    const schema = {
      type: 'object',
      description: 'x',
      properties: { description: { type: 'string', description: 'y' } },
    };
    expect(trimmedJsonSchema(schema, { descriptions: true })).toEqual({
      type: 'object',
      properties: { description: { type: 'string' } },
    });
  });

  it('merges anyOf branches of distinct types, each with its own keywords only', () => {
    const money = {
      anyOf: [
        { type: 'integer', minimum: 0 },
        { type: 'string', pattern: '^\\d+$' },
      ],
    };
    expect(trimmedJsonSchema(money)).toEqual({ type: ['integer', 'string'], minimum: 0, pattern: '^\\d+$' });
    // integer and number together: a bound of one would apply to the other, so no merge.
    const mixed = { anyOf: [{ type: 'integer', minimum: 0 }, { type: 'number' }] };
    expect(trimmedJsonSchema(mixed)).toEqual(mixed);
    // An enum applies to every type: no merge.
    const withEnum = { anyOf: [{ type: 'string', enum: ['a'] }, { type: 'null' }] };
    expect(trimmedJsonSchema(withEnum)).toEqual(withEnum);
  });

  it('drops the safe-integer bounds zod adds and nothing else', () => {
    expect(
      trimmedJsonSchema({
        type: 'integer',
        minimum: -Number.MAX_SAFE_INTEGER,
        maximum: Number.MAX_SAFE_INTEGER,
      }),
    ).toEqual({ type: 'integer' });
    expect(trimmedJsonSchema({ type: 'integer', minimum: 1, maximum: 200 })).toEqual({
      type: 'integer',
      minimum: 1,
      maximum: 200,
    });
  });

  it('writes a list of key names sharing a prefix as a pattern matching exactly those names', () => {
    const names = ['line1', 'line2a', 'line13d', 'line11Type'];
    const trimmed = trimmedJsonSchema({
      type: 'object',
      propertyNames: { type: 'string', enum: names },
      additionalProperties: { type: 'integer' },
    });
    const pattern = new RegExp((trimmed.propertyNames as { pattern: string }).pattern);
    for (const name of names) expect(pattern.test(name)).toBe(true);
    for (const other of ['line', 'line2', 'line1a', 'xline1', 'line11', 'LINE1'])
      expect(pattern.test(other)).toBe(false);
  });
});
