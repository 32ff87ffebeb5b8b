import type {
  ClientMetadataDocumentFetcher,
  ClientMetadataDocumentOptions,
} from '../src/client-id-metadata-document.js';

/**
 * The Client ID Metadata Document options of a Node-based adapter: the SSRF-safe fetcher of
 * `client-metadata-fetcher.ts`, with the development switch `allowLoopback` (loopback addresses
 * and plain http on loopback, for a local test server; the adapter's settings read it from
 * `CIMD_ALLOW_LOOPBACK`). The fetcher (node:https, node:dns and the OAuth error it throws) loads
 * with the first document to fetch, so a cold start that answers `initialize` does not load it.
 */
export function nodeClientMetadataDocuments(settings: {
  allowLoopback: boolean;
}): ClientMetadataDocumentOptions {
  const { allowLoopback } = settings;
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
