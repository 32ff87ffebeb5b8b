const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]'];

/** Host/Origin allow-lists for {@link McpServerOptions.allowedHosts} and `allowedOrigins`. */
export interface AllowList {
  allowedHosts: string[];
  allowedOrigins: string[];
}

function isLoopback(host: string): boolean {
  const name = host.toLowerCase();
  return (
    name === 'localhost' ||
    name === '::1' ||
    name === '[::1]' ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(name)
  );
}

/**
 * DNS-rebinding protection for a server listening on `host`:`port` (the Origin rule of
 * https://modelcontextprotocol.io/specification/2025-11-25/basic/transports#security-warning).
 * When `host` is a loopback address, returns the `Host` values under which the server can legitimately be
 * reached (`localhost`, `127.0.0.1`, `[::1]`, and `host` itself, at `port`) and the browser origins
 * it accepts: those names over http and https on any port (`http://localhost:*`; see
 * `createAllowListCheck`). Otherwise `undefined`, because a server on a public interface is
 * reached through real DNS names the caller configures.
 *
 * Origins are not tied to our port because a page on another loopback port (MCP Inspector on
 * `http://localhost:6274`, a local consent app) is as local as we are: a DNS-rebinding attacker
 * needs a non-loopback name that resolves to us, and such a name is refused in `Host` and `Origin`.
 *
 * @example
 * ```ts
 * createMcpServer({ ...options, ...loopbackAllowList('127.0.0.1', 3000) });
 * ```
 */
export function loopbackAllowList(host: string, port: number): AllowList | undefined {
  if (!isLoopback(host)) return undefined;
  const bracketed = host.includes(':') && !host.startsWith('[') ? `[${host}]` : host.toLowerCase();
  const names = LOOPBACK_NAMES.includes(bracketed) ? LOOPBACK_NAMES : [...LOOPBACK_NAMES, bracketed];
  const allowedHosts: string[] = [];
  const allowedOrigins: string[] = [];
  for (const name of names) {
    allowedHosts.push(`${name}:${port}`);
    // Clients omit the default port from Host.
    if (port === 80 || port === 443) allowedHosts.push(name);
    allowedOrigins.push(`http://${name}:*`, `https://${name}:*`);
  }
  return { allowedHosts, allowedOrigins };
}
