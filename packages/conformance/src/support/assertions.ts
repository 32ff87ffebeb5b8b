import { expect } from 'vitest';
import type { ConformanceTarget } from '../conformance-target.js';
import type { FilingDatabase } from '@filing-mcp/filing-domain';

/** Origin scenarios send as a legitimate browser caller (the companion app). */
export function allowedOrigin(target: ConformanceTarget): string {
  return new URL(target.appUrl).origin;
}

function headerList(response: Response, name: string): string[] {
  return (response.headers.get(name) ?? '')
    .split(',')
    .map((item) => item.trim().toLowerCase())
    .filter(Boolean);
}

/** Request headers a browser client must be allowed to send (docs/spec-differences.md#cors). */
export const CORS_ALLOWED_HEADERS = [
  'authorization',
  'x-client-info',
  'apikey',
  'content-type',
  'mcp-session-id',
  'mcp-protocol-version',
  'last-event-id',
  'mcp-method',
  'mcp-name',
];

/** Asserts the permissive CORS headers every response carries (docs/spec-differences.md#cors). */
export function expectCors(response: Response, origin?: string): void {
  const allowOrigin = response.headers.get('access-control-allow-origin');
  expect(
    allowOrigin === '*' || (origin !== undefined && allowOrigin === origin),
    `allow-origin ${allowOrigin}`,
  ).toBe(true);
  expect(headerList(response, 'access-control-allow-methods')).toEqual(
    expect.arrayContaining(['get', 'post', 'options', 'delete']),
  );
  expect(headerList(response, 'access-control-allow-headers')).toEqual(
    expect.arrayContaining(CORS_ALLOWED_HEADERS),
  );
  expect(headerList(response, 'access-control-expose-headers')).toEqual(
    expect.arrayContaining(['mcp-session-id', 'www-authenticate']),
  );
}

/** Parses a `WWW-Authenticate: Bearer k="v", ...` challenge into its scheme and parameters. */
export function parseChallenge(header: string | null): { scheme: string; params: Record<string, string> } {
  expect(header).toBeTruthy();
  const match = /^(\S+)\s+(.*)$/.exec(header!);
  expect(match).not.toBeNull();
  const params: Record<string, string> = {};
  const rest = match![2]!;
  const pattern = /\s*([A-Za-z_]+)="((?:[^"\\]|\\.)*)"\s*(?:,|$)/gy;
  let consumed = 0;
  for (let param = pattern.exec(rest); param; param = pattern.exec(rest)) {
    params[param[1]!] = param[2]!;
    consumed = pattern.lastIndex;
  }
  // Every byte of the header must belong to a well-formed auth-param.
  expect(rest.slice(consumed).trim()).toBe('');
  return { scheme: match![1]!, params };
}

/**
 * Asserts the MCP authentication challenge (docs/spec-differences.md#authentication): HTTP 401, `WWW-Authenticate`
 * Bearer with realm `mcp` and `resource_metadata` at `{base_url}/.well-known/oauth-protected-resource`
 * (plus `error="invalid_token"` when a credential was presented), and the JSON-RPC error -32001
 * `Unauthorized` carrying the request's id.
 */
export async function expectMcpChallenge(
  target: ConformanceTarget,
  response: Response,
  id: unknown,
  kind: 'missing' | 'invalid',
): Promise<void> {
  expect(response.status).toBe(401);
  const { scheme, params } = parseChallenge(response.headers.get('www-authenticate'));
  expect(scheme).toBe('Bearer');
  const expected: Record<string, string> = {
    realm: 'mcp',
    resource_metadata: `${target.baseUrl}/.well-known/oauth-protected-resource`,
  };
  if (kind === 'invalid') expected.error = 'invalid_token';
  const { error_description: _description, ...rest } = params;
  expect(rest).toEqual(expected);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  expect(await response.json()).toEqual({
    jsonrpc: '2.0',
    id,
    error: { code: -32001, message: 'Unauthorized' },
  });
  expectCors(response);
}

/** Asserts an OAuth error answer: status, `{error, error_description}` and `Cache-Control: no-store`. */
export async function expectOAuthError(
  response: Response,
  status: number,
  error: string | string[],
): Promise<Record<string, unknown>> {
  const body = (await response.json()) as Record<string, unknown>;
  expect(response.status, JSON.stringify(body)).toBe(status);
  if (Array.isArray(error)) expect(error).toContain(body.error);
  else expect(body.error).toBe(error);
  expect(body.error_description).toBeTypeOf('string');
  return body;
}

/** Asserts `Cache-Control: no-store` (RFC 6749 section 5.1). */
export function expectNoStore(response: Response): void {
  expect(response.headers.get('cache-control') ?? '').toMatch(/(^|,\s*)no-store(\s*,|$)/);
}

/** Number of rows in a table, to show a failed call wrote nothing. */
export async function countRows(
  target: ConformanceTarget,
  table: keyof FilingDatabase & string,
): Promise<number> {
  const row = await target.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
