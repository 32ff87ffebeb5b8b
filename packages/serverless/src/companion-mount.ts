import { createCompanionApp, type PacketService, SessionJwtSignIn } from '@filing-mcp/companion';
import { configFromEnv } from '@filing-mcp/filing-domain';
import type { FetchApp } from './fetch-app.js';
import type { ServerlessFilingServer } from './serverless-filing-server.js';

const trimmed = (value: string | undefined) => value?.trim() || undefined;

/**
 * The companion pages (`@filing-mcp/companion`: consent, API keys, filing pages) in front of the
 * server, under `APP_URL`'s path, as the Node adapter mounts them (`COMPANION=on`). They sign
 * session JWTs, so they need `SESSION_JWT_SECRET`. A function is reachable from the network and its
 * instances share no memory, so every page needs a sign-in with a session JWT
 * (`{APP_URL}/sign-in`, checked as `/approve` checks one): its stateless cookie holds for every
 * instance, and the pages act for the JWT's `sub`. Requests outside `APP_URL`'s path go to the
 * server. Throws naming the setting when one is missing.
 * @internal
 */
export async function mountCompanion(
  env: Record<string, string | undefined>,
  built: ServerlessFilingServer,
  packets: PacketService,
): Promise<FetchApp> {
  const sessionSecret = trimmed(env.SESSION_JWT_SECRET);
  if (!sessionSecret) {
    throw new Error(
      'COMPANION=on needs SESSION_JWT_SECRET: the companion pages sign session JWTs, which SESSION_JWKS_URL cannot verify.',
    );
  }
  const sessionIssuer = trimmed(env.SESSION_JWT_ISSUER);
  const sessionAudience = trimmed(env.SESSION_JWT_AUDIENCE);
  // The very options the server's /approve verifies session JWTs with (valid: the server started).
  const signIn = new SessionJwtSignIn({ session: configFromEnv(env).session, cookieSecret: sessionSecret });
  return createCompanionApp({
    // The pages query the database directly: it opens now, with the first request.
    db: await built.database(),
    // Both are set: the server above could not have started without them.
    appUrl: trimmed(env.APP_URL)!,
    baseUrl: trimmed(env.MCP_BASE_URL)!,
    // Unused: every page acts for the signed-in session's user.
    userId: trimmed(env.LOCAL_USER_ID) ?? 'local-user',
    sessionSecret,
    core: built.server,
    packets,
    signIn,
    ...(sessionIssuer && { sessionIssuer }),
    ...(sessionAudience && { sessionAudience }),
  });
}
