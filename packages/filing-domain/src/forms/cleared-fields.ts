import * as z from 'zod';

type Item = Record<string, unknown>;

/**
 * Splits an update's `form_data` into the fields to merge and the top-level keys sent as `null`,
 * which clear (remove) the stored field.
 */
export function splitClearedFields<T extends Item>(formData: T): { merge: T; cleared: string[] } {
  const cleared = Object.keys(formData).filter((name) => formData[name] === null);
  if (cleared.length === 0) return { merge: formData, cleared };
  const merge = Object.fromEntries(Object.entries(formData).filter(([, value]) => value !== null)) as T;
  return { merge, cleared };
}

/**
 * An update's `form_data` schema: the create schema's fields, each of which may also be `null` to
 * clear the stored field (unknown keys are kept, as in the create schema).
 */
export function clearableFormData<S extends z.ZodObject<any>>(schema: S) {
  const shape = Object.fromEntries(
    Object.entries(schema.shape as Record<string, z.ZodType>).map(([name, field]) => [
      name,
      field.nullable(),
    ]),
  );
  const clearable = z.looseObject(shape);
  return schema.description === undefined ? clearable : clearable.describe(schema.description);
}
