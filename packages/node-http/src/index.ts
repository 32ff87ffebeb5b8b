export { refuseConnect } from './connect-refusal.js';
export {
  plainResponse,
  type ResponseParts,
  responseParts,
} from '@filing-mcp/protocol/transport';
export { holdNextTickShape } from './next-tick-shape.js';
export { fastMcpUrl, mcpRequest, rawHeader, requestHeader, writeResponse } from './node-bridge.js';
export {
  createNodeListener,
  type FetchHandler,
  type NodeListener,
  type NodeListenerOptions,
  type ObservedExchange,
} from './node-listener.js';
