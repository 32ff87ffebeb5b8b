// What tools/list shows of a tool, kept small (at most 24,000 bytes of compact JSON, a budget
// test/tools-list-budget.test.ts holds).
// Only the advertised JSON Schemas shrink: every tool still validates its arguments and results
// with its full zod schemas, and get_form_schema documents every form_data field.
import type { ToolDefinition } from '@filing-mcp/protocol';
import { toolJsonSchemas } from '@filing-mcp/protocol/internal';
import { groupedProperties } from './grouped-properties.js';
import { FILING_KIND_LIST } from '../kinds/filing-kinds.js';

type JsonSchema = Record<string, unknown>;

/** Keywords whose value is a map of property names to schemas. */
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', '$defs', 'definitions']);
/** Keywords whose value is one schema. */
const SCHEMA_VALUES = new Set([
  'items',
  'additionalProperties',
  'not',
  'propertyNames',
  'if',
  'then',
  'else',
]);
/** Keywords whose value is a list of schemas. */
const SCHEMA_LISTS = new Set(['anyOf', 'oneOf', 'allOf', 'prefixItems']);

/** What {@link trimmedJsonSchema} leaves out, besides what says nothing (see there). */
export interface TrimOptions {
  /** Drop every `description` and `title` (a property named so stays). */
  descriptions?: boolean;
  /** Drop `additionalProperties: false`: a result's shape is the server's to keep. */
  openObjects?: boolean;
}

/** Keywords that apply to one JSON type only, by type (what lets `anyOf` branches merge). */
const NUMBER_KEYWORDS: ReadonlySet<string> = new Set([
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
]);
const TYPE_KEYWORDS: Readonly<Record<string, ReadonlySet<string>>> = {
  string: new Set(['pattern', 'format', 'minLength', 'maxLength']),
  number: NUMBER_KEYWORDS,
  integer: NUMBER_KEYWORDS,
  array: new Set(['items', 'minItems', 'maxItems']),
};

/**
 * `schema` without what tells an agent nothing it needs to call the tool right, and written
 * shorter where JSON Schema allows an equivalent: zod's integer bounds of ±(2^53 − 1),
 * `additionalProperties: {}`, `propertyNames: { type: "string" }`, a UUID `pattern` beside
 * `format: "uuid"`, and `anyOf` branches of distinct types merged into one `type` list (each
 * branch's keywords apply to its type only, so the merge accepts the same values). With
 * `descriptions`, also every `description` and `title`. Types, property names, `required`, enums,
 * formats and other patterns stay.
 */
export function trimmedJsonSchema(schema: JsonSchema, options: TrimOptions = {}): JsonSchema {
  const trimmed: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) {
    if ((key === 'description' || key === 'title') && options.descriptions) continue;
    if (
      (key === 'minimum' || key === 'maximum') &&
      schema.type === 'integer' &&
      Math.abs(value as number) === Number.MAX_SAFE_INTEGER
    ) {
      continue;
    }
    if (key === 'pattern' && schema.format === 'uuid') continue;
    if (key === 'additionalProperties' && isObject(value) && Object.keys(value).length === 0) continue;
    if (key === 'additionalProperties' && value === false && options.openObjects) continue;
    if (key === 'propertyNames' && isObject(value)) {
      const { type, ...names } = value;
      if (type !== 'string') trimmed[key] = trimmedJsonSchema(value, options);
      else if (Object.keys(names).length > 0) trimmed[key] = namesSchema(names, options);
      continue;
    }
    if (SCHEMA_MAPS.has(key) && isObject(value)) {
      trimmed[key] = Object.fromEntries(
        Object.entries(value).map(([name, inner]) => [name, trimmedSubschema(inner, options)]),
      );
    } else if (SCHEMA_VALUES.has(key)) {
      trimmed[key] = trimmedSubschema(value, options);
    } else if (SCHEMA_LISTS.has(key) && Array.isArray(value)) {
      const branches = value.map((inner) => trimmedSubschema(inner, options));
      const merged = key === 'anyOf' || key === 'oneOf' ? mergedBranches(branches) : undefined;
      if (merged && !Object.keys(merged).some((name) => name in schema && name !== key)) {
        Object.assign(trimmed, merged);
      } else {
        trimmed[key] = branches;
      }
    } else {
      trimmed[key] = value;
    }
  }
  return trimmed;
}

/**
 * The schema of a map's keys (zod's `z.record(z.enum([...]), ...)`): a list of names sharing a
 * prefix (`line1`, `line2a`, ...) becomes one pattern matching exactly those names, which is
 * shorter (`^line(?:1|2a|...)$`).
 */
