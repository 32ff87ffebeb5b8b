import type * as z from 'zod';
import { formatFieldPath, type PathSegment, parseFieldPath } from './elicitation-paths.js';
import type { ListItemIds, RemovedItem } from './list-item-ids.js';

// How an update's form_data meets the stored one (update_filing, update_partnership_filing):
// - an object merges field by field, at any depth (partVII, a schedule, partnershipRepresentative);
// - a list is sent whole: it replaces the stored list (its items keep their ids, list-item-ids.ts);
// - `null` clears a field, at any depth;
// - a key that is a check_filing path (`relatedParties[0].partVII.line42a`) sets that one field,
//   inside a list item too.
// The merge answers every field the update removed, so that nothing disappears unsaid.

type Item = Record<string, unknown>;

const isObject = (value: unknown): value is Item =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A form_data key that names a path (`partVII.line37`, `relatedParties[0].name`), not one field. */
export function isPathKey(key: string): boolean {
  return key.includes('.') || key.includes('[');
}

/** A field an update removed: an item left out of a list, or a field cleared or dropped. */
export type RemovedField = RemovedItem | { field: string };

export interface MergedFormData {
  /** The whole form_data after the update. */
  formData: Item;
  /** Top-level keys whose value the update changed (each stored whole, as merged). */
  changed: string[];
  /** Top-level keys the update removed. */
  cleared: string[];
  /** Every field the update removed, list items as { list, id, name }, others as { field }. */
  removed: RemovedField[];
  /** Path keys that do not fit the filing (an index past a list's end, a field of a value). */
  problems: string[];
}

/**
 * `value` without `null` fields at any depth (a null field of an object, a list item's too, means
 * the field is absent). A list's own entries are kept as sent, nulls included: a list is data.
 */
export function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNulls);
  if (!isObject(value)) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, inner]) => inner !== null)
      .map(([key, inner]) => [key, withoutNulls(inner)]),
  );
}

/** `item[key]` when it is the item's own, never what its prototype holds (`__proto__`, `toString`). */
export const ownValue = (item: object, key: string): unknown =>
  Object.hasOwn(item, key) ? (item as Item)[key] : undefined;

/** Sets `item[key]` as an own field, so that a key such as `__proto__` cannot reach a prototype. */
export function setOwn(item: object, key: string, value: unknown): void {
  Object.defineProperty(item, key, { value, writable: true, enumerable: true, configurable: true });
}

/** `stored` with `update` merged in: objects field by field, anything else replaced, null clears. */
function merged(stored: unknown, update: Item): Item {
  const out: Item = isObject(stored) ? { ...stored } : {};
  for (const [key, value] of Object.entries(update)) {
    if (key === '__proto__') continue; // names a prototype, never a field of a form
    if (value === null) delete out[key];
    else setOwn(out, key, isObject(value) ? merged(ownValue(out, key), value) : withoutNulls(value));
  }
  return out;
}

/** Sets (or with null clears) the field at `path` of `root`; false when the path does not fit. */
function setAt(root: Item, path: PathSegment[], value: unknown): boolean {
  let container: unknown = root;
  for (let index = 0; index < path.length; index++) {
    const segment = path[index]!;
    const last = index === path.length - 1;
    if (typeof segment === 'number') {
      if (!Array.isArray(container) || segment < 0 || segment > container.length) return false;
      if (last) {
        if (value === null) container.splice(segment, 1);
        else container[segment] = withoutNulls(value);
        return true;
      }
    } else {
      if (!isObject(container)) return false;
      if (last) {
        if (value === null) delete container[segment];
        else
          setOwn(
            container,
            segment,
            isObject(value) ? merged(ownValue(container, segment), value) : withoutNulls(value),
          );
        return true;
      }
    }
    const holder = container as Item & unknown[];
    const key = segment as keyof typeof holder;
    const next = path[index + 1];
    const inner = ownValue(holder, String(key));
    if (inner === undefined || inner === null) {
      if (value === null) return true; // clearing what is not there
      setOwn(holder, String(key), typeof next === 'number' ? [] : {});
    } else if (!isObject(inner) && !Array.isArray(inner)) return false;
    container = ownValue(holder, String(key));
  }
  return true;
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The fields of `before` that `after` no longer has, by path; list items matched by id. */
function removedFields(before: unknown, after: unknown, path: PathSegment[], out: RemovedField[]): void {
  if (isObject(before)) {
    if (!isObject(after)) return;
    for (const [key, value] of Object.entries(before)) {
      if (value === undefined || value === null) continue;
      const kept = ownValue(after, key);
      if (kept === undefined || kept === null) out.push({ field: formatFieldPath([...path, key]) });
      else removedFields(value, kept, [...path, key], out);
    }
    return;
  }
  if (!Array.isArray(before) || !Array.isArray(after)) return;
  const withId = (item: unknown): item is Item & { id: string } =>
    isObject(item) && typeof item.id === 'string';
  if (before.length > 0 && before.every(withId)) {
    const list = formatFieldPath(path);
    for (const item of before) {
      const index = after.findIndex((other) => withId(other) && other.id === item.id);
      if (index < 0) {
        out.push({ list, id: item.id, name: typeof item.name === 'string' ? item.name : null });
      } else removedFields(item, after[index], [...path, index], out);
    }
    return;
  }
  before.forEach((item, index) => {
    if (isObject(item)) {
      if (index < after.length) removedFields(item, after[index], [...path, index], out);
      else out.push({ field: formatFieldPath([...path, index]) });
    }
  });
}

/**
 * Merges an update's `form_data` into the `stored` one (see the top of this module): plain keys
 * first, then path keys in the order sent; list items get their ids (`listItems`).
 */
export function mergeFormData(stored: Item, update: Item, listItems: ListItemIds): MergedFormData {
  const plain: Item = {};
  const paths: Array<[string, unknown]> = [];
  for (const [key, value] of Object.entries(update)) {
    if (isPathKey(key)) paths.push([key, value]);
    // Own: a `__proto__` key would make its value the prototype of what the list ids read.
    else setOwn(plain, key, value);
  }
  const before = structuredClone(stored);
  let formData = merged(structuredClone(stored), listItems.withIds(plain, stored));
  const problems: string[] = [];
  for (const [key, value] of paths) {
    const path = parseFieldPath(key);
    if (path === undefined || path.includes(-1) || !setAt(formData, path, value)) problems.push(key);
  }
  formData = listItems.withIds(formData, stored);
  const keys = new Set([...Object.keys(before), ...Object.keys(formData)]);
  // Own fields only: a field named `toString` that the update cleared is cleared, not inherited.
  const changed = [...keys].filter(
    (key) => Object.hasOwn(formData, key) && !sameJson(ownValue(before, key), formData[key]),
  );
  const cleared = [...keys].filter((key) => Object.hasOwn(before, key) && !Object.hasOwn(formData, key));
  const removed: RemovedField[] = [];
  removedFields(before, formData, [], removed);
  return { formData, changed, cleared, removed, problems };
}

/** The problems of the changed top-level fields, checked with the create tool's `schema`. */
export function mergedProblems(schema: z.ZodType, merge: MergedFormData): string[] {
  const probe = Object.fromEntries(merge.changed.map((key) => [key, merge.formData[key]]));
  const result = schema.safeParse(probe);
  const issues = result.success ? [] : result.error.issues;
  return [
    ...merge.problems.map((key) => `form_data.${key}: does not fit the filing as it is now`),
    ...issues.map((issue) => `form_data.${issue.path.map(String).join('.')}: ${issue.message}`),
  ];
}
