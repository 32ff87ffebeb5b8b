import type * as z from 'zod';
import { type FilingKind, isFilingKind } from '../kinds/filing-kinds.js';
import { kindForm } from './kind-forms.js';

export type { FilingKind } from '../kinds/filing-kinds.js';

/** What `get_form_schema` answers: the spec's schema descriptor plus the resolved kind. */
export interface FormSchemaDescriptor {
  kind: FilingKind;
  description: string;
  fields: Record<string, string>;
}

export { filingKindAliases, resolveFilingKind } from './kind-aliases.js';

/** The object a field holds, through optional and array wrappers, with the path suffix (`[]`). */
function innerObject(field: z.ZodType): { shape: Record<string, z.ZodType>; suffix: string } | undefined {
  let current: any = field;
  let suffix = '';
  for (;;) {
    const type = current?._zod?.def?.type;
    if (type === 'optional' || type === 'nullable') current = current._zod.def.innerType;
    else if (type === 'array') {
      current = current._zod.def.element;
      suffix += '[]';
    } else if (type === 'object') return { shape: current.shape, suffix };
    else return undefined;
  }
}

/** The values of an enum field (through optional), for the text agents read. */
function enumValues(field: z.ZodType): string[] | undefined {
  let current: any = field;
  while (current?._zod?.def?.type === 'optional') current = current._zod.def.innerType;
  return current?._zod?.def?.type === 'enum'
    ? Object.values(current._zod.def.entries as Record<string, string>)
    : undefined;
}

/** The keys of a map of known keys (`z.partialRecord(z.enum([...]), ...)`), through optional. */
function recordKeys(field: z.ZodType): string[] {
  let current: any = field;
  while (current?._zod?.def?.type === 'optional') current = current._zod.def.innerType;
  const keys = current?._zod?.def?.type === 'record' ? current._zod.def.keyType?._zod?.def : undefined;
  return keys?.type === 'enum' ? Object.values(keys.entries as Record<string, string>) : [];
}

function describeShape(
  shape: Record<string, z.ZodType>,
  prefix: string,
  fields: Record<string, string>,
): void {
  for (const [name, field] of Object.entries(shape)) {
    const path = `${prefix}${name}`;
    const values = enumValues(field);
    fields[path] = `${field.description ?? name}${values ? ` One of: ${values.join(', ')}.` : ''}`;
    const inner = innerObject(field);
    if (inner) describeShape(inner.shape, `${path}${inner.suffix}.`, fields);
    // A map of known keys (item J shares, item L capital account): each key by path.
    for (const key of recordKeys(field)) fields[`${path}.${key}`] = `${field.description ?? name}: ${key}.`;
  }
}

/**
 * The descriptor: `description` and each field's `.describe()` text (the field's name when it has
 * none), nested fields included by path (`relatedParties[].transactions[].kind`, `partVII.line37`).
 */
function describe(kind: FilingKind, schema: z.ZodObject<any>, description: string): FormSchemaDescriptor {
  const fields: Record<string, string> = {};
  describeShape(schema.shape as Record<string, z.ZodType>, '', fields);
  return Object.freeze({ kind, description, fields: Object.freeze(fields) }) as FormSchemaDescriptor;
}

const descriptors: Partial<Record<FilingKind, FormSchemaDescriptor>> = {};

/**
 * The schema descriptor of one kind of filing, derived once (on the first call for that kind)
 * from the zod form schemas (their fields' `.describe()` texts), so the descriptions agents read can
 * never drift from what is validated. The same frozen object on every call.
 */
export function formSchemaDescriptor(kind: FilingKind): FormSchemaDescriptor {
  // A kind outside the type (from JavaScript) answers undefined, as it always has.
  if (!isFilingKind(kind)) return undefined as never;
  const form = kindForm(kind);
  descriptors[kind] ??= describe(kind, form.schema(), form.description);
  return descriptors[kind];
}