function namesSchema(names: JsonSchema, options: TrimOptions): JsonSchema {
  const { enum: values, ...rest } = names;
  if (!Array.isArray(values) || values.length < 2 || !values.every((v) => typeof v === 'string')) {
    return trimmedJsonSchema(names, options);
  }
  let prefix = values[0] as string;
  for (const value of values as string[]) {
    while (!value.startsWith(prefix)) prefix = prefix.slice(0, -1);
  }
  const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  const pattern = `^${literal(prefix)}(?:${(values as string[]).map((v) => literal(v.slice(prefix.length))).join('|')})$`;
  if (prefix === '' || 'pattern' in rest || JSON.stringify(pattern).length >= JSON.stringify(values).length) {
    return trimmedJsonSchema(names, options);
  }
  return { ...trimmedJsonSchema(rest, options), pattern };
}

/**
 * One schema accepting what `anyOf` `branches` accept, when each branch has one distinct type and
 * only keywords of that type (at most one of integer and number); else `undefined`.
 */
function mergedBranches(branches: unknown[]): JsonSchema | undefined {
  const merged: JsonSchema = {};
  const types: string[] = [];
  for (const branch of branches) {
    if (!isObject(branch) || typeof branch.type !== 'string') return undefined;
    const type = branch.type;
    const own = TYPE_KEYWORDS[type] ?? new Set<string>();
    if (types.includes(type)) return undefined;
    if ((type === 'integer' || type === 'number') && types.some((t) => t === 'integer' || t === 'number'))
      return undefined;
    types.push(type);
    for (const [key, value] of Object.entries(branch)) {
      if (key === 'type') continue;
      if (!own.has(key) || key in merged) return undefined;
      merged[key] = value;
    }
  }
  return types.length > 1 ? { type: types, ...merged } : undefined;
}

