import { testDatabases } from '@filing-mcp/test-db';
import { afterAll, beforeAll, describe } from 'vitest';
import type { ConformanceDatabase, ConformanceTarget } from './conformance-target.js';
import { corsScenarios } from './scenarios/cors.js';
import { faxWebhookScenarios } from './scenarios/fax-webhook.js';
import { mcpAuthScenarios } from './scenarios/mcp-auth.js';
import { mcpModernScenarios } from './scenarios/mcp-modern.js';
import { mcpPointerScenarios } from './scenarios/mcp-pointer.js';
import { mcpTransportScenarios } from './scenarios/mcp-transport.js';
import { oauthApproveScenarios } from './scenarios/oauth-approve.js';
import { oauthAuthorizeScenarios } from './scenarios/oauth-authorize.js';
import { oauthMetadataScenarios } from './scenarios/oauth-metadata.js';
import { oauthRegisterScenarios } from './scenarios/oauth-register.js';
import { oauthRevokeScenarios } from './scenarios/oauth-revoke.js';
import { oauthTokenScenarios } from './scenarios/oauth-token.js';
import { paymentWebhookScenarios } from './scenarios/payment-webhook.js';
import { probeScenarios } from './scenarios/probes.js';
import { realClientScenarios } from './scenarios/real-clients.js';
import { signedCopyUploadScenarios } from './scenarios/signed-copy-upload.js';
import { toolScenarios } from './scenarios/tools.js';
import type { ScenarioContext } from './support/scenario-context.js';

const SCENARIOS = [
  mcpTransportScenarios,
  mcpModernScenarios,
  mcpAuthScenarios,
  corsScenarios,
  toolScenarios,
  oauthMetadataScenarios,
  oauthRegisterScenarios,
  oauthAuthorizeScenarios,
  oauthApproveScenarios,
  oauthTokenScenarios,
  oauthRevokeScenarios,
  realClientScenarios,
  probeScenarios,
  mcpPointerScenarios,
  faxWebhookScenarios,
  paymentWebhookScenarios,
  signedCopyUploadScenarios,
];

/** How a target's suite is registered. */
export interface ConformanceSuiteOptions {
  /**
   * Runs on one database only, for the reason given: it goes into the describe name, where the
   * both-databases check of `@filing-mcp/test-db` reads it.
   */
  only?: { database: ConformanceDatabase; because: string };
}

/**
 * Registers the whole conformance suite for one target, once per database (`${targetName} on
 * pglite`, `${targetName} on postgres`; `TEST_DB` keeps one, as in `testDatabases()`). The target
 * is created in `beforeAll` and closed in `afterAll`; scenarios within a block run in order, since
 * some move the target's clock forward.
 *
 * @example
 * ```ts
 * // adapters/node/test/conformance.test.ts
 * defineConformanceSuite('node', async ({ database }) => {
 *   const parts = await createTargetParts({ database, baseUrl });
 *   ... // start the server on a real socket, then:
 *   return { name: 'node', baseUrl, appUrl: parts.config.appUrl, fetch, ...parts, close };
 * });
 * ```
 */
export function defineConformanceSuite(
  targetName: string,
  createTarget: (options: { database: ConformanceDatabase }) => Promise<ConformanceTarget>,
  options: ConformanceSuiteOptions = {},
): void {
  const only = options.only;
  const databases = testDatabases()
    .map(({ name }) => name)
    .filter((database) => !only || database === only.database);
  for (const database of databases) {
    const why = only
      ? ` (${only.database === 'postgres' ? 'PostgreSQL' : 'PGlite'} only: ${only.because})`
      : '';
    describe(`${targetName} on ${database}${why}`, () => {
      let target: ConformanceTarget | undefined;
      const context: ScenarioContext = {
        firstDatabase: database === databases[0],
        get target() {
          if (!target) throw new Error(`conformance target ${targetName} on ${database} was not created`);
          return target;
        },
      };
      beforeAll(async () => {
        target = await createTarget({ database });
      });
      afterAll(async () => {
        await target?.close();
      });
      for (const scenarios of SCENARIOS) scenarios(context);
    });
  }
}
