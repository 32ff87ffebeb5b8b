import { mountCompanion } from '@filing-mcp/companion';
import type { FetchApp } from './fetch-app.js';
import type { ServerlessFilingServer } from './serverless-filing-server.js';
import type { ServerlessSettings } from './serverless-settings.js';

/**
 * The companion pages (`@filing-mcp/companion`: consent, API keys, filing pages) in front of the
 * server, under `APP_URL`'s path, with `mountCompanion` as the Node adapter mounts them
 * (`COMPANION=on`; the settings refuse it without `SESSION_JWT_SECRET`). A function is reachable
 * from the network and its instances share no memory, so every page needs a sign-in with a session
 * JWT (`{APP_URL}/sign-in`, checked as `/approve` checks one): its stateless cookie holds for every
 * instance, and the pages act for the JWT's `sub`. The PDF links build through the server's packets
 * (its in-process builder). Requests outside `APP_URL`'s path go to the server.
 * @internal
 */
export async function mountServerlessCompanion(
  settings: ServerlessSettings,
  built: ServerlessFilingServer,
): Promise<FetchApp> {
  const { session, appUrl, baseUrl } = settings.config;
  return mountCompanion(built.server, {
    // The pages query the database directly: it opens now, with the first request.
    db: await built.database(),
    appUrl,
    baseUrl,
    // Unused: every page acts for the signed-in session's user.
    userId: settings.localUserId,
    session,
    signIn: 'session',
  });
}
