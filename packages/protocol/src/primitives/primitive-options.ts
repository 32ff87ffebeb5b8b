import type { CacheHints } from '../mcp/cache-hints.js';
import type { MethodDefinition } from './custom-methods.js';
import type { PromptDefinition } from './prompts.js';
import type { ResourceDefinition, ResourceTemplateDefinition } from './resources.js';
import type { ToolDefinition } from './tools/definition.js';

/** What the server offers: tools, resources, prompts, completions, logging, list changes and methods of its own. */
export interface McpPrimitiveOptions {
  tools?: ToolDefinition<any, any>[];
  /** Resources with a fixed URI (`resources/list`, `resources/read`). Declares `resources` when any. */
  resources?: ResourceDefinition[];
  /** Resource templates (`resources/templates/list`, read through `resources/read`). */
  resourceTemplates?: ResourceTemplateDefinition[];
  /** Prompts (`prompts/list`, `prompts/get`). Declares `prompts` when any. */
  prompts?: PromptDefinition[];
  /**
   * Request methods of the server's own (`acme/echo`), answered on both wires as MCP's are; see
   * {@link MethodDefinition} for the names a method may take.
   */
  methods?: MethodDefinition[];
  /**
   * Declares the `logging` capability: handlers' `context.log` messages go out on the request's SSE
   * stream (2025 wire: every level; 2026 wire: at or above the request's `_meta` logLevel).
   */
  logging?: boolean;
  /**
   * Announces list changes (`listChanged: true` on the declared tools, prompts and resources
   * capabilities): call `notifyListChanged` and 2026 clients listening with `subscriptions/listen`
   * get `notifications/<kind>/list_changed`. The 2025 wire has no stream to deliver them on.
   */
  listChanged?: boolean;
  /** Items per page of `resources/list`, `resources/templates/list` and `prompts/list` (default 100). */
  pageSize?: number;
  /**
   * Caching hints (MCP 2026-07-28, SEP-2549) on `server/discover` and `tools/list` of the 2026-07-28
   * wire. `public` only when the tool list is the same for every caller. Default: `ttlMs` 0, `private`.
   */
  cacheHints?: CacheHints;
  /**
   * Caching hints of `resources/read` on the 2026-07-28 wire; default {@link cacheHints}. Resources
   * that belong to a user say `{ ttlMs: 0, cacheScope: 'private' }`.
   */
  resourceReadCacheHints?: { ttlMs: number; cacheScope: 'public' | 'private' };
  /**
   * Secret (32+ characters) that seals `requestState` (AES-GCM); the same on every instance.
   * Without it each instance makes a random key, so a retried request must reach the same instance.
   */
  requestStateSecret?: string;
  /** How long a sealed `requestState` stays valid (default 10 minutes). */
  requestStateLifetimeMs?: number;
}
