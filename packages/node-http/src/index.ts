export { fastMcpUrl, mcpRequest, rawHeader, writeResponse } from './node-bridge.js';
