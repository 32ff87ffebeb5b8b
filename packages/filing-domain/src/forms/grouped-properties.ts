// tools/list writes each nested form object's keys of one schema once: `{"line1a": S, "line1b": S}`
// becomes `{"patternProperties": {"^line1(?:a|b)$": S}}`, which accepts exactly the same values
// (a name matched by a pattern is checked by its schema, as under `properties`); a closed object's
// largest group becomes its `additionalProperties` (the call still refuses unknown keys, naming
// the known ones, and get_form_schema lists them all). The form objects
// of a partnership (page 1, Schedules B, K, L, M-1, M-2) are objects of labeled keys so get_form_schema
// can name each line; this keeps tools/list within its budget all the same.

type JsonSchema = Record<string, unknown>;

function isObject(value: unknown): value is JsonSchema {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** A pattern matching exactly `names` (which share the prefix it factors out, if any). */
export function exactNamesPattern(names: readonly string[]): string {
  let prefix = names[0] ?? '';
  for (const name of names) while (!name.startsWith(prefix)) prefix = prefix.slice(0, -1);
  const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  return `^${literal(prefix)}(?:${names.map((name) => literal(name.slice(prefix.length))).join('|')})$`;
}

/** One object node with its properties of equal schemas grouped under exact-name patterns. */
function grouped(node: JsonSchema): JsonSchema {
  const properties = node.properties;
  if (!isObject(properties)) return node;
  // An open object (a partner, a related party) takes other keys too: only its groups of three or
  // more keys become patterns, and its `additionalProperties` stays as it is.
  const closed = node.additionalProperties === false;
  const groups = new Map<string, string[]>();
  for (const [name, schema] of Object.entries(properties)) {
    const key = JSON.stringify(schema);
    groups.set(key, [...(groups.get(key) ?? []), name]);
  }
  const kept: JsonSchema = {};
  const patterns: JsonSchema = isObject(node.patternProperties) ? { ...node.patternProperties } : {};
  // The largest group of keys (the amounts of a schedule) is written as `additionalProperties`:
  // every other key is named by a pattern, so a key that is not is one of those.
  const largest = [...groups].sort((a, b) => b[1].length - a[1].length)[0];
  const rest = closed && largest && largest[1].length >= 2 ? largest[0] : undefined;
  if (rest !== undefined) groups.delete(rest);
  for (const [key, names] of groups) {
    const pattern = exactNamesPattern(names);
    const separate = names.reduce((size, name) => size + name.length + 4 + key.length, 0);
    if (
      names.length >= (closed ? 2 : 3) &&
      pattern.length + 4 + key.length < separate &&
      !(pattern in patterns)
    ) {
      patterns[pattern] = JSON.parse(key);
    } else {
      for (const name of names) kept[name] = properties[name];
    }
  }
  const { properties: _properties, patternProperties: _patterns, additionalProperties, ...others } = node;
  return {
    ...others,
    ...(Object.keys(kept).length > 0 && { properties: kept }),
    ...(Object.keys(patterns).length > 0 && { patternProperties: patterns }),
    // Once its keys are patterns, the `false` is left out: the call still refuses other keys.
    additionalProperties:
      rest !== undefined
        ? JSON.parse(rest)
        : closed && Object.keys(patterns).length > 0
          ? undefined
          : additionalProperties,
  };
}

/**
 * `schema` (a form_data JSON Schema) with every nested closed object's properties grouped as
 * {@link grouped} does; the top level keeps its properties, which tools/list names one by one.
 */
export function groupedProperties(schema: JsonSchema, depth = 0): JsonSchema {
  const visit = (value: unknown, level: number): unknown => {
    if (Array.isArray(value)) return value.map((item) => visit(item, level));
    if (!isObject(value)) return value;
    const out: JsonSchema = {};
    for (const [key, inner] of Object.entries(value)) {
      out[key] =
        (key === 'properties' || key === 'patternProperties') && isObject(inner)
          ? Object.fromEntries(Object.entries(inner).map(([name, sub]) => [name, visit(sub, level + 1)]))
          : visit(inner, level);
    }
    return level > 0 ? grouped(out) : out;
  };
  return visit(schema, depth) as JsonSchema;
}
