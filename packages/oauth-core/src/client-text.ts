/**
 * The rules every client string passes before it reaches the store, in one place: no NUL
 * character and no unpaired UTF-16 surrogate (PostgreSQL text can hold neither, and a lone
 * surrogate is not Unicode text), and JSON bodies nested at most {@link MAX_JSON_DEPTH} deep.
 * The endpoints call these on every parameter they read (query, form, JSON body, Basic
 * credentials) and answer with their own error: `invalid_request`, or `invalid_client_metadata`
 * at `/register`.
 */

/** Deepest nesting of objects and arrays accepted in a JSON body (the body itself is depth 1). */
export const MAX_JSON_DEPTH = 16;

// A high surrogate not followed by a low one, or a low surrogate not preceded by a high one.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why a client string is refused, or undefined when it is acceptable. */
export function textProblem(text: string): string | undefined {
  if (text.includes('\u0000')) return 'must not contain the NUL character (U+0000)';
  return LONE_SURROGATE.test(text) ? 'must not contain an unpaired UTF-16 surrogate' : undefined;
}

/** A parameter's name for an error message: client-supplied, so shown only when it is harmless. */
function shownName(name: string): string {
  return /^[A-Za-z0-9_.-]{1,64}$/.test(name) ? name : '(a parameter name)';
}

/** The description of the first bad parameter (name or value), or undefined when all are acceptable. */
export function paramsTextProblem(params: ReadonlyMap<string, string>): string | undefined {
  for (const [name, value] of params) {
    const problem = textProblem(name) ?? textProblem(value);
    if (problem !== undefined) return `the parameter ${shownName(name)} ${problem}`;
  }
  return undefined;
}

/**
 * Walks a parsed JSON body without recursion and describes its first problem: nesting deeper
 * than {@link MAX_JSON_DEPTH}, or a bad string (value or key). Undefined when acceptable.
 */
export function jsonTextProblem(body: unknown): string | undefined {
  if (typeof body === 'string') {
    const problem = textProblem(body);
    return problem && `the body ${problem}`;
  }
  if (typeof body !== 'object' || body === null) return undefined;
  const stack: Array<{ value: object; depth: number; field: string }> = [
    { value: body, depth: 1, field: '' },
  ];
  while (stack.length > 0) {
    const { value, depth, field } = stack.pop()!;
    if (depth > MAX_JSON_DEPTH) return `the body is nested deeper than ${MAX_JSON_DEPTH} levels`;
    for (const [key, child] of Object.entries(value)) {
      // Top-level field names the error; deeper ones are reported under their top-level field.
      const name = field || shownName(key);
      const problem = textProblem(key) ?? (typeof child === 'string' ? textProblem(child) : undefined);
      if (problem !== undefined) return `${name} ${problem}`;
      if (typeof child === 'object' && child !== null)
        stack.push({ value: child, depth: depth + 1, field: name });
    }
  }
  return undefined;
}

/**
 * Parses a client's JSON metadata (a `/register` body, a metadata document) into an object whose
 * every string passes {@link jsonTextProblem}; anything else is thrown as `fail(message)`.
 *
 * @param notJson - the message when the text is not JSON
 * @param notObject - the message when it is JSON but not an object
 */
export function parseClientJsonObject(
  text: string,
  fail: (message: string) => Error,
  notJson: string,
  notObject: string,
): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw fail(notJson);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw fail(notObject);
  const problem = jsonTextProblem(parsed);
  if (problem !== undefined) throw fail(problem);
  return parsed as Record<string, unknown>;
}
