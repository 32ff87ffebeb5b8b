import type * as z from 'zod';
import type { PathSegment } from '../forms/elicitation-paths.js';
import { askedChoices } from '../forms/asked-choices.js';

// What a form_data schema says about one field, read from the zod schema itself (its types,
// checks and descriptions), so that whatever the form schemas describe flows into the form.

/** One choice of a fixed set, with the text a person sees. */
export interface Choice {
  value: string;
  title: string;
}

/** How a field is asked in a flat elicitation form (MCP elicitation allows no nesting). */
export interface PrimitiveField {
  /** `array` is a multi-select of `choices`. */
  type: 'string' | 'number' | 'integer' | 'boolean' | 'array';
  choices?: Choice[];
  format?: 'date';
  minimum?: number;
}

export type AnyZod = z.ZodType & {
  def?: Record<string, any>;
  description?: string;
  format?: string | null;
  minValue?: number | null;
  meta?: () => Record<string, unknown> | undefined;
};

const WRAPPERS = ['optional', 'nullable', 'default', 'prefault', 'readonly', 'nonoptional', 'catch'];

/** The schema inside optional, nullable, default, readonly and pipe wrappers. */
export function unwrap(schema: AnyZod): AnyZod {
  let current = schema;
  for (let depth = 0; depth < 10; depth++) {
    const def = current.def ?? {};
    if (WRAPPERS.includes(def.type)) current = def.innerType as AnyZod;
    else if (def.type === 'pipe') current = def.in as AnyZod;
    else return current;
  }
  return current;
}

/** The description of a schema: the outermost wrapper's, else the inner schema's. */
export function descriptionOf(schema: AnyZod): string | undefined {
  for (let current: AnyZod | undefined = schema, depth = 0; current && depth < 10; depth++) {
    if (current.description) return current.description;
    const def = current.def ?? {};
    current = (def.innerType ?? def.in) as AnyZod | undefined;
  }
  return undefined;
}

/** Whether a schema accepts `undefined` (an optional field). */
export function isOptional(schema: AnyZod): boolean {
  return schema.safeParse(undefined).success;
}

