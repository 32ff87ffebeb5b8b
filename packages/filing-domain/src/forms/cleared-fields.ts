import * as z from 'zod';
import { isPathKey, withoutNulls } from './form-data-merge.js';

/**
 * An update's `form_data` schema: the create schema's fields, each of which may also be `null` to
 * clear the stored field, at any depth (unknown keys are kept, as in the create schema). A key
 * that is a check_filing path (`relatedParties[0].partVII.line42a`) passes here: the update
 * checks it once merged (form-data-merge.ts). A wrong value is an issue at its own path.
 */
export function clearableFormData<S extends z.ZodObject<any>>(schema: S) {
  const shape = Object.fromEntries(
    Object.entries(schema.shape as Record<string, z.ZodType>).map(([name, field]) => [
      name,
      field.nullable(),
    ]),
  );
  const clearable = z.looseObject(shape);
  const checked = z.record(z.string(), z.unknown()).superRefine((value, context) => {
    const plain = Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => !isPathKey(key))
        .map(([key, inner]) => [key, inner === null ? null : withoutNulls(inner)]),
    );
    const result = clearable.safeParse(plain);
    for (const issue of result.success ? [] : result.error.issues) {
      context.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    }
  });
  return schema.description === undefined ? checked : checked.describe(schema.description);
}
