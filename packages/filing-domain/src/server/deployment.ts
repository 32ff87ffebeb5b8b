// What an adapter's wiring (packages/serverless) needs of this package, in one module without the
// rest of the index: a bundle maps `@filing-mcp/filing-domain` here for those importers
// (adapters/lambda/bundle.mjs), so that the path to `initialize` imports these modules only.
export { clientMetadataSettingsFromEnv, resolveConfigFromEnv } from '../config/settings-from-env.js';
export { pgPoolOptions } from '../config/database-settings.js';
export { createFilingServerWithConfig } from './filing-server.js';
