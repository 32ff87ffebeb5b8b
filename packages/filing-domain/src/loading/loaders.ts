// The ground floor's loaders: every `import()` in filing-domain of a package beneath it (irs-forms,
// oauth-core), each with what it keeps off a cold start (docs/performance.md, "Cold start and the
// Lambda bundle"). This module imports nothing of filing-domain, so any floor may use it
// (scripts/check-import-cycles.mjs, FLOORS). A deferred load of one of filing-domain's own modules
// sits beside its user and loads that user's floor or one below, never a higher one: the server
// loads its parts (server/server-loads.ts), the tools their definitions (tools/filing-tools.ts),
// the prompts their texts, the resources the repository.

/** The IRS rules and the packet's errors (irs-forms' tables, about 180 KB): loaded on first use. */
export const loadIrsForms = () => import('@filing-mcp/irs-forms');

/**
 * irs-forms' PDF side (@cantoo/pdf-lib, its fonts and parsers, the packet builder: about 600 KB),
 * loaded by the first signed copy checked or packet built in process.
 */
export const loadIrsPdf = () => import('@filing-mcp/irs-forms/pdf');

/**
 * The OAuth server (oauth-core, jose, its Kysely store: about 55 KB of the Lambda bundle), loaded
 * by the first OAuth route, access token or cleanup: an API key's first `tools/call` loads none.
 */
export const loadOAuthServer = () =>
  Promise.all([import('@filing-mcp/oauth-core'), import('@filing-mcp/oauth-core/kysely')]);

/** oauth-core's body reader for the `/token` rate limit: the OAuth server loads with it anyway. */
export const loadOAuthCore = () => import('@filing-mcp/oauth-core');
