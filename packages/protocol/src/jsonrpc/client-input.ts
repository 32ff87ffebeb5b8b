/**
 * The rules every client value passes before a method runs, in one place:
 *
 * - a JSON-RPC `id` must survive a JSON round trip: `1e999` parses to `Infinity`, which would be
 *   echoed as `"id":Infinity` (not JSON), so such a request is invalid (-32600);
 * - `params` may nest at most {@link MAX_PARAMS_DEPTH} objects or arrays deep: deeper values are
 *   refused (-32602) before a validator or a handler recurses into them and overflows the stack;
 * - a string (value or key) must not hold a NUL character or an unpaired UTF-16 surrogate: neither
 *   can be stored as PostgreSQL text, and a lone surrogate is not Unicode text at all. `tools/call`
 *   arguments get a tool error naming the field; other params get -32602.
 */

/** Deepest nesting of objects and arrays accepted in `params` (the params object itself is depth 1). */
export const MAX_PARAMS_DEPTH = 256;

// A high surrogate not followed by a low one, or a low surrogate not preceded by a high one.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether a JSON-RPC id can be echoed as it came: strings always, numbers when finite. */
export function isEchoableId(id: string | number): boolean {
  return typeof id === 'string' || Number.isFinite(id);
}

/** Why a client string is refused, or undefined when it is acceptable. */
export function textProblem(text: string): string | undefined {
  if (text.includes('\u0000')) return 'must not contain the NUL character (U+0000)';
  return LONE_SURROGATE.test(text) ? 'must not contain an unpaired UTF-16 surrogate' : undefined;
}

/** What is wrong with a params value: too deep, or a string at `path` (keys from the params root). */
export type ParamsProblem =
  | { kind: 'depth' }
  | { kind: 'text'; path: ReadonlyArray<string | number>; problem: string };

interface Pending {
  value: unknown;
  depth: number;
  parent: Pending | undefined;
  key: string | number | undefined;
}

function pathOf(node: Pending, last?: string | number): Array<string | number> {
  const path: Array<string | number> = last === undefined ? [] : [last];
  for (let at: Pending | undefined = node; at?.key !== undefined; at = at.parent) path.unshift(at.key);
  return path;
}

/**
 * Walks a parsed JSON value without recursion (so depth itself cannot overflow the stack) and
 * reports the first problem: nesting deeper than `maxDepth`, or a forbidden string.
 */
export function inspectParams(
  params: unknown,
  maxDepth: number = MAX_PARAMS_DEPTH,
): ParamsProblem | undefined {
  if (typeof params !== 'object' || params === null) return undefined;
  const stack: Pending[] = [{ value: params, depth: 1, parent: undefined, key: undefined }];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.depth > maxDepth) return { kind: 'depth' };
    const value = node.value as Record<string, unknown> | unknown[];
    const isArray = Array.isArray(value);
    for (const key of isArray ? value.keys() : Object.keys(value)) {
      if (typeof key === 'string') {
        const problem = textProblem(key);
        if (problem !== undefined) return { kind: 'text', path: pathOf(node, key), problem };
      }
      const child = isArray ? value[key as number] : value[key as string];
      if (typeof child === 'string') {
        const problem = textProblem(child);
        if (problem !== undefined) return { kind: 'text', path: pathOf(node, key), problem };
      } else if (typeof child === 'object' && child !== null) {
        stack.push({ value: child, depth: node.depth + 1, parent: node, key });
      }
    }
  }
  return undefined;
}
