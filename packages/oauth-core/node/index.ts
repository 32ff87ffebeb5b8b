export { nodeClientMetadataDocuments } from './node-client-metadata.js';
export {
  CLIENT_METADATA_FETCH_TIMEOUT_MS,
  createNodeClientMetadataFetcher,
  MAX_CLIENT_METADATA_DOCUMENT_BYTES,
  type NodeClientMetadataFetcherOptions,
} from './client-metadata-fetcher.js';
export { type SpecialAddress, specialAddress } from './special-addresses.js';
