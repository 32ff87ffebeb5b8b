import { createCompanionApp, type PacketService, SessionJwtSignIn } from '@filing-mcp/companion';
import type { FetchApp } from './fetch-app.js';
import type { ServerlessFilingServer } from './serverless-filing-server.js';
import type { ServerlessSettings } from './serverless-settings.js';

/**
 * The companion pages (`@filing-mcp/companion`: consent, API keys, filing pages) in front of the
 * server, under `APP_URL`'s path, as the Node adapter mounts them (`COMPANION=on`). They sign
 * session JWTs, so they need `SESSION_JWT_SECRET` (the settings refuse `COMPANION=on` without it).
 * A function is reachable from the network and its instances share no memory, so every page needs
 * a sign-in with a session JWT (`{APP_URL}/sign-in`, checked as `/approve` checks one): its
 * stateless cookie holds for every instance, and the pages act for the JWT's `sub`. Requests
 * outside `APP_URL`'s path go to the server.
 * @internal
 */
export async function mountCompanion(
  settings: ServerlessSettings,
  built: ServerlessFilingServer,
  packets: PacketService,
): Promise<FetchApp> {
  const { session, appUrl, baseUrl } = settings.config;
  const sessionSecret = session.secret;
  if (sessionSecret === undefined) throw new Error('COMPANION=on needs SESSION_JWT_SECRET.');
  // The very options the server's /approve verifies session JWTs with.
  const signIn = new SessionJwtSignIn({ session, cookieSecret: sessionSecret });
  return createCompanionApp({
    // The pages query the database directly: it opens now, with the first request.
    db: await built.database(),
    appUrl,
    baseUrl,
    // Unused: every page acts for the signed-in session's user.
    userId: settings.localUserId,
    sessionSecret,
    core: built.server,
    packets,
    signIn,
    ...(session.issuer && { sessionIssuer: session.issuer }),
    ...(session.audience && { sessionAudience: session.audience }),
  });
}
