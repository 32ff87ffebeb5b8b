import { createScopeSet, type ScopeDefinition } from '@filing-mcp/oauth-core';

/**
 * The scopes of the filing server, in the order the metadata lists them. `mcp` is the interface
 * spec's scope and stays everything; the two narrower ones let an agent hold a least-privilege
 * credential. Never `offline_access`: refresh tokens come with every grant.
 */
export const FILING_SCOPES: readonly ScopeDefinition[] = Object.freeze([
  {
    name: 'mcp',
    description:
      'Everything: read, create, change and delete your filings, and read your payments and fax logs.',
    includes: ['filings:read', 'filings:write'],
  },
  {
    name: 'filings:read',
    description: 'Read only: list and read your filings, form schemas, payments, fax logs and PDF links.',
  },
  { name: 'filings:write', description: 'Create, change and delete your filings.' },
]);

/** A scope name of {@link FILING_SCOPES}. */
export type FilingScope = 'mcp' | 'filings:read' | 'filings:write';

/**
 * The scope each tool needs (every one of a list): one line per tool. A tool missing here makes
 * `createFilingServer` throw, so a new tool cannot ship without deciding its scope.
 */
export const TOOL_SCOPES: Readonly<Record<string, FilingScope | readonly FilingScope[]>> = Object.freeze({
  list_filings: 'filings:read',
  get_filing: 'filings:read',
  list_partnership_filings: 'filings:read',
  get_partnership_filing: 'filings:read',
  list_payments: 'filings:read',
  list_fax_logs: 'filings:read',
  get_form_schema: 'filings:read',
  get_pdf_url: 'filings:read',
  check_filing: 'filings:read',
  // It reads the filing (its name, what is missing, stored values as defaults) and writes answers.
  complete_filing: ['filings:read', 'filings:write'] as const,
  // It answers the filing's name, tax year and pages before it sends.
  send_fax: ['filings:read', 'filings:write'] as const,
  mark_filed: 'filings:write',
  // They open a checkout (a payment of the user's); buy_extension reads the filing's name.
  buy_filings: 'filings:write',
  buy_extension: ['filings:read', 'filings:write'] as const,
  create_filing: 'filings:write',
  update_filing: 'filings:write',
  delete_filing: 'filings:write',
  create_partnership_filing: 'filings:write',
  update_partnership_filing: 'filings:write',
  delete_partnership_filing: 'filings:write',
});

/** The filing scopes with their hierarchy (`mcp` satisfies both narrower ones). */
export const filingScopeSet = createScopeSet(FILING_SCOPES);

/**
 * Parses a space- or comma-separated scope list for an API key: the normalised scope string
 * (default `mcp`), or an Error naming the unknown scope.
 */
export function parseFilingScope(scope: string | undefined): string | Error {
  const parsed = filingScopeSet.parse((scope ?? '').replaceAll(',', ' '));
  if ('unknown' in parsed) {
    return new Error(`unknown scope "${parsed.unknown}"; supported: ${filingScopeSet.names.join(', ')}`);
  }
  return parsed.scope;
}

/**
 * Scope check of one tool call: undefined when `granted` satisfies the tool's scope, else what the
 * 403 challenge names: the scopes already granted (known ones) plus the one needed, so that a
 * client that simply re-authorizes with the challenge's scope keeps what it had (SEP-2350 union).
 */
export function scopesToChallenge(toolName: string, granted: readonly string[]): string[] | undefined {
  // An own-property check: a client's name such as `hasOwnProperty` must not reach Object.prototype.
  return challengeFor(Object.hasOwn(TOOL_SCOPES, toolName) ? TOOL_SCOPES[toolName] : undefined, granted);
}

/** The scope a `resources/read` of a filing packet needs: the packet is read-only filing data. */
export const RESOURCE_READ_SCOPE: FilingScope = 'filings:read';

/** Scope check of a `resources/read`, with the same challenge as {@link scopesToChallenge}. */
export function resourceScopesToChallenge(granted: readonly string[]): string[] | undefined {
  return challengeFor(RESOURCE_READ_SCOPE, granted);
}

function challengeFor(
  needed: FilingScope | readonly FilingScope[] | undefined,
  granted: readonly string[],
): string[] | undefined {
  if (needed === undefined) return undefined;
  const lacking = (typeof needed === 'string' ? [needed] : needed).filter(
    (scope) => !filingScopeSet.satisfies(granted, scope),
  );
  if (lacking.length === 0) return undefined;
  const kept = filingScopeSet.names.filter((name) => granted.includes(name));
  return [...kept, ...lacking];
}
