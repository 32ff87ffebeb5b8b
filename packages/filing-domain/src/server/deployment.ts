// What an adapter's wiring (packages/serverless) needs of this package, in one module without the
// rest of the index: a bundle maps `@filing-mcp/filing-domain` here for those importers
// (adapters/lambda/bundle.mjs), so that the path to `initialize` imports these modules only.
export { clientMetadataSettingsFromEnv, resolveConfigFromEnv } from '../config/settings-from-env.js';
export { pgPoolOptions } from '../config/database-settings.js';
export { createFilingServerWithConfig } from './filing-server.js';
// The providers the adapters build from their settings and hand in: Stripe's (the library itself
// loads with the first payment call) and Telnyx's.
export { stripePaymentProvider } from '../payments/providers/stripe.js';
export { telnyxFaxProvider } from '../submission/providers/telnyx.js';
