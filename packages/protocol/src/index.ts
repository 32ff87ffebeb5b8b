export { type AllowListCheck, type AllowListViolation, createAllowListCheck } from './allow-list-check.js';
export { bearerCredential } from './bearer-credential.js';
export { MAX_PARAMS_DEPTH } from './client-input.js';
export { corsHeaders, preflightResponse, withCors } from './cors.js';
export type { Completer } from './completer.js';
export {
  type AudioContent,
  type BlobResourceContents,
  type CallToolResult,
  type ContentAnnotations,
  type ContentBlock,
  type EmbeddedResource,
  type ImageContent,
  type ResourceContents,
  type ResourceLink,
  type TextContent,
  type TextResourceContents,
  type ToolResult,
  toolResult,
} from './content.js';
export { createMcpServer } from './create-mcp-server.js';
export { defineTool } from './define-tool.js';
export type { HandlerContext } from './handler-context.js';
export {
  createRequestStateSeal,
  type ElicitInputRequest,
  type InputRequest,
  type InputRequired,
  inputRequired,
  type ListRootsInputRequest,
  type RequestStateBinding,
  type RequestStateSeal,
  type RequestStateSealOptions,
  type SamplingInputRequest,
} from './input-required.js';
export { JsonRpcErrorCode } from './json-rpc-error-code.js';
export type { ListChangedKind } from './listen.js';
export { LOGGING_LEVELS, type LoggingLevel } from './logging.js';
export { type AllowList, loopbackAllowList } from './loopback-allow-list.js';
export type {
  McpMessageObserver,
  McpMessageOutcome,
  McpMessageScope,
  McpMessageStart,
} from './message-observer.js';
export {
  ASSUMED_PROTOCOL_VERSION,
  DEFAULT_PROTOCOL_VERSION,
  MODERN_PROTOCOL_VERSIONS,
  SUPPORTED_PROTOCOL_VERSIONS,
} from './protocol-versions.js';
export { McpError } from './mcp-error.js';
export { acceptResponseParts, plainResponse, type ResponseParts, responseParts } from './response-parts.js';
export type {
  PromptArgument,
  PromptDefinition,
  PromptGetAnswer,
  PromptMessage,
} from './primitives/prompts.js';
export {
  type ResourceDefinition,
  type ResourceReadAnswer,
  type ResourceTemplateDefinition,
  resourceNotFound,
} from './primitives/resources.js';
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
  LazySchema,
} from './types.js';
export { buildToolValidators, toolJsonSchemas } from './tool-registry.js';
