export { refuseConnect } from './connect-refusal.js';
export {
  acceptResponseParts,
  partsResponse,
  plainResponse,
  type ResponseParts,
  responseParts,
} from './response-parts.js';
export { fastMcpUrl, mcpRequest, rawHeader, writeResponse } from './node-bridge.js';
export {
  createNodeListener,
  type FetchHandler,
  type NodeBindings,
  type NodeListener,
  type NodeListenerOptions,
  type ObservedExchange,
} from './node-listener.js';
