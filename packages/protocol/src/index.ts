export {
  type AllowListCheck,
  type AllowListViolation,
  createAllowListCheck,
} from './http/allow-list-check.js';
export { bearerCredential } from './auth/credential.js';
export { MAX_PARAMS_DEPTH } from './jsonrpc/client-input.js';
export { corsHeaders, preflightResponse, withCors } from './http/cors.js';
export type { Completer } from './primitives/completer.js';
export type { MethodDefinition } from './primitives/custom-methods.js';
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
} from './primitives/content.js';
export { createMcpServer } from './create-mcp-server.js';
export { defineTool } from './primitives/tools/define-tool.js';
export type { HandlerContext } from './primitives/handler-context.js';
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
} from './primitives/input-required.js';
export { JsonRpcErrorCode } from './jsonrpc/error-codes.js';
export type { ListChangedKind } from './rev2026-07-28/listen.js';
export { LOGGING_LEVELS, type LoggingLevel } from './primitives/logging-levels.js';
export { type AllowList, loopbackAllowList } from './http/loopback-allow-list.js';
export type {
  McpMessageObserver,
  McpMessageOutcome,
  McpMessageScope,
  McpMessageStart,
} from './context/observe.js';
export {
  ASSUMED_PROTOCOL_VERSION,
  DEFAULT_PROTOCOL_VERSION,
  MODERN_PROTOCOL_VERSIONS,
  SUPPORTED_PROTOCOL_VERSIONS,
} from './mcp/versions.js';
export { McpError } from './jsonrpc/mcp-error.js';
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
export { ToolError } from './primitives/tools/tool-error.js';
export type { AuthInfo } from './context/auth-info.js';
export type { Authenticate } from './auth/authenticate.js';
export type { RetryableError } from './jsonrpc/retryable-error.js';
export type { McpServer } from './mcp-server.js';
export type {
  McpAuthOptions,
  McpHookOptions,
  McpHttpOptions,
  McpPrimitiveOptions,
  McpServerFlatOptions,
  McpServerInfoOptions,
  McpServerOptions,
} from './options.js';
export type { RequestContext } from './context/request-context.js';
export type {
  LazySchema,
  ToolAnnotations,
  ToolContext,
  ToolDefinition,
} from './primitives/tools/definition.js';
