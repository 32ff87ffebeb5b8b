export { type AllowListCheck, type AllowListViolation, createAllowListCheck } from './allow-list-check.js';
export { bearerCredential } from './bearer-credential.js';
export { MAX_PARAMS_DEPTH } from './client-input.js';
export { corsHeaders, preflightResponse, withCors } from './cors.js';
export { createMcpServer } from './create-mcp-server.js';
export { defineTool } from './define-tool.js';
export { JsonRpcErrorCode } from './json-rpc-error-code.js';
export { type AllowList, loopbackAllowList } from './loopback-allow-list.js';
export {
  ASSUMED_PROTOCOL_VERSION,
  DEFAULT_PROTOCOL_VERSION,
  SUPPORTED_PROTOCOL_VERSIONS,
} from './protocol-versions.js';
export { ToolError } from './tool-error.js';
export type {
  Authenticate,
  AuthInfo,
  McpServer,
  McpServerOptions,
  RequestContext,
  RetryableError,
  ToolAnnotations,
  ToolContext,
  ToolDefinition,
} from './types.js';
