import type { Server } from 'node:http';

function displayHost(host: string): string {
  if (host === '0.0.0.0' || host === '::' || host === '') return 'localhost';
  return host.includes(':') ? `[${host}]` : host;
}

/**
 * Starts `server` listening on `host:port` (0 picks a free port): resolves with the port and the
 * origin to reach it by (`localhost` for the wildcard addresses), rejects when the port is taken.
 */
export function listen(
  server: Server,
  port: number,
  host: string,
): Promise<{ port: number; origin: string }> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      const address = server.address();
      if (address === null || typeof address === 'string') throw new TypeError('not a TCP socket');
      const shown = displayHost(address.address === host ? host : address.address);
      resolve({ port: address.port, origin: `http://${shown}:${address.port}` });
    });
  });
}
