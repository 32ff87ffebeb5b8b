/** Optional hints on a content block or resource (MCP `Annotations`). */
export interface ContentAnnotations {
  audience?: Array<'user' | 'assistant'>;
  priority?: number;
  lastModified?: string;
}

/** The text contents of a resource. */
export interface TextResourceContents {
  uri: string;
  mimeType?: string;
  text: string;
  _meta?: Record<string, unknown>;
}

/** The binary contents of a resource, base64-encoded in `blob`. */
export interface BlobResourceContents {
  uri: string;
  mimeType?: string;
  blob: string;
  _meta?: Record<string, unknown>;
}

/** What `resources/read` answers per resource: text or binary. */
export type ResourceContents = TextResourceContents | BlobResourceContents;

/** Plain text. */
export interface TextContent {
  type: 'text';
  text: string;
  annotations?: ContentAnnotations;
  _meta?: Record<string, unknown>;
}

/** An image, base64-encoded. */
export interface ImageContent {
  type: 'image';
  data: string;
  mimeType: string;
  annotations?: ContentAnnotations;
  _meta?: Record<string, unknown>;
}

/** Audio, base64-encoded. */
export interface AudioContent {
  type: 'audio';
  data: string;
  mimeType: string;
  annotations?: ContentAnnotations;
  _meta?: Record<string, unknown>;
}

/** A resource's contents, embedded. */
export interface EmbeddedResource {
  type: 'resource';
  resource: ResourceContents;
  annotations?: ContentAnnotations;
  _meta?: Record<string, unknown>;
}

/** What describes a resource, in `resources/list` and in a link to it. */
export interface ResourceDescription {
  uri: string;
  /** Programmatic name. */
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
  /** Size in bytes, when known. */
  size?: number;
  annotations?: ContentAnnotations;
}

/** A link to a resource the client may read. */
export interface ResourceLink extends ResourceDescription {
  type: 'resource_link';
  _meta?: Record<string, unknown>;
}

/** Any content block of a tool result or prompt message. */
export type ContentBlock = TextContent | ImageContent | AudioContent | EmbeddedResource | ResourceLink;

/** A tool result written out in full (MCP `CallToolResult`). */
export interface CallToolResult {
  content: ContentBlock[];
  /** Must match the tool's `outputSchema` when it has one. */
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
  _meta?: Record<string, unknown>;
}

const TOOL_RESULT: unique symbol = Symbol.for('@filing-mcp/protocol/tool-result');

/** A {@link CallToolResult} marked by {@link toolResult}, answered as it is. */
export interface ToolResult extends CallToolResult {
  readonly [TOOL_RESULT]: true;
}

/**
 * Marks a handler's answer as a complete tool result (any content kinds: text, image, audio,
 * embedded resource, resource link, mixed) rather than a plain object that becomes
 * `structuredContent`. A `structuredContent` it carries is checked against the tool's
 * `outputSchema`.
 *
 * @example
 * ```ts
 * handler: () => toolResult({ content: [{ type: 'image', data: png, mimeType: 'image/png' }] })
 * ```
 */
export function toolResult(result: CallToolResult): ToolResult {
  return Object.assign({ [TOOL_RESULT]: true as const }, result);
}

/** Whether a handler's answer is a {@link ToolResult}. */
export function isToolResult(value: unknown): value is ToolResult {
  return typeof value === 'object' && value !== null && TOOL_RESULT in value;
}
