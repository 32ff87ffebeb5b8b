export {
  type AllowListCheck,
  type AllowListViolation,
  createAllowListCheck,
} from './http/allow-list-check.js';
export { bearerCredential } from './auth/credential.js';
export { lazyOnce } from './util/lazy-once.js';
export { base64url, fromBase64url, type SecretKeyOptions, secretKey } from './util/secret-key.js';
export { MAX_PARAMS_DEPTH } from './jsonrpc/client-input.js';
export { corsHeaders, preflightResponse, withCors } from './http/cors.js';
export type { Completer } from './primitives/completer.js';
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
export { JsonRpcErrorCode } from './jsonrpc/error-codes.js';
export type { ListChangedKind } from './listen.js';
export { LOGGING_LEVELS, type LoggingLevel } from './primitives/logging-levels.js';
export { type AllowList, loopbackAllowList } from './http/loopback-allow-list.js';
export type {
  McpMessageObserver,
  McpMessageOutcome,
  McpMessageScope,
  McpMessageStart,
} from './observe.js';
export {
  ASSUMED_PROTOCOL_VERSION,
  DEFAULT_PROTOCOL_VERSION,
  MODERN_PROTOCOL_VERSIONS,
  SUPPORTED_PROTOCOL_VERSIONS,
} from './eras/versions.js';
export { McpError } from './jsonrpc/mcp-error.js';
export { isPlainObject } from './jsonrpc/message.js';
export {
  type BodyBytesHookRequest,
  bodyBytesHook,
  type FixedResponseHookRequest,
  type FixedResponseParts,
  fixedResponseHook,
} from './http/response-hook.js';
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
export type { AuthInfo } from './auth/auth-info.js';
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
export type { RequestContext } from './request-context.js';
export type {
  LazySchema,
  ToolAnnotations,
  ToolContext,
  ToolDefinition,
} from './primitives/tools/definition.js';
export { buildToolValidators, toolJsonSchemas } from './primitives/tools/registry.js';
