import type { AllowList } from './loopback-allow-list.js';

/** The request header an {@link AllowListCheck} refused. */
export type AllowListViolation = 'host' | 'origin';

/**
 * Checks one request against a Host/Origin allow-list: `undefined` when it may proceed, otherwise
 * the header that is not allowed (the caller answers 403).
 */
export type AllowListCheck = (request: Request) => AllowListViolation | undefined;

// Suffix that makes an entry match every port of its name: `http://localhost:*`, `localhost:*`.
const ANY_PORT = ':*';
// A trailing `:<port>` of a Host value or an origin. `[::1]` ends in `]`, so its colons never match.
const PORT_SUFFIX = /:\d+$/;

interface Matcher {
  exact: Set<string>;
  anyPort: Set<string>;
}

function matcher(entries: readonly string[]): Matcher {
  const exact = new Set<string>();
  const anyPort = new Set<string>();
  for (const entry of entries) {
    const value = entry.toLowerCase();
    if (value.endsWith(ANY_PORT)) anyPort.add(value.slice(0, -ANY_PORT.length));
    else exact.add(value);
  }
  return { exact, anyPort };
}

function matches({ exact, anyPort }: Matcher, value: string): boolean {
  const lower = value.toLowerCase();
  if (exact.has(lower)) return true;
  // Port-less values match a wildcard entry too: browsers leave a scheme's default port out.
  return anyPort.size > 0 && anyPort.has(lower.replace(PORT_SUFFIX, ''));
}

/**
 * Builds the DNS-rebinding check that `createMcpServer` applies to the MCP endpoint (the Origin
 * rule of https://modelcontextprotocol.io/specification/2025-11-25/basic/transports#security-warning),
 * for servers that must apply the same rule to their other routes. Matching is case-insensitive
 * and exact, except that an entry ending in `:*` (for example
 * `http://localhost:*`, as `loopbackAllowList` emits) matches its name on any port or on no
 * port at all.
 *
 * - `allowedHosts`: the request's `Host` (or, without one, the host of its URL) must be listed.
 * - `allowedOrigins`: an `Origin` header, when present, must be listed (`null` is not, unless
 *   listed); requests without one (non-browser clients) pass.
 *
 * Returns `undefined` when neither list is set: there is nothing to check.
 *
 * @example
 * ```ts
 * const check = createAllowListCheck(loopbackAllowList('127.0.0.1', 3000) ?? {});
 * if (check?.(request)) return new Response('Forbidden', { status: 403 });
 * ```
 */
export function createAllowListCheck(allowList: Partial<AllowList>): AllowListCheck | undefined {
  const hosts = allowList.allowedHosts && matcher(allowList.allowedHosts);
  const origins = allowList.allowedOrigins && matcher(allowList.allowedOrigins);
  if (hosts === undefined && origins === undefined) return undefined;
  return (request) => {
    const headers = request.headers;
    if (hosts !== undefined && !matches(hosts, headers.get('host') ?? new URL(request.url).host)) {
      return 'host';
    }
    if (origins !== undefined) {
      const origin = headers.get('origin');
      if (origin !== null && !matches(origins, origin)) return 'origin';
    }
    return undefined;
  };
}
