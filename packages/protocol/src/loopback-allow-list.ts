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
 * DNS-rebinding protection for a server listening on `host`:`port` (INTEROP item 11). When `host`
 * is a loopback address, returns the `Host` values and browser origins under which the server can
 * legitimately be reached (`localhost`, `127.0.0.1`, `[::1]`, and `host` itself, at `port`);
 * otherwise `undefined`, because a server on a public interface is reached through real DNS names
 * the caller configures.
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
    allowedOrigins.push(`http://${name}:${port}`, `https://${name}:${port}`);
    // Clients omit the default port from Host and Origin.
    if (port === 80) {
      allowedHosts.push(name);
      allowedOrigins.push(`http://${name}`);
    } else if (port === 443) {
      allowedHosts.push(name);
      allowedOrigins.push(`https://${name}`);
    }
  }
  return { allowedHosts, allowedOrigins };
}
