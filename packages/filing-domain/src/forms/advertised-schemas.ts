// What tools/list shows of a tool, kept small (at most 4,500 o200k tokens, a budget
// test/tools/tools-list-budget.test.ts holds) and in the JSON Schema subset every client can turn into
// a function declaration (declaration-schema.ts). Only the advertised JSON Schemas change: every
// tool still validates its arguments and results with its full zod schemas, and get_form_schema
// answers the one JSON Schema of each form_data, which the write tools' form_data points to.
import type { ToolDefinition } from '@filing-mcp/protocol';
import { toolJsonSchemas } from '@filing-mcp/protocol/internal';
import { declarationSchema } from './declaration-schema.js';
import { FILING_KIND_LIST } from '../kinds/filing-kinds.js';

type JsonSchema = Record<string, unknown>;

/** Keywords whose value is a map of property names to schemas. */
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', '$defs', 'definitions']);

function isObject(value: unknown): value is JsonSchema {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
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
 * `tool` with `inputJsonSchema` / `outputJsonSchema` derived from its zod schemas: the input as a
 * declaration schema (see `declarationSchema`), rewritten as `advertised` says; the output reduced
 * to {@link resultShape}. Used where tools/list is generated (at build time), never on a call:
 * arguments and results are still validated with the full zod schemas.
 */
export function withAdvertisedSchemas(
  tool: ToolDefinition<any, any>,
  advertised: Advertised,
): ToolDefinition<any, any> {
  const { inputJsonSchema, outputJsonSchema } = toolJsonSchemas(tool);
  const input = withPlainArguments(declarationSchema(inputJsonSchema), advertised.plainArguments ?? []);
  return {
    ...tool,
    inputJsonSchema: withSpecKinds(advertised.input ? advertised.input(input) : input),
    ...(outputJsonSchema !== undefined && {
      outputJsonSchema: resultShape(outputJsonSchema),
    }),
  };
}

/** The kind spellings a tool accepts beyond the spec's two; advertised as those two only. */
const SPEC_KINDS = [...FILING_KIND_LIST];

/**
 * `schema` with a `kind` argument's filing-kind aliases left out (the spec names `5472` and
 * `partnership`; the aliases stay accepted, and get_form_schema's `formType` keeps them all, as
 * the spec's overview example sends one).
 */
function withSpecKinds(schema: JsonSchema): JsonSchema {
  const visit = (value: unknown, key?: string): unknown => {
    if (Array.isArray(value)) return value.map((item) => visit(item));
    if (!isObject(value)) return value;
    const out: JsonSchema = {};
    for (const [name, inner] of Object.entries(value)) {
      out[name] =
        SCHEMA_MAPS.has(name) && isObject(inner)
          ? Object.fromEntries(Object.entries(inner).map(([child, sub]) => [child, visit(sub, child)]))
          : visit(inner);
    }
    if ((key === 'kind' || key === 'form') && Array.isArray(out.enum) && out.enum.includes('form-1065')) {
      out.enum = SPEC_KINDS;
    }
    return out;
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
 * The create tools' `form_data`: an object pointing to the one JSON Schema of the form, which
 * get_form_schema answers (the server validates it against the full form schema all the same).
 */
export function fieldsDocumentedBy(formSchemaCall: string): (schema: JsonSchema) => JsonSchema {
  return withFormData(() => ({
    type: 'object',
    description: `The form's answers, each field as the schema ${formSchemaCall} answers describes. All are optional for a draft; fields not listed are kept.`,
  }));
}

/**
 * The update tools' `form_data`: the same pointer, and the dotted paths an update may use as keys,
 * so that each form's fields are in one place, get_form_schema's answer.
 */
export function sameFieldsAs(createTool: string, formSchemaCall: string): (schema: JsonSchema) => JsonSchema {
  return withFormData(() => ({
    type: 'object',
    description: `${createTool}'s form_data fields (the schema ${formSchemaCall} answers); a check_filing path (partVII.line37) may be a key.`,
  }));
}
