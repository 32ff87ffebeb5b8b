/**
 * irs-forms (the form checks, the rules table), loaded by the first tool that needs it. A type
 * only: the loader itself is `loading/loaders.ts`'s, handed down to the tools and services.
 */
export type LoadIrsForms = () => Promise<typeof import('@filing-mcp/irs-forms')>;
