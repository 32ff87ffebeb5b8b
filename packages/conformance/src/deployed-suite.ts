import type { ConformanceTarget } from './conformance-target.js';
import { defineConformanceSuite } from './define-conformance-suite.js';
import { createProcessClock } from './process-clock.js';
import { createTargetParts, deployedEnvironment } from './target-parts.js';

/** A deployed entry that a provider's runtime serves in its own process, as a test started it. */
export interface DeployedFunction {
  /** Answers a request to the public URL as the provider's front end would. */
  fetch: ConformanceTarget['fetch'];
  /** Stops the runtime. */
  close(): Promise<void>;
}

/**
 * Registers the conformance suite for a deployed entry run by a provider's own runtime in another
 * process (Vercel, Lambda). That process is configured from its environment as deployed and reads
 * the suite's clock from a file, so it needs PostgreSQL (by URL); packets are served, since the IRS
 * templates ship beside the deployed code.
 *
 * @param runtime - Whose process runs the function, for the describe name (`the Vercel runtime`).
 * @param start - Starts the runtime with the deployed environment and the clock's preload.
 */
export function defineDeployedSuite(
  targetName: string,
  options: {
    baseUrl: string;
    runtime: string;
    start: (launch: { env: Record<string, string>; preload: string[] }) => Promise<DeployedFunction>;
  },
): void {
  defineConformanceSuite(
    targetName,
    async ({ database }) => {
      const parts = await createTargetParts({ database, baseUrl: options.baseUrl });
      const processClock = createProcessClock(parts.clock);
      let deployed: DeployedFunction;
      try {
        deployed = await options.start({
          env: { ...deployedEnvironment(parts), ...processClock.env },
          preload: [processClock.preload],
        });
      } catch (error) {
        await parts.close();
        processClock.close();
        throw error;
      }
      return {
        name: targetName,
        baseUrl: parts.config.baseUrl,
        appUrl: parts.config.appUrl,
        fetch: deployed.fetch,
        sessionSecret: parts.sessionSecret,
        db: parts.db,
        createApiKey: parts.createApiKey,
        signFaxEvent: parts.signFaxEvent,
        stripe: parts.stripe,
        // The function's process reads the same offset.
        clock: processClock.clock,
        packetResources: true,
        async close() {
          await deployed.close();
          await parts.close();
          processClock.close();
        },
      };
    },
    {
      only: {
        database: 'postgres',
        because: `the function runs in ${options.runtime}'s own process and reaches its database through DATABASE_URL; the core and node targets run these scenarios on PGlite`,
      },
    },
  );
}
