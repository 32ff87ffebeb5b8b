/**
 * An expected, user-facing failure of a tool (for example `Filing not found`). Thrown from a
 * handler, it becomes a tool result `{ isError: true, content: [{ type: 'text', text: message }] }`
 * rather than a JSON-RPC error, so the agent can read the message and react. Any other error thrown
 * by a handler is treated as a bug: the client sees only a generic internal error.
 *
 * @example
 * ```ts
 * if (!filing) throw new ToolError('Filing not found');
 * ```
 */
export class ToolError extends Error {
  /** Stable code for logs and `instanceof`-free checks across bundles. */
  readonly code = 'tool_error';

  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ToolError';
  }
}