/** A value's title when the schema gives none: `related_to_reporting_corporation` reads "Related to reporting corporation". */
function humanize(value: string): string {
  const words = value.replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function metaTitle(schema: AnyZod): string | undefined {
  const meta = typeof schema.meta === 'function' ? schema.meta() : undefined;
  const title = meta?.title ?? meta?.description ?? schema.description;
  return typeof title === 'string' ? title : undefined;
}

function choicesOf(schema: AnyZod): Choice[] | undefined {
  const inner = unwrap(schema);
  const registered = askedChoices.get(schema) ?? askedChoices.get(inner);
  if (registered) return registered.choices.map((choice) => ({ ...choice }));
  const def = inner.def ?? {};
  if (def.type === 'enum') {
    const values = Object.values(def.entries ?? {}).filter(
      (value): value is string => typeof value === 'string',
    );
    return values.length > 0 ? values.map((value) => ({ value, title: humanize(value) })) : undefined;
  }
  if (def.type === 'literal') {
    const values = (def.values ?? []).filter((value: unknown): value is string => typeof value === 'string');
    const title = metaTitle(inner);
    return values.length > 0
      ? values.map((value: string) => ({
          value,
          title: values.length === 1 && title ? title : humanize(value),
        }))
      : undefined;
  }
  if (def.type === 'union') {
    // A union of literals (each with its own title) is one fixed set.
    const all = ((def.options ?? []) as AnyZod[]).map((option) => choicesOf(option));
    if (all.length > 0 && all.every((choices) => choices !== undefined)) return all.flat() as Choice[];
  }
  return undefined;
}

/** A string schema that checks its text (a pattern, a format): a number beside it is the real type. */
function isCheckedString(schema: AnyZod): boolean {
  const inner = unwrap(schema);
  return inner.def?.type === 'string' && ((inner.def.checks?.length ?? 0) > 0 || Boolean(inner.format));
}

/** The flat field a schema can be asked as, or undefined (an object, a list of objects). */
export function primitiveOf(schema: AnyZod): PrimitiveField | undefined {
  const inner = unwrap(schema);
  const def = inner.def ?? {};
  const choices = choicesOf(inner);
  if (choices) return { type: 'string', choices };
  switch (def.type) {
    case 'string': {
      const description = descriptionOf(schema) ?? '';
      return inner.format === 'date' || description.includes('YYYY-MM-DD')
        ? { type: 'string', format: 'date' }
        : { type: 'string' };
    }
    case 'number': {
      const integer = inner.format === 'safeint' || inner.format === 'int32' || inner.format === 'int64';
      const field: PrimitiveField = { type: integer ? 'integer' : 'number' };
      // `.int()` alone bounds a number by the safe integers: that is no minimum to ask with.
      if (typeof inner.minValue === 'number' && inner.minValue > Number.MIN_SAFE_INTEGER)
        field.minimum = inner.minValue;
      return field;
    }
    case 'boolean':
      return { type: 'boolean' };
    case 'array': {
      const items = choicesOf(def.element as AnyZod);
      return items ? { type: 'array', choices: items } : undefined;
    }
    case 'union': {
      // A fixed set beside free text (words stored before 1.1.0) is asked as the set (several boxes
      // when the union takes a list of them); an amount that
      // takes a number or a string of digits is asked as the number (never "61,000" as text);
      // otherwise text when the union takes it (a list of countries is asked as one country).
      const options = (def.options ?? []) as AnyZod[];
      const fields = options.map((option) => primitiveOf(option));
      const pick = (test: (field: PrimitiveField) => boolean) => fields.find((field) => field && test(field));
      const strings = options.filter((option) => unwrap(option).def?.type === 'string');
      const numeric = pick((field) => field.type === 'integer' || field.type === 'number');
      return (
        pick((field) => field.type === 'array') ??
        pick((field) => field.choices !== undefined && field.type === 'string') ??
        (numeric && strings.every(isCheckedString) ? numeric : undefined) ??
        pick((field) => field.type === 'string') ??
        fields.find(Boolean)
      );
    }
    default:
      return undefined;
  }
}

/** The choices an enum refusal names (`expected one of "a"|"b"`), for a key typed only by a refinement. */
function choicesFromMessage(message: string): Choice[] | undefined {
  const list = /expected one of (.+)$/.exec(message)?.[1];
  const values = list ? [...list.matchAll(/"([^"]*)"/g)].map((match) => match[1]!) : [];
  return values.length > 0 ? values.map((value) => ({ value, title: humanize(value) })) : undefined;
}

/**
 * The type of one key of a record whose values are a loose union checked per key by a
 * refinement (Schedule B, Schedule K): found by offering the record a value of each type.
 */
function probeRecordKey(record: AnyZod, key: string): PrimitiveField | undefined {
  const takes = (value: unknown) => record.safeParse({ [key]: value });
  const text = takes('x');
  if (takes(true).success && !text.success && !takes(0).success) return { type: 'boolean' };
  if (text.success) return { type: 'string' };
  if (takes(0).success) return { type: takes(0.5).success ? 'number' : 'integer' };
  const choices = text.error.issues.map((issue) => choicesFromMessage(issue.message)).find(Boolean);
  return choices ? { type: 'string', choices } : undefined;
}

/** The keys a record takes, when its key schema is a fixed set. */
export function recordKeys(record: AnyZod): string[] | undefined {
  const keyType = unwrap(record).def?.keyType as AnyZod | undefined;
  return keyType ? choicesOf(keyType)?.map((choice) => choice.value) : undefined;
}

/** A field at a path of a form_data schema: its schema, description and how to ask it. */
export interface FieldSchema {
  schema: AnyZod;
  /** The field's description, or the nearest enclosing one (an object of lines). */
  description: string | undefined;
  /** Whether `description` is the field's own. */
  ownDescription: boolean;
  primitive: PrimitiveField | undefined;
}

/** The field at a path of a form_data object schema (objects, records and lists, any depth). */
export function schemaAt(formSchema: z.ZodType, path: readonly PathSegment[]): FieldSchema | undefined {
  let current: AnyZod = formSchema as AnyZod;
  let parent: AnyZod | undefined;
  let description: string | undefined;
  let ownDescription = false;
  for (const segment of path) {
    const inner = unwrap(current);
    const def: Record<string, any> = inner.def ?? {};
    let next: AnyZod | undefined;
    if (typeof segment === 'number') {
      next = def.type === 'array' ? (def.element as AnyZod) : undefined;
    } else if (def.type === 'object') {
      const shape = def.shape as Record<string, AnyZod> | undefined;
      next = shape !== undefined && Object.hasOwn(shape, segment) ? shape[segment] : undefined;
    } else if (def.type === 'record') {
      const keys = recordKeys(inner);
      next = keys === undefined || keys.includes(segment) ? (def.valueType as AnyZod) : undefined;
    }
    if (next === undefined) return undefined;
    parent = inner;
    current = next;
    const own = descriptionOf(current);
    ownDescription = own !== undefined;
    description = own ?? description;
  }
  let primitive = primitiveOf(current);
  const last = path[path.length - 1];
  const looseUnion = unwrap(current).def?.type === 'union' && !primitive?.choices;
  if (
    parent?.def?.type === 'record' &&
    typeof last === 'string' &&
    looseUnion &&
    (parent.def.checks?.length ?? 0) > 0
  ) {
    primitive = probeRecordKey(parent, last) ?? primitive;
  }
  return { schema: current, description, ownDescription, primitive };
}

/**
 * The keys to ask for an object of lines that is missing as a whole (`income`): each key of the
 * object (or each key a record takes) that is a flat field.
 */
export function objectKeys(formSchema: z.ZodType, path: readonly PathSegment[]): string[] {
  const found = schemaAt(formSchema, path);
  const inner = found && unwrap(found.schema);
  const def: Record<string, any> = inner?.def ?? {};
  const keys =
    def.type === 'object'
      ? Object.keys(def.shape ?? {})
      : def.type === 'record'
        ? (recordKeys(inner!) ?? [])
        : [];
  return keys.filter((key) => schemaAt(formSchema, [...path, key])?.primitive !== undefined);
}

/**
 * The keys to ask for a new list item (`relatedParties` with no item, or a related party with no
 * transaction): the item's required flat keys, `id` excepted (the server makes it); all its flat
 * keys when none is required. Empty when the path is not a list of objects.
 */
export function newItemKeys(formSchema: z.ZodType, path: readonly PathSegment[]): string[] {
  const element = schemaAt(formSchema, [...path, 0]);
  const def = element && unwrap(element.schema).def;
  if (def?.type !== 'object') return [];
  const entries = Object.entries(def.shape as Record<string, AnyZod>).filter(
    ([key]) => key !== 'id' && schemaAt(formSchema, [...path, 0, key])?.primitive !== undefined,
  );
  const required = entries.filter(([, schema]) => !isOptional(schema));
  return (required.length > 0 ? required : entries).map(([key]) => key);
}

/** Whether the items of the list at a path have an `id` key (the server then makes one for a new item). */
export function itemHasId(formSchema: z.ZodType, listPath: readonly PathSegment[]): boolean {
  return schemaAt(formSchema, [...listPath, 0, 'id']) !== undefined;
}

/** A stored value as the field's default, when it is one the field can show. */
export function defaultOf(primitive: PrimitiveField, value: unknown): unknown {
  switch (primitive.type) {
    case 'boolean':
      return typeof value === 'boolean' ? value : undefined;
    case 'integer':
    case 'number': {
      const number =
        typeof value === 'number'
          ? value
          : typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value.trim())
            ? Number(value)
            : NaN;
      if (!Number.isFinite(number) || (primitive.type === 'integer' && !Number.isSafeInteger(number)))
        return undefined;
      return primitive.minimum !== undefined && number < primitive.minimum ? undefined : number;
    }
    case 'array': {
      const values = Array.isArray(value) ? value : typeof value === 'string' ? [value] : [];
      const known = new Set(primitive.choices?.map((choice) => choice.value));
      const kept = values.filter((item): item is string => typeof item === 'string' && known.has(item));
      return kept.length > 0 ? kept : undefined;
    }
    default:
      if (typeof value !== 'string' || value.trim() === '') return undefined;
      if (primitive.choices && !primitive.choices.some((choice) => choice.value === value)) return undefined;
      return value;
  }
}
