import { decodeMcpHeaderValue } from '../../mcp/header-value.js';

function headerForm(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}

/**
 * Checks the `Mcp-Param-{Name}` headers of a 2026 `tools/call` against the arguments they mirror
 * (SEP-2243): each argument annotated with `x-mcp-header` that has a value needs its header, equal
 * to the value (after `decodeMcpHeaderValue`: OWS trimmed, the `=?base64?...?=` form decoded); a header without a value in the body is refused
 * too. Answers what is wrong, or `undefined` when all match.
 */
export function paramHeaderProblem(
  paramHeaders: ReadonlyMap<string, string>,
  args: Readonly<Record<string, unknown>>,
  headers: Headers,
): string | undefined {
  for (const [argument, name] of paramHeaders) {
    const raw = headers.get(`mcp-param-${name}`);
    const expected = headerForm(args[argument]);
    if (raw === null) {
      if (args[argument] === undefined || args[argument] === null) continue;
      return `Missing Mcp-Param-${name} header for argument ${argument}`;
    }
    const value = decodeMcpHeaderValue(raw);
    if (value === undefined) return `Mcp-Param-${name} header is not valid base64 UTF-8`;
    if (expected === undefined || value !== expected) {
      return `Mcp-Param-${name} header does not match argument ${argument}`;
    }
  }
  return undefined;
}
