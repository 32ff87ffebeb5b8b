// The JSON Schema subset every client can turn into a function declaration for any model
// provider: each schema uses only DECLARATION_KEYWORDS, with `type` one type (never a list).
// No `anyOf`, `patternProperties`, `propertyNames`, `pattern` or `additionalProperties`: clients
// that convert tool schemas for other providers drop those, and with them the fields they name.
// What a schema says in words instead (a pattern as NN-NNNNNNN) is in its `description`; the
// server still validates every call with the full zod schema, so nothing it refuses changes.

type JsonSchema = Record<string, unknown>;

/** The keywords a declaration schema may use, and the only ones. */
export const DECLARATION_KEYWORDS: ReadonlySet<string> = new Set([
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

function isObject(value: unknown): value is JsonSchema {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * The branch of a union a declaration shows: a list (it also takes the one value as a list of
 * one), else the one with a fixed set of values (a free-text branch, as `relationship` and
 * `accountingMethod` have, only keeps the words of filings stored before 1.1.0), else the first
 * one (zod's order: the money integer before its string of digits).
 * `null` is never shown: leaving a field out says the same.
 */
function shownBranch(branches: readonly unknown[]): JsonSchema {
  const candidates = branches.filter(
    (branch): branch is JsonSchema => isObject(branch) && branch.type !== 'null',
  );
  return (
    candidates.find((branch) => branch.type === 'array') ??
    candidates.find((branch) => Array.isArray(branch.enum)) ??
    candidates[0] ??
    {}
  );
}

/** Whether an integer bound is zod's ±(2^53 − 1), which says nothing. */
function isSafeIntegerBound(value: unknown): boolean {
  return typeof value === 'number' && Math.abs(value) === Number.MAX_SAFE_INTEGER;
}

/** How {@link declarationSchema} writes a map of known keys. */
export interface DeclarationOptions {
  /**
   * A map of more known keys than this (a partner's special allocations, by Schedule K line) is a
   * plain object whose description names the keys ({@link keysInWords}), rather than one
   * property per key.
   */
  keysInWordsAbove?: number;
  /** How such a map's description names its keys; default: each key, listed. */
  keysInWords?: (keys: readonly string[]) => string;
}

/**
 * `schema` (zod's JSON Schema of a tool input or a form) as a declaration schema: a union shows
 * one branch ({@link shownBranch}), a type list its first type that is not `null`, a map of known
 * keys (`z.record(z.enum([...]), V)`) one property per key, a map of any keys a plain object, and
 * every other keyword outside {@link DECLARATION_KEYWORDS} is left out (so are zod's safe-integer
 * bounds). Everything a declaration schema accepts, the zod schema accepts.
 */
export function declarationSchema(schema: unknown, options: DeclarationOptions = {}): JsonSchema {
  if (!isObject(schema)) return {};
  let node: JsonSchema = schema;
  for (const union of ['anyOf', 'oneOf'] as const) {
    if (Array.isArray(node[union])) {
      const { [union]: branches, ...outer } = node;
      node = { ...shownBranch(branches as unknown[]), ...outer };
    }
  }
  if (Array.isArray(node.allOf) && node.allOf.every(isObject)) {
    const { allOf, ...outer } = node;
    node = Object.assign({}, ...(allOf as JsonSchema[]), outer);
  }
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(node)) {
    if (!DECLARATION_KEYWORDS.has(key)) continue;
    if ((key === 'minimum' || key === 'maximum') && isSafeIntegerBound(value)) continue;
    if (key === 'type' && Array.isArray(value)) {
      const type = value.find((entry) => entry !== 'null');
      if (type !== undefined) out.type = type;
    } else if (key === 'properties' && isObject(value)) {
      out.properties = Object.fromEntries(
        Object.entries(value).map(([name, inner]) => [name, declarationSchema(inner, options)]),
      );
    } else if (key === 'items') {
      out.items = declarationSchema(value, options);
    } else {
      out[key] = value;
    }
  }
  // A map of known keys (item J's shares, a schedule's lines): each key a property.
  const keys = isObject(node.propertyNames) ? node.propertyNames.enum : undefined;
  if (Array.isArray(keys) && isObject(node.additionalProperties)) {
    const value = declarationSchema(node.additionalProperties, options);
    if (options.keysInWordsAbove !== undefined && keys.length > options.keysInWordsAbove) {
      const type = typeof value.type === 'string' ? `, each ${value.type}` : '';
      const names = keys.map(String);
      const words = `Keys: ${options.keysInWords?.(names) ?? names.join(', ')}${type}.`;
      out.type = 'object';
      out.description = typeof out.description === 'string' ? `${out.description} ${words}` : words;
      return out;
    }
    out.properties = {
      ...Object.fromEntries(keys.map((name) => [String(name), value])),
      ...(out.properties as JsonSchema | undefined),
    };
  }
  if (out.type === undefined && isObject(out.properties)) out.type = 'object';
  return out;
}
