export type { ConformanceClock, ConformanceDatabase, ConformanceTarget } from './conformance-target.js';
export { createControllableClock } from './controllable-clock.js';
export { CORE_BASE_URL, createCoreTarget } from './core-target.js';
export { type ConformanceSuiteOptions, defineConformanceSuite } from './define-conformance-suite.js';
export { type DeployedFunction, defineDeployedSuite } from './deployed-suite.js';
export {
  CONFORMANCE_APP_URL,
  type ConformanceProviderSettings,
  type ConformanceServerConfig,
  type TargetParts,
  createTargetParts,
  deployedEnvironment,
} from './target-parts.js';
export { INITIALIZE_REQUEST } from './initialize-request.js';
export { remainingOAuthRows, type SeededOAuthRows, seedOAuthRows } from './oauth-rows.js';
export { createProcessClock, type ProcessClock } from './process-clock.js';
export {
  expectPacketResource,
  expectPdf,
  INVALID_PACKET_LINK_BODY,
  withChangedSignature,
} from './packet-checks.js';
export type { StripeStandIn } from './stripe-stand-in.js';
