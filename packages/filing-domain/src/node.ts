export { clientMetadataDocumentsFromEnv } from './node/client-metadata-env.js';
export {
  CLIENT_METADATA_FETCH_TIMEOUT_MS,
  createNodeClientMetadataFetcher,
  MAX_CLIENT_METADATA_DOCUMENT_BYTES,
  type NodeClientMetadataFetcherOptions,
} from './node/client-metadata-fetcher.js';
export { type SpecialAddress, specialAddress } from './node/special-addresses.js';
