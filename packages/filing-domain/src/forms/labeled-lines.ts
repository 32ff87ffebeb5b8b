import * as z from 'zod';

/** The message for keys a line object does not take. */
export function unknownKeys(keys: readonly string[]) {
  return (issue: { code?: string; keys?: string[] }) =>
    issue.code === 'unrecognized_keys'
      ? `unknown field ${(issue.keys ?? []).map((key) => `"${key}"`).join(', ')}: the fields are ${keys.join(', ')}`
      : undefined;
}

/**
 * An object of form lines: each key optional, typed by `typeOf(key)` and described by its label as
 * the form prints it (`labels[key]`), so get_form_schema and the elicitation titles name each line;
 * an unknown key is an error that lists the keys. tools/list shows these objects compactly (their
 * descriptions are dropped there, and keys of one type are written once: advertised-schemas.ts).
 */
export function labeledLines<K extends string>(
  labels: Readonly<Record<K, string>>,
  typeOf: (key: K) => z.ZodType,
  keys: readonly K[] = Object.keys(labels) as K[],
) {
  const shape = Object.fromEntries(
    keys.map((key) => [key, typeOf(key).optional().describe(labels[key])]),
  ) as Record<K, z.ZodOptional<z.ZodType>>;
  return z.strictObject(shape, { error: unknownKeys(keys) });
}
