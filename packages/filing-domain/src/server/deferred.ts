import { lazyOnce } from '@filing-mcp/protocol/internal';
import type { ListedTool } from '../tools/tool-options.js';
import { LIST_LIMIT_MAX_PLACEHOLDER, TOOLS_LIST_TEMPLATE } from '../tools/tools-list.generated.js';

// Every deferred load of filing-domain, and the one build-time trick that keeps zod off the cold
// path. Each `import()` of the package is here (save a provider's own, in a providers/ folder, which
// loads its vendor's code itself), with what it keeps off a cold start and what that measured
// (docs/performance.md, "Cold start and the Lambda bundle"); everything else imports statically.
// A module loaded from here cannot import this one (an import cycle): what it needs later is handed
// to it by the module that loads it (the OAuth server and the readiness check to the backend).

/**
 * The `tools` of the `tools/list` answer for a `limit` bound, from the list generated at build time
 * (`src/tools/tools-list.generated.ts`, emitted from the zod definitions; a test proves the two
 * equal byte for byte and fails when the file is stale). Keeps zod, every tool's schemas and the
 * JSON Schema emitter off `initialize` and `tools/list`: the Lambda bundle before `initialize`
 * holds no zod (77.6 KB) nor the tool definitions (about 80 KB), and building every tool's schemas
 * at once took 17-58 ms on this machine.
 */
export function listedFilingTools(listLimitMax: number): ListedTool[] {
  if (!Number.isSafeInteger(listLimitMax) || listLimitMax < 1) {
    throw new TypeError(`listLimitMax must be a positive integer, not ${listLimitMax}`);
  }
  const json = TOOLS_LIST_TEMPLATE.replaceAll(LIST_LIMIT_MAX_PLACEHOLDER, String(listLimitMax));
  return (JSON.parse(json) as { tools: ListedTool[] }).tools;
}

/**
 * The tool definitions (zod, every tool's schemas and handlers, the repository): loaded by the
 * first tool call, and started by the first credential's check so that they compile while the
 * database looks the credential up (`prefetchToolDefinitions`). Each tool's schemas are then
 * built by its own first call (`once()` in the schema modules): `get_form_schema` alone 1-5 ms,
 * every tool at once 17-58 ms.
 */
export const loadToolDefinitions = lazyOnce(() => import('../tools/filing-tool-definitions.js'));

/** Starts {@link loadToolDefinitions} without waiting; a failed load is left to the first call. */
export function prefetchToolDefinitions(): void {
  loadToolDefinitions().catch(() => undefined);
}

/**
 * The credential check (API keys by hash, as text; OAuth access tokens through the OAuth server),
 * loaded by the first credential beside the driver and before the database side below: the
 * first API key's lookup goes out as soon as pg has loaded and its connection is open, while
 * Kysely, the backend and the tool definitions still load (one core does all of that in turn; the
 * database's round trips are what can overlap it).
 */
export const loadAuthenticator = () => import('../auth/authenticate.js');

/**
 * The database side (rate limits, cleanup, key revocation: Kysely and the driver
 * behind `db`), loaded by the first request that needs the database: `initialize`, `tools/list`,
 * the probes' liveness and preflights load none of it.
 */
export const loadFilingBackend = () => import('./filing-backend.js');

/**
 * The OAuth server (oauth-core, jose, its Kysely store: about 55 KB of the Lambda bundle), loaded
 * by the first OAuth route, access token or cleanup: an API key's first `tools/call` loads none.
 */
export const loadOAuthServer = () =>
  Promise.all([import('@filing-mcp/oauth-core'), import('@filing-mcp/oauth-core/kysely')]);

/** The readiness check (the migration lists of both packages), loaded by the first `/readyz`. */
export const loadReadinessCheck = () => import('../probes/readiness-check.js');

/** The fax webhook (and the rules it records a filing date by), loaded by the first fax event. */
export const loadFaxWebhook = () => import('../submission/fax-webhook.js');

/**
 * The signed copies' routes (the submission store, the repository: Kysely; the PDF library with
 * the first upload), loaded by the first signed-copy link. Imported statically, they put Kysely and
 * the repository into the bundle a cold start loads before `initialize`.
 */
export const loadSignedCopyRoutes = () => import('../submission/signed-copy-routes.js');

/** The filing repository (Kysely's query builder), loaded by the first packet resource or link. */
export const loadFilingRepository = () => import('../storage/filing-repository.js');

/** The IRS rules and the packet's errors (irs-forms' tables, about 180 KB): loaded on first use. */
export const loadIrsForms = () => import('@filing-mcp/irs-forms');

/** oauth-core's body reader for the `/token` rate limit: the OAuth server loads with it anyway. */
export const loadOAuthCore = () => import('@filing-mcp/oauth-core');

/** The 404 of `/mcp` that names the MCP endpoint (its texts), loaded by the first request there. */
export const loadMcpPointer = () => import('./mcp-pointer.js');

/** The texts of the two interview prompts, loaded by the first `prompts/get`. */
export const loadInterviews = () => import('../prompts/interviews.js');

/** The reasonable-cause prompt's messages, loaded by its first prompts/get. */
export const loadReasonableCausePrompt = () => import('../prompts/reasonable-cause-prompt.js');

/** The payment webhook's module, loaded by the first payment event. */
export const loadPaymentWebhook = () => import('../payments/payment-webhook.js');
