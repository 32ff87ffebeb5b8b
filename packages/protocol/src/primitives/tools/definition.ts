import type * as z from 'zod';
import type { AuthInfo } from '../../context/auth-info.js';
import type { HandlerContext } from '../handler-context.js';
import type { InputRequired } from '../input-required.js';
import type { ToolResult } from '../content.js';

/**
 * What a tool handler receives besides its validated arguments: the {@link HandlerContext}
 * (request, cancellation signal, progress, logging, input responses) with the caller always known.
 */
export interface ToolContext extends HandlerContext {
  /**
   * The caller. Present for every tool call that passed authentication (tools/call requires it by
   * default); with `requireAuth: 'none'`, an anonymous call gets `{ userId: '' }`.
   */
  auth: AuthInfo;
}

/** MCP tool annotations (hints for agents). */
export interface ToolAnnotations {
  title?: string;
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
}

/**
 * A tool: name, human text, zod input schema (must be a `z.object`), optional zod output schema,
 * annotations and a handler. The handler's resolved value becomes `structuredContent` (it must be a
 * plain object) and one text item with the same JSON. Throw {@link ToolError} for an expected domain
 * failure (becomes an `isError` result with its message); any other throw is an internal error whose
 * message is not shown to the client.
 */
export interface ToolDefinition<
  Input extends z.ZodObject<any> = z.ZodObject<any>,
  Output extends Record<string, unknown> = Record<string, unknown>,
> {
  name: string;
  title?: string;
  description: string;
  /**
   * The zod schema the arguments are validated with, or a function building it (sync or async),
   * called on the tool's first call and cached: a server then builds no zod schema, or loads no
   * zod at all, before a tool is called. A function needs `inputJsonSchema` for `tools/list`.
   */
  inputSchema: Input | LazySchema<Input>;
  /**
   * The input schema `tools/list` shows, verbatim (JSON Schema 2020-12 kept intact: `$schema`,
   * `$defs`, `$anchor`, `allOf`/`anyOf`, `if`/`then`/`else`, `additionalProperties`, and
   * `x-mcp-header` annotations). Root `type` must be `"object"`. Arguments are still validated
   * with `inputSchema`. Without it, the listed schema is derived from `inputSchema`.
   */
  inputJsonSchema?: Readonly<Record<string, unknown>>;
  /** The result's zod schema, or a function building it on first use (then give `outputJsonSchema`). */
  outputSchema?: z.ZodObject<any> | LazySchema<z.ZodObject<any>>;
  /**
   * The output schema `tools/list` shows, verbatim (root `type` must be `"object"`), e.g. emitted at
   * build time from `outputSchema`. Without it, the listed schema is derived from `outputSchema`.
   */
  outputJsonSchema?: Readonly<Record<string, unknown>>;
  annotations?: ToolAnnotations;
  /**
   * Runs the tool. A plain object becomes `structuredContent` plus one text item with its JSON;
   * {@link toolResult} answers a full `CallToolResult` (any content kinds);
   * {@link inputRequired} asks the client for input first (2026 wire). A handler that answers the same deeply frozen object again (a static result,
   * e.g. a schema descriptor) has it validated and serialized once; the bytes are reused while the
   * object lives. Freeze it deeply: nested objects are not checked again.
   */
  handler: (
    args: z.output<Input>,
    context: ToolContext,
  ) => Promise<Output | ToolResult | InputRequired> | Output | ToolResult | InputRequired;
}

/** A zod schema built on first use (see `ToolDefinition.inputSchema`). */
export type LazySchema<Schema extends z.ZodObject<any>> = () => Schema | Promise<Schema>;
