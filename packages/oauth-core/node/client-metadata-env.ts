import type {
  ClientMetadataDocumentFetcher,
  ClientMetadataDocumentOptions,
} from '../src/client-id-metadata-document.js';

/**
 * The Client ID Metadata Document settings of the environment, shared by every Node-based adapter:
 * the SSRF-safe fetcher of `client-metadata-fetcher.ts`, with the development switch
 * `CIMD_ALLOW_LOOPBACK=1` (loopback addresses and plain http on loopback, for a local test server).
 * The switch is refused when `DATABASE_URL` is set (a shared or production database) unless
 * `CIMD_ALLOW_LOOPBACK_WITH_DATABASE=1` confirms it. Throws an Error naming the variable on a bad
 * value. The fetcher (node:https, node:dns and the OAuth error it throws) loads with the first
 * document to fetch, so a cold start that answers `initialize` does not load it.
 */
export function clientMetadataDocumentsFromEnv(
  env: Record<string, string | undefined>,
): ClientMetadataDocumentOptions {
  const flag = (name: string): boolean => {
    const value = (env[name] ?? '').trim();
    if (value === '' || value === '0' || value === 'false') return false;
    if (value === '1' || value === 'true') return true;
    throw new Error(`${name} must be 1 or 0 (got ${JSON.stringify(value)})`);
  };
  const allowLoopback = flag('CIMD_ALLOW_LOOPBACK');
  const confirmed = flag('CIMD_ALLOW_LOOPBACK_WITH_DATABASE');
  if (allowLoopback && (env.DATABASE_URL ?? '').trim() !== '' && !confirmed) {
    throw new Error(
      'CIMD_ALLOW_LOOPBACK=1 is a development switch and is refused with DATABASE_URL set; ' +
        'set CIMD_ALLOW_LOOPBACK_WITH_DATABASE=1 as well if this database is really a development one',
    );
  }
  let loaded: Promise<ClientMetadataDocumentFetcher> | undefined;
  const fetcher: ClientMetadataDocumentFetcher = {
    async fetch(url) {
      loaded ??= import('./client-metadata-fetcher.js').then((module) =>
        module.createNodeClientMetadataFetcher({ allowLoopback }),
      );
      return (await loaded).fetch(url);
    },
  };
  return { fetcher, allowHttp: allowLoopback };
}