function isObject(value: unknown): value is JsonSchema {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function trimmedSubschema(value: unknown, options: TrimOptions): unknown {
  return isObject(value) ? trimmedJsonSchema(value, options) : value;
}

/** How a tool's advertised schemas differ from the ones derived from its zod schemas. */
export interface Advertised {
  /** Rewrites the derived input schema (receives a fresh copy). */
  input?: (schema: JsonSchema) => JsonSchema;
  /**
   * Arguments shown without their description, because the tool's description or the schema
   * (type, bounds, default) already says it. A UUID argument (`format: "uuid"`) always is.
   */
  plainArguments?: readonly string[];
}

/** `schema` with the descriptions of the arguments {@link Advertised.plainArguments} names dropped. */
function withPlainArguments(schema: JsonSchema, plain: readonly string[]): JsonSchema {
  const properties = schema.properties as Record<string, JsonSchema> | undefined;
  if (properties === undefined) return schema;
  return {
    ...schema,
    properties: Object.fromEntries(
      Object.entries(properties).map(([name, inner]) => {
        if (!plain.includes(name) && inner.format !== 'uuid') return [name, inner];
        const { description: _description, ...rest } = inner;
        return [name, rest];
      }),
    ),
  };
}

/**
 * A result's schema as tools/list shows it: its property names, their types (and enums) and
 * `required`. Nested objects and arrays show their type only; the tool's description names their
 * fields, and the result itself shows them.
 */
export function resultShape(schema: JsonSchema): JsonSchema {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  return {
    type: schema.type,
    properties: Object.fromEntries(
      Object.entries(properties).map(([name, inner]) => [name, typeOnly(inner)]),
    ),
    ...(schema.required !== undefined && { required: schema.required }),
  };
}

/** The JSON types `schema` accepts (through `anyOf`/`oneOf`), its enum, and an array's item type. */
function typeOnly(schema: JsonSchema): JsonSchema {
  const types = new Set<string>();
  const collect = (inner: unknown): void => {
    if (!isObject(inner)) return;
    if (typeof inner.type === 'string') types.add(inner.type);
    else if (Array.isArray(inner.type)) for (const type of inner.type) types.add(String(type));
    for (const key of ['anyOf', 'oneOf']) {
      if (Array.isArray(inner[key])) for (const branch of inner[key] as unknown[]) collect(branch);
    }
  };
  collect(schema);
  if (types.size === 0) return {};
  const shape: JsonSchema = { type: types.size === 1 ? [...types][0] : [...types] };
  if (Array.isArray(schema.enum)) shape.enum = schema.enum;
  if (types.has('array') && isObject(schema.items) && typeof schema.items.type === 'string') {
    shape.items = { type: schema.items.type };
  }
  return shape;
}

/**
 * `tool` with `inputJsonSchema` / `outputJsonSchema` derived from its zod schemas, written short
 * (see {@link trimmedJsonSchema}), the input rewritten as `advertised` says and the output reduced
 * to {@link resultShape}. Used where tools/list is generated (at build time), never on a call:
 * arguments and results are still validated with the full zod schemas.
 */
export function withAdvertisedSchemas(
  tool: ToolDefinition<any, any>,
  advertised: Advertised,
): ToolDefinition<any, any> {
  const { inputJsonSchema, outputJsonSchema } = toolJsonSchemas(tool);
  const input = withPlainArguments(trimmedJsonSchema(inputJsonSchema), advertised.plainArguments ?? []);
  return {
    ...tool,
    inputJsonSchema: withoutRedundantKeywords(advertised.input ? advertised.input(input) : input),
    ...(outputJsonSchema !== undefined && {
      outputJsonSchema: resultShape(outputJsonSchema),
    }),
  };
}

/** The kind spellings a tool accepts beyond the spec's two; advertised as those two only. */
const SPEC_KINDS = [...FILING_KIND_LIST];

/**
 * A field that takes a fixed set of values but still stores words of filings stored before 1.1.0 (an enum or
 * any string, or also a list of the values) is advertised without the any-string branch: new calls should send one of the values, and
 * check_filing reports stored words as a value to restate.
 */
function enumOnly(schema: JsonSchema): JsonSchema {
  const options = schema.anyOf;
  if (!Array.isArray(options) || options.length < 2) return schema;
  const values = options.find((option) => isObject(option) && Array.isArray(option.enum));
  const anyString = options.find(
    (option) => isObject(option) && option.type === 'string' && Object.keys(option).length === 1,
  );
  if (values === undefined || anyString === undefined) return schema;
  const { anyOf: _anyOf, ...rest } = schema;
  const kept = options.filter((option) => option !== anyString);
  // A list of the values (line 8e: "check boxes that apply") stays beside the enum.
  return kept.length === 1 ? { ...(values as JsonSchema), ...rest } : { ...rest, anyOf: kept };
}

/**
 * `schema` without what a client gains nothing from in tools/list: a date's `pattern` beside its
 * `format: "date"` (the call still checks both), and the filing-kind aliases of a `kind` argument
 * (the spec names `5472` and `partnership`; the aliases stay accepted, and get_form_schema's
 * `formType` keeps them all, as the spec's overview example sends one).
 */
function withoutRedundantKeywords(schema: JsonSchema): JsonSchema {
  const visit = (value: unknown, key?: string): unknown => {
    if (Array.isArray(value)) return value.map((item) => visit(item));
    if (!isObject(value)) return value;
    const out: JsonSchema = {};
    for (const [name, inner] of Object.entries(value)) {
      if (name === 'pattern' && value.format === 'date') continue;
      out[name] =
        SCHEMA_MAPS.has(name) && isObject(inner)
          ? Object.fromEntries(Object.entries(inner).map(([child, sub]) => [child, visit(sub, child)]))
          : visit(inner);
    }
    if ((key === 'kind' || key === 'form') && Array.isArray(out.enum) && out.enum.includes('form-1065')) {
      out.enum = SPEC_KINDS;
    }
    return enumOnly(out);
  };
  return visit(schema) as JsonSchema;
}

/** An input schema with its `form_data` property replaced by what `replace` makes of it. */
function withFormData(replace: (formData: JsonSchema) => JsonSchema): (schema: JsonSchema) => JsonSchema {
  return (schema) => {
    const properties = schema.properties as Record<string, JsonSchema>;
    return { ...schema, properties: { ...properties, form_data: replace(properties.form_data!) } };
  };
}

/**
 * The create tools' `form_data`: its fields' types, enums and patterns without their descriptions,
 * which get_form_schema gives (with every nested field) instead.
 */
export function fieldsDocumentedBy(formSchemaCall: string): (schema: JsonSchema) => JsonSchema {
  return withFormData((formData) => ({
    ...groupedProperties(trimmedJsonSchema(withoutUnadvertised(formData), { descriptions: true })),
    description: `${formSchemaCall} describes every field. Dates are YYYY-MM-DD. All fields are optional for a draft; fields not listed are kept.`,
  }));
}

/**
 * `schema` without the properties marked `advertised: false` (zod `.meta`), at any depth: fields
 * get_form_schema documents and the tools validate, left out of tools/list to keep it within its
 * budget. The marker itself never shows.
 */
export function withoutUnadvertised(schema: unknown): JsonSchema {
  if (Array.isArray(schema)) return schema.map(withoutUnadvertised) as unknown as JsonSchema;
  if (schema === null || typeof schema !== 'object') return schema as JsonSchema;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema as JsonSchema)) {
    if (key === 'advertised') continue;
    if (key === 'properties' && value && typeof value === 'object') {
      out[key] = Object.fromEntries(
        Object.entries(value as JsonSchema)
          .filter(([, property]) => (property as JsonSchema | undefined)?.advertised !== false)
          .map(([name, property]) => [name, withoutUnadvertised(property)]),
      );
    } else out[key] = withoutUnadvertised(value);
  }
  return out;
}

/**
 * The update tools' `form_data`: a plain object pointing to the create tool's fields, so that each
 * form schema appears once in tools/list.
 */
export function sameFieldsAs(createTool: string, formSchemaCall: string): (schema: JsonSchema) => JsonSchema {
  return withFormData(() => ({
    type: 'object',
    description: `${createTool}'s form_data fields (${formSchemaCall}); a check_filing path (partVII.line37) may be a key.`,
  }));
}
