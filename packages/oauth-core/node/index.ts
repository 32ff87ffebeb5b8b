export { clientMetadataDocumentsFromEnv } from './client-metadata-env.js';
export {
  createNodeClientMetadataFetcher,
  type NodeClientMetadataFetcherOptions,
} from './client-metadata-fetcher.js';
