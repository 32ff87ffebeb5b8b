import type * as z from 'zod';

/** One segment of a form_data path: a key, or an index into a list. */
export type PathSegment = string | number;

/** The primitive type of a flat elicitation field (MCP elicitation allows no nesting). */
export interface PrimitiveField {
  type: 'string' | 'number' | 'integer' | 'boolean';
  enum?: string[];
  format?: 'date';
}

/** Parses a check_filing field path such as `relatedParties[0].name` into its segments. */
export function parseFieldPath(path: string): PathSegment[] | undefined {
  const segments: PathSegment[] = [];
  const pattern = /([A-Za-z_$][\w$]*)|\[(\d{1,4})\]|\./gy;
  let expectKey = true;
  let last = 0;
  for (let match = pattern.exec(path); match !== null; match = pattern.exec(path)) {
    last = pattern.lastIndex;
    if (match[1] !== undefined) {
      if (!expectKey) return undefined;
      segments.push(match[1]);
      expectKey = false;
    } else if (match[2] !== undefined) {
      if (expectKey) return undefined;
      segments.push(Number(match[2]));
    } else {
      if (expectKey) return undefined;
      expectKey = true;
    }
  }
  return last === path.length && !expectKey && typeof segments[0] === 'string' ? segments : undefined;
}

/** A path in check_filing's spelling: `relatedParties[0].name`. */
export function formatFieldPath(path: readonly PathSegment[]): string {
  let text = '';
  for (const segment of path) {
    text += typeof segment === 'number' ? `[${segment}]` : text === '' ? segment : `.${segment}`;
  }
  return text;
}

/**
 * The flat elicitation field name of a path: segments joined with `__`
 * (`relatedParties__0__name`). form_data keys are camelCase, so the name maps back without ambiguity.
 */
export function flatFieldName(path: readonly PathSegment[]): string {
  return path.map(String).join('__');
}

/** The path a flat field name stands for, or undefined for a name no path maps to. */
export function pathOfFlatName(name: string): PathSegment[] | undefined {
  if (name.length > 200) return undefined;
  const parts = name.split('__');
  const path: PathSegment[] = [];
  for (const [index, part] of parts.entries()) {
    if (/^\d{1,4}$/.test(part) && index > 0) path.push(Number(part));
    else if (/^[A-Za-z_$][\w$]*$/.test(part) && !part.includes('__')) path.push(part);
    else return undefined;
  }
  return typeof path[0] === 'string' ? path : undefined;
}

type AnyZod = z.ZodType & { def?: Record<string, any>; description?: string; format?: string | null };

/** The schema inside optional, nullable, default, readonly and pipe wrappers. */
function unwrap(schema: AnyZod): AnyZod {
  let current = schema;
  for (let depth = 0; depth < 10; depth++) {
    const def = current.def ?? {};
    if (
      ['optional', 'nullable', 'default', 'prefault', 'readonly', 'nonoptional', 'catch'].includes(def.type)
    ) {
      current = def.innerType as AnyZod;
    } else if (def.type === 'pipe') {
      current = def.in as AnyZod;
    } else {
      return current;
    }
  }
  return current;
}

/** The description of a schema: the outermost wrapper's, else the inner schema's. */
function descriptionOf(schema: AnyZod): string | undefined {
  for (let current: AnyZod | undefined = schema, depth = 0; current && depth < 10; depth++) {
    if (current.description) return current.description;
    const def = current.def ?? {};
    current = (def.innerType ?? def.in) as AnyZod | undefined;
  }
  return undefined;
}

/** Whether a schema accepts `undefined` (an optional field). */
function isOptional(schema: AnyZod): boolean {
  return schema.safeParse(undefined).success;
}

/** The flat primitive a schema can be asked as, or undefined (an object, a list of objects). */
export function primitiveOf(schema: AnyZod): PrimitiveField | undefined {
  const inner = unwrap(schema);
  const def = inner.def ?? {};
  const description = descriptionOf(schema) ?? '';
  switch (def.type) {
    case 'string':
      return inner.format === 'date' || description.includes('YYYY-MM-DD')
        ? { type: 'string', format: 'date' }
        : { type: 'string' };
    case 'number':
      return { type: inner.format === 'safeint' || inner.format === 'int32' ? 'integer' : 'number' };
    case 'boolean':
      return { type: 'boolean' };
    case 'enum': {
      const values = Object.values(def.entries ?? {}).filter((value) => typeof value === 'string');
      return values.length > 0 ? { type: 'string', enum: values as string[] } : undefined;
    }
    case 'literal': {
      const values = (def.values ?? []).filter((value: unknown) => typeof value === 'string');
      return values.length > 0 ? { type: 'string', enum: values } : undefined;
    }
    case 'union': {
      // Asked as the first primitive the union takes, a string when it takes one: a list of
      // countries is then asked as one country, an amount as text or a number as the schema says.
      const options = ((def.options ?? []) as AnyZod[]).map((option) => primitiveOf(option));
      return options.find((option) => option?.type === 'string') ?? options.find(Boolean);
    }
    default:
      return undefined;
  }
}

/** A field schema at a path of a form_data object schema, with its description. */
export function schemaAt(
  formSchema: z.ZodObject<any>,
  path: readonly PathSegment[],
): { schema: AnyZod; description: string | undefined } | undefined {
  let current: AnyZod | undefined = formSchema as AnyZod;
  let description: string | undefined;
  for (const segment of path) {
    const inner: AnyZod | undefined = current && unwrap(current);
    const def: Record<string, any> = inner?.def ?? {};
    if (typeof segment === 'number') {
      if (def.type !== 'array') return undefined;
      current = def.element as AnyZod;
    } else {
      if (def.type !== 'object') return undefined;
      current = (def.shape as Record<string, AnyZod> | undefined)?.[segment];
    }
    if (current === undefined) return undefined;
    description = descriptionOf(current) ?? description;
  }
  return current === undefined ? undefined : { schema: current, description };
}

/**
 * The fields to ask for a missing list (`relatedParties` with no item): its first item's
 * required primitive keys, `id` excepted (the server makes it); all its primitive keys when none
 * is required.
 */
export function firstItemFields(formSchema: z.ZodObject<any>, list: string): PathSegment[][] {
  const element = schemaAt(formSchema, [list, 0]);
  const def = element && unwrap(element.schema).def;
  if (def?.type !== 'object') return [];
  const entries = Object.entries(def.shape as Record<string, AnyZod>).filter(
    ([key, schema]) => key !== 'id' && primitiveOf(schema) !== undefined,
  );
  const required = entries.filter(([, schema]) => !isOptional(schema));
  return (required.length > 0 ? required : entries).map(([key]) => [list, 0, key]);
}

/** Whether a list item schema has an `id` key (the server then makes one for a new item). */
export function itemHasId(formSchema: z.ZodObject<any>, list: string): boolean {
  return schemaAt(formSchema, [list, 0, 'id']) !== undefined;
}
