import { CompanionSignIn, createCompanionApp, type PacketService } from '@filing-mcp/companion';
import type { FetchApp } from './fetch-app.js';
import type { ServerlessFilingServer } from './serverless-filing-server.js';

const trimmed = (value: string | undefined) => value?.trim() || undefined;

/**
 * The companion pages (`@filing-mcp/companion`: consent, API keys, filing pages) in front of the
 * server, under `APP_URL`'s path, as the Node adapter mounts them (`COMPANION=on`). They act for
 * one user (`LOCAL_USER_ID`, default `local-user`) and sign session JWTs, so they need
 * `SESSION_JWT_SECRET`. A function is reachable from the network, so every page needs the one-time
 * sign-in link's session; the link's token is made per instance and never logged. Requests outside
 * `APP_URL`'s path go to the server. Throws naming the setting when one is missing.
 * @internal
 */
export async function mountCompanion(
  env: Record<string, string | undefined>,
  built: ServerlessFilingServer,
  packets: PacketService,
  signIn: CompanionSignIn = new CompanionSignIn(),
): Promise<FetchApp> {
  const sessionSecret = trimmed(env.SESSION_JWT_SECRET);
  if (!sessionSecret) {
    throw new Error(
      'COMPANION=on needs SESSION_JWT_SECRET: the companion pages sign session JWTs, which SESSION_JWKS_URL cannot verify.',
    );
  }
  const sessionIssuer = trimmed(env.SESSION_JWT_ISSUER);
  const sessionAudience = trimmed(env.SESSION_JWT_AUDIENCE);
  return createCompanionApp({
    // The pages query the database directly: it opens now, with the first request.
    db: await built.database(),
    // Both are set: the server above could not have started without them.
    appUrl: trimmed(env.APP_URL)!,
    baseUrl: trimmed(env.MCP_BASE_URL)!,
    userId: trimmed(env.LOCAL_USER_ID) ?? 'local-user',
    sessionSecret,
    core: built.server,
    packets,
    signIn,
    ...(sessionIssuer && { sessionIssuer }),
    ...(sessionAudience && { sessionAudience }),
  });
}
