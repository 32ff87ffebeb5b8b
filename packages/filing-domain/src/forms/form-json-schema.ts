// The one JSON Schema of a kind's form_data that get_form_schema answers: the whole
// tree (types, enums, defaults, bounds, each field's description with its IRS line), derived from
// the zod form schema the tools validate with, so it cannot drift from what is checked. It is
// derived at build time, like tools/list (form-schemas.generated.ts; test/tools-list.test.ts
// fails while that file differs from what buildFormJsonSchema makes): no zod JSON Schema emission
// at run time (the Lambda bundle has none). The tool schemas of tools/list do not repeat it: their
// form_data points here.
import { SCHEDULE_B_SCHEMA_TEXTS } from '@filing-mcp/irs-forms/kinds';
import type { FilingKind } from '../kinds/filing-kinds.js';
import { declarationSchema } from './declaration-schema.js';
import type * as z from 'zod';
import { formDataSchemaOf, KIND_FORMS, type TransactionKindEntry } from './kind-forms.js';
import { CHECKED_AS } from './partnership-return-fields.js';

type JsonSchema = Record<string, unknown>;

function isObject(value: unknown): value is JsonSchema {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** The schemas directly under `node`: its properties' and its items'. */
function children(node: JsonSchema): JsonSchema[] {
  const inner: JsonSchema[] = [];
  if (isObject(node.properties)) inner.push(...Object.values(node.properties).filter(isObject));
  if (isObject(node.items)) inner.push(node.items);
  return inner;
}

/**
 * `schema` with each description said once: where the same words describe several fields (the
 * lines of a related party's Part VII and the filing's, a balance sheet's beginning and end
 * columns), the shallowest field keeps them (the first at equal depth) and the others, whose
 * group's description names where they come from, go without. Walked breadth first, in place.
 */
function withDescriptionsOnce(schema: JsonSchema): JsonSchema {
  const seen = new Set<string>();
  let level: JsonSchema[] = [schema];
  while (level.length > 0) {
    const next: JsonSchema[] = [];
    for (const node of level) {
      if (typeof node.description === 'string') {
        if (seen.has(node.description)) delete node.description;
        else seen.add(node.description);
      }
      next.push(...children(node));
    }
    level = next;
  }
  return schema;
}

/**
 * A line's description without the line its key already names: `line1a`'s "Line 1a: Gross
 * receipts or sales" says "Gross receipts or sales", `line43b1`'s "43b(1): Amount ..." says
 * "Amount ..." (its group says the lines are by form line). A description naming another line
 * than its key (`line13d`'s "Line 13d(2): ...") keeps it.
 */
function withoutKeyLine(name: string, description: string): string {
  const match = /^(?:(?:Line|Question) )?(\d+[a-z]?(?:\(\d+\))?): /.exec(description);
  if (!match || `line${match[1]!.replace(/[()]/g, '')}` !== name) return description;
  const rest = description.slice(match[0].length);
  return rest.charAt(0).toUpperCase() + rest.slice(1);
}

/**
 * A description without the list of an enum's values it repeats ("Item G: General partner or
 * LLC member-manager | Limited partner or other LLC member." is "Item G." beside the enum).
 */
function withoutEnumList(schema: JsonSchema, description: string): string {
  if (!Array.isArray(schema.enum) || schema.enum.length < 2) return description;
  const list = schema.enum.join(' | ');
  const at = description.indexOf(list);
  if (at < 0) return description;
  return `${description.slice(0, at).replace(/[:\s(]+$/, '')}${description.slice(at + list.length).replace(/^\)/, '')}`;
}

/**
 * `schema` with each description shortened as {@link withoutKeyLine} and {@link withoutEnumList}
 * say (a group's description also without the values of its fields' enums: Schedule B's line 1
 * types are line1's enum), in place.
 */
function withPlainWords(schema: JsonSchema): JsonSchema {
  const visit = (node: JsonSchema, name: string): void => {
    if (typeof node.description === 'string') {
      let words = withoutEnumList(node, withoutKeyLine(name, node.description));
      if (isObject(node.properties)) {
        for (const inner of Object.values(node.properties))
          if (isObject(inner)) words = withoutEnumList(inner, words);
      }
      node.description = words;
    }
    if (isObject(node.properties)) {
      for (const [child, inner] of Object.entries(node.properties)) if (isObject(inner)) visit(inner, child);
    }
    if (isObject(node.items)) visit(node.items, name);
  };
  visit(schema, '');
  return schema;
}

/**
 * The JSON Schema of `kind`'s form_data (from the zod schema's input JSON Schema, as a declaration
 * schema: see `declarationSchema`), each description said once. What form-schemas.generated.ts
 * holds; called where it is generated, never on a call.
 */
export function buildFormJsonSchema(kind: FilingKind): JsonSchema {
  const zodSchema = formDataSchemaOf(kind).toJSONSchema({
    io: 'input',
    // A field checked as another schema (a partner's guaranteed payments) shows that schema.
    override: ({ zodSchema: field, jsonSchema }) => {
      const real = CHECKED_AS.get(field as unknown as z.ZodType);
      if (real === undefined) return;
      const { $schema: _schema, ...shape } = real.toJSONSchema({ io: 'input' }) as JsonSchema;
      for (const key of Object.keys(jsonSchema)) if (key !== 'description') delete jsonSchema[key];
      Object.assign(jsonSchema, shape);
    },
  }) as JsonSchema;
  // The form's own description is get_form_schema's `description`.
  const { description: _description, ...schema } = declarationSchema(zodSchema, {
    keysInWordsAbove: KEYS_IN_WORDS_ABOVE,
    keysInWords: (keys) => keysOfAnotherField(zodSchema, keys) ?? keys.join(', '),
  });
  return withDescriptionsOnce(withoutSiblingPointers(withSchemaWords(withPlainWords(schema))));
}

/**
 * `schema` without a line's pointer to its Type field beside it (Schedule K line 11's "(its type
 * in line11Type)"): the Type field's own description names its line. In place.
 */
function withoutSiblingPointers(schema: JsonSchema): JsonSchema {
  const siblings = isObject(schema.properties) ? schema.properties : {};
  for (const field of Object.values(siblings)) {
    if (!isObject(field)) continue;
    const pointer =
      typeof field.description === 'string' && / \(its type in (\w+)\)$/.exec(field.description);
    if (pointer && isObject(siblings[pointer[1]!]))
      field.description = (field.description as string).slice(0, pointer.index);
  }
  for (const inner of children(schema)) withoutSiblingPointers(inner);
  return schema;
}

/**
 * Fields a shorter description suits in the JSON Schema than the one complete_filing asks with,
 * by the dotted path of their group and their key (`null`: none, the group's says it): the Schedule
 * B questions, which complete_filing titles with the form's question (SCHEDULE_B_TEXTS) and the
 * schema names by their number (the key); the representative's and designated individual's fields, whose group names whose they are.
 */
const SCHEMA_WORDS: Readonly<Record<string, Readonly<Record<string, string | null>>>> = {
  scheduleB: SCHEDULE_B_SCHEMA_TEXTS,
  partnershipRepresentative: {
    firstName: 'First name, when the PR is an individual',
    lastName: 'Last name, when the PR is an individual',
    entityName: 'Name, when the PR is an entity (then designatedIndividual is required)',
    street: 'U.S. street address',
    city: 'City',
    state: 'State (two-letter code)',
    zip: 'U.S. ZIP code',
    phone: 'U.S. phone number',
    tin: 'U.S. TIN (SSN, ITIN or EIN): the regulations require one; not printed (the 2025 form has no box)',
    designatedIndividual:
      "The designated individual (DI), required when the PR is an entity: the PR's name, U.S. address and U.S. phone fields, for the DI, and its U.S. TIN.",
  },
  'partnershipRepresentative.designatedIndividual': {
    firstName: null,
    lastName: null,
    street: null,
    city: null,
    state: null,
    zip: null,
    phone: null,
    tin: 'U.S. TIN (SSN or ITIN): the regulations require one; not printed',
  },
};

/** `schema` with SCHEMA_WORDS' descriptions in place of the zod schema's, in place. */
function withSchemaWords(schema: JsonSchema): JsonSchema {
  for (const [path, words] of Object.entries(SCHEMA_WORDS)) {
    let group: unknown = schema;
    for (const name of path.split('.'))
      group = isObject(group) && isObject(group.properties) ? group.properties[name] : undefined;
    const inner = isObject(group) && isObject(group.properties) ? group.properties : {};
    for (const [key, description] of Object.entries(words)) {
      const field = inner[key];
      if (!isObject(field)) continue;
      if (description === null) delete field.description;
      else field.description = description;
    }
  }
  return schema;
}

/**
 * `keys` as those of the top-level field that has them all and at most a few more (`scheduleK's
 * keys but line11Type, line16a`), or `undefined` when no field does.
 */
function keysOfAnotherField(schema: JsonSchema, keys: readonly string[]): string | undefined {
  const properties = isObject(schema.properties) ? schema.properties : {};
  for (const [name, field] of Object.entries(properties)) {
    const inner = isObject(field) && isObject(field.properties) ? Object.keys(field.properties) : [];
    const others = inner.filter((key) => !keys.includes(key));
    if (keys.every((key) => inner.includes(key)) && others.length <= 10) {
      return others.length === 0 ? `${name}'s keys` : `${name}'s keys but ${others.join(', ')}`;
    }
  }
  return undefined;
}

/**
 * A map of more known keys than this is written as its keys in words: a partner's special
 * allocations (every Schedule K line) would otherwise be 46 properties of one type.
 */
const KEYS_IN_WORDS_ABOVE = 12;

/** A field's kind in a few words (`string, date`, `array of object`), for get_form_schema's `fields`. */
function typeWords(schema: JsonSchema): string {
  const type = typeof schema.type === 'string' ? schema.type : 'any';
  if (type === 'array' && isObject(schema.items)) return `array of ${typeWords(schema.items)}`;
  if (Array.isArray(schema.enum)) return `${type}, enum`;
  return typeof schema.format === 'string' ? `${type}, ${schema.format}` : type;
}

/**
 * get_form_schema's `fields` (the spec's descriptor: each top-level field by name): the field's
 * type in words; its description and everything under it are in `schema`, said there once.
 */
export function topLevelFields(schema: JsonSchema): Record<string, string> {
  const properties = isObject(schema.properties) ? schema.properties : {};
  return Object.fromEntries(
    Object.entries(properties).map(([name, inner]) => [name, typeWords(inner as JsonSchema)]),
  );
}

/**
 * get_form_schema's answer for `kind` (a type alias, so it is a plain JSON record): the spec's
 * descriptor (`description`, `fields`: each top-level field by name) and `schema`, the one JSON
 * Schema of the whole form_data, where every description is.
 */
export type FormSchemaAnswer = {
  kind: FilingKind;
  description: string;
  fields: Record<string, string>;
  schema: Record<string, unknown>;
  transaction_kinds?: TransactionKindEntry[];
};

/**
 * {@link FormSchemaAnswer} of `kind`, from the zod form schema: what form-schemas.generated.ts
 * holds (so that get_form_schema loads no form at all); called where it is generated, never on a
 * call.
 */
export function buildFormSchemaAnswer(kind: FilingKind): FormSchemaAnswer {
  const schema = buildFormJsonSchema(kind);
  return {
    kind,
    description: KIND_FORMS[kind].description,
    fields: topLevelFields(schema),
    schema,
    ...KIND_FORMS[kind].schemaExtras?.(),
  };
}
