/** One segment of a form_data path: a key, or an index into a list. */
export type PathSegment = string | number;

/** Keys that name an object's prototype, never a field: a path holding one does not parse. */
const PROTOTYPE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * Whether a key is a name every object answers through its prototype (`__proto__`, `constructor`,
 * `toString`, `hasOwnProperty`, ...) or `prototype`: the name of no field of any form.
 */
export function isPrototypeName(key: string): boolean {
  return PROTOTYPE_KEYS.has(key) || Object.hasOwn(Object.prototype, key);
}

/**
 * Parses a check_filing field path such as `relatedParties[0].partVII.line37` into its segments.
 * `[]` (every item of a list, as in `partners[].shares.profitEnding`) parses as the index -1.
 */
export function parseFieldPath(path: string): PathSegment[] | undefined {
  const segments: PathSegment[] = [];
  const pattern = /([A-Za-z_$][\w$]*)|\[(\d{1,4})?\]|\./gy;
  let expectKey = true;
  let last = 0;
  for (let match = pattern.exec(path); match !== null; match = pattern.exec(path)) {
    last = pattern.lastIndex;
    if (match[1] !== undefined) {
      if (!expectKey || PROTOTYPE_KEYS.has(match[1])) return undefined;
      segments.push(match[1]);
      expectKey = false;
    } else if (match[0].startsWith('[')) {
      if (expectKey) return undefined;
      segments.push(match[2] === undefined ? -1 : Number(match[2]));
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
    if (typeof segment === 'number') text += segment < 0 ? '[]' : `[${segment}]`;
    else text += text === '' ? segment : `.${segment}`;
  }
  return text;
}

/**
 * The flat elicitation field name of a path: segments joined with `__`
 * (`relatedParties__0__partVII__line37`). form_data keys are camelCase, so the name maps back
 * without ambiguity.
 */
export function flatFieldName(path: readonly PathSegment[]): string {
  return path.map(String).join('__');
}

/** The path a flat field name stands for, or undefined for a name no path maps to. */
export function pathOfFlatName(name: string): PathSegment[] | undefined {
  if (name.length > 300) return undefined;
  const path: PathSegment[] = [];
  for (const [index, part] of name.split('__').entries()) {
    if (/^\d{1,4}$/.test(part) && index > 0) path.push(Number(part));
    else if (/^[A-Za-z_$][\w$]*$/.test(part)) path.push(part);
    else return undefined;
  }
  return typeof path[0] === 'string' ? path : undefined;
}

/** The value at a path of form_data, or undefined. */
export function valueAt(root: unknown, path: readonly PathSegment[]): unknown {
  let current = root;
  for (const segment of path) {
    if (typeof segment === 'number') {
      if (!Array.isArray(current)) return undefined;
      current = current[segment];
    } else {
      if (typeof current !== 'object' || current === null || Array.isArray(current)) return undefined;
      // Own properties only: `constructor` in a path names nothing the user sent.
      if (!Object.hasOwn(current, segment)) return undefined;
      current = (current as Record<string, unknown>)[segment];
    }
  }
  return current;
}

/** Whether a value counts as given (not absent, null or blank text). */
export function isGiven(value: unknown): boolean {
  return !(value === undefined || value === null || (typeof value === 'string' && value.trim() === ''));
}

/** Whether `prefix` is the start of `path` (or the whole of it). */
export function startsWith(path: readonly PathSegment[], prefix: readonly PathSegment[]): boolean {
  return prefix.length <= path.length && prefix.every((segment, index) => path[index] === segment);
}
