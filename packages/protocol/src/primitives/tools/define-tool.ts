import type * as z from 'zod';
import type { ToolDefinition } from './definition.js';

/**
 * Identity function that lets TypeScript infer a handler's argument type from its zod input
 * schema, which a plain `ToolDefinition[]` literal cannot do.
 *
 * @example
 * ```ts
 * const getForecast = defineTool({
 *   name: 'get_forecast',
 *   description: 'Three-day forecast for a city.',
 *   inputSchema: z.object({ city: z.string() }),
 *   handler: ({ city }) => ({ city, days: [] }),
 * });
 * ```
 */
export function defineTool<Input extends z.ZodObject<any>, Output extends Record<string, unknown>>(
  tool: ToolDefinition<Input, Output>,
): ToolDefinition<Input, Output> {
  return tool;
}
