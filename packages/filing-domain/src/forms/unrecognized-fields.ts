import type * as z from 'zod';

interface Unwrapped {
  type: string;
  def: any;
  shape?: Record<string, z.ZodType>;
  /** The shape's keys, for suggestions. */
  known?: string[];
}

// Each schema unwrapped once: a create walks the same form schema on every call.
const unwrappedOf = new WeakMap<z.ZodType, Unwrapped>();

/** The object schema a field holds through optional and nullable wrappers, if it is one. */
function unwrapped(field: z.ZodType): Unwrapped {
  let found = unwrappedOf.get(field);
  if (found === undefined) {
    found = unwrap(field);
    unwrappedOf.set(field, found);
  }
  return found;
}

function unwrap(field: z.ZodType): Unwrapped {
  let current: any = field;
  for (;;) {
    const type = current?._zod?.def?.type;
    if (type === 'optional' || type === 'nullable' || type === 'default') {
      current = current._zod.def.innerType;
      continue;
    }
    const shape = type === 'object' ? (current.shape as Record<string, z.ZodType>) : undefined;
    return { type, def: current?._zod?.def, shape, known: shape && Object.keys(shape) };
  }
}

/** Edit distance counting a swap of two neighbours as one edit (optimal string alignment). */
function editDistance(a: string, b: string): number {
  const rows: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i]);
  for (let j = 1; j <= b.length; j++) rows[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        best = Math.min(best, rows[i - 2]![j - 2]! + 1);
      }
      rows[i]![j] = best;
    }
  }
  return rows[a.length]![b.length]!;
}

/**
 * The known name an unknown key most likely meant: the same name in another case first, else the
 * nearest by edit distance when it is within a quarter of the name's length (at least 1, at most 3).
 */
export function closestFieldName(key: string, known: readonly string[]): string | undefined {
  const lower = key.toLowerCase();
  const sameCase = known.find((name) => name.toLowerCase() === lower);
  if (sameCase !== undefined) return sameCase;
  let best: string | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const name of known) {
    const distance = editDistance(lower, name.toLowerCase());
    const allowed = Math.min(3, Math.max(1, Math.floor(Math.max(key.length, name.length) / 4)));
    if (distance <= allowed && distance < bestDistance) {
      best = name;
      bestDistance = distance;
    }
  }
  return best;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function walk(schema: z.ZodType, value: unknown, path: string, found: string[]): void {
  const { shape, known } = unwrapped(schema);
  if (shape === undefined || !isPlainObject(value)) return;
  for (const key of Object.keys(value)) {
    const item = value[key];
    // An own-property check: a key such as `constructor` is no field of the form.
    const field = Object.hasOwn(shape, key) ? shape[key] : undefined;
    if (field === undefined) {
      const suggestion = closestFieldName(key, known!);
      found.push(
        suggestion === undefined
          ? `${path}${key}: not a field of this form; kept as sent`
          : `${path}${key}: did you mean ${suggestion}?`,
      );
      continue;
    }
    const inner = unwrapped(field);
    if (inner.type === 'object') walk(field, item, `${path}${key}.`, found);
    else if (inner.type === 'array' && Array.isArray(item)) {
      for (const [index, element] of item.entries()) {
        walk(inner.def.element, element, `${path}${key}[${index}].`, found);
      }
    }
  }
}

/**
 * The keys of `formData` its form schema does not know, at the top level and inside the objects it
 * keeps as sent (related parties, their transactions, partners), each as
 * `path: did you mean knownName?` (`relatedParties[0].nmae: did you mean name?`), or
 * `path: not a field of this form; kept as sent` when no known name is close. Unknown keys are
 * stored (the spec's payload covers more than the schema lists) but never silently: the create
 * and update tools and check_filing list them under `unrecognized_fields`, sorted.
 */
export function unrecognizedFields(schema: z.ZodType, formData: unknown): string[] {
  const found: string[] = [];
  walk(schema, formData, '', found);
  // Sorted: the stored jsonb orders keys its own way, and a result should not depend on it.
  return found.sort();
}
