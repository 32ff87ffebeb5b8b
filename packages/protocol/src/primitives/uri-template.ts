/** A URI template (RFC 6570 simple `{name}` and reserved `{+name}` expressions) compiled to a matcher. */
export interface UriTemplate {
  /** The template's variable names, in order. */
  readonly variables: readonly string[];
  /** The variables of `uri`, percent-decoded, or `undefined` when the URI does not match. */
  match(uri: string): Record<string, string> | undefined;
}

const EXPRESSION = /\{(\+?)([A-Za-z0-9_.]+)\}/g;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Compiles `template`. A `{name}` matches one non-empty segment without `/`, `?` or `#`; a
 * `{+name}` matches any non-empty text. Other RFC 6570 operators are refused at start-up.
 */
export function compileUriTemplate(template: string): UriTemplate {
  const variables: string[] = [];
  let pattern = '^';
  let last = 0;
  for (const match of template.matchAll(EXPRESSION)) {
    pattern += escapeRegExp(template.slice(last, match.index));
    const name = match[2]!;
    if (variables.includes(name)) throw new TypeError(`URI template ${template} repeats {${name}}`);
    variables.push(name);
    pattern += match[1] === '+' ? '(.+)' : '([^/?#]+)';
    last = match.index + match[0].length;
  }
  const rest = template.slice(last);
  if (/[{}]/.test(rest) || /[{}]/.test(template.replace(EXPRESSION, ''))) {
    throw new TypeError(`URI template ${template} uses an expression this server does not support`);
  }
  pattern += `${escapeRegExp(rest)}$`;
  const regExp = new RegExp(pattern);
  return {
    variables,
    match(uri) {
      const found = regExp.exec(uri);
      if (found === null) return undefined;
      const values: Record<string, string> = {};
      try {
        variables.forEach((name, index) => {
          values[name] = decodeURIComponent(found[index + 1]!);
        });
      } catch {
        return undefined;
      }
      return values;
    },
  };
}
