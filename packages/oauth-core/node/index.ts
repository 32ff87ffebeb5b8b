export { nodeClientMetadataDocuments } from './node-client-metadata.js';
export {
  createNodeClientMetadataFetcher,
  type NodeClientMetadataFetcherOptions,
} from './client-metadata-fetcher.js';
