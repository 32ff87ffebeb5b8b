import { createRequestStateSeal } from './input-required.js';
import type { PrimitiveServices } from './handler-context.js';
import type { McpPrimitiveOptions } from './primitive-options.js';
import type { RetryableError } from '../jsonrpc/retryable-error.js';
import { completionsPrimitive } from './completions.js';
import { customMethodsPrimitive } from './custom-methods.js';
import { loggingPrimitive } from './logging.js';
import { createMethodTable, type MethodTable } from './method-table.js';
import { promptsPrimitive } from './prompts.js';
import { resourcesPrimitive } from './resources.js';
import { toolsPrimitive } from './tools/call.js';

const DEFAULT_PAGE_SIZE = 100;

/** The server's primitives as one method table, and whether it declares `logging`. */
export interface Primitives {
  table: MethodTable;
  logging: boolean;
}

/**
 * Builds every primitive the options name (tools always; the others, and the server's own methods,
 * when given) into one table.
 */
export function createPrimitives(
  options: McpPrimitiveOptions & { retryableError?: (error: unknown) => RetryableError | undefined },
  reportError: PrimitiveServices['reportError'],
): Primitives {
  const services: PrimitiveServices = {
    reportError,
    ...(options.retryableError !== undefined && { retryableError: options.retryableError }),
    seal: createRequestStateSeal({
      secret: options.requestStateSecret,
      lifetimeMs: options.requestStateLifetimeMs,
    }),
    logging: options.logging === true,
    pageSize: options.pageSize ?? DEFAULT_PAGE_SIZE,
  };
  const resources = resourcesPrimitive(
    options.resources ?? [],
    options.resourceTemplates ?? [],
    services,
    options.resourceReadCacheHints,
  );
  const prompts = promptsPrimitive(options.prompts ?? [], services);
  const hasCompleter =
    (options.prompts ?? []).some((prompt) => prompt.arguments?.some((argument) => argument.complete)) ||
    (options.resourceTemplates ?? []).some((template) => Object.keys(template.complete ?? {}).length > 0);
  const completions = completionsPrimitive(
    {
      prompt: (name, argument) => prompts.completerFor(name, argument),
      resource: (uriTemplate, variable) => resources.completerFor(uriTemplate, variable),
    },
    hasCompleter,
    services,
  );
  const table = createMethodTable([
    toolsPrimitive(options.tools ?? [], services),
    resources,
    prompts,
    completions,
    loggingPrimitive(services.logging),
    // Last: a method of one's own that another primitive answers already is refused as registered twice.
    customMethodsPrimitive(options.methods ?? [], services),
  ]);
  return { table, logging: services.logging };
}
